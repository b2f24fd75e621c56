// Both Streamable HTTP endpoints, the gateway's /mcp and the standalone server's, as MCP
// clients and browsers reach them over real HTTP: Origin (DNS-rebinding protection) and the
// MCP-Protocol-Version header (MCP spec 2025-11-25, transports).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INITIALIZE_REQUEST } from '@momentum/mcp-tools/testing';
import { LATEST_PROTOCOL_VERSION } from '@modelcontextprotocol/sdk/types.js';
import { gatewayUrl, newUser, type TestUser } from '../support/e2e.js';
import { standaloneUrl } from '../../libs/mcp-tools/test/support/e2e-fixtures.js';

const surfaces = [
  ['gateway /mcp', () => gatewayUrl()],
  ['standalone /mcp', () => standaloneUrl()],
] as const;

let user: TestUser;
beforeAll(async () => {
  user = await newUser();
});

const post = (base: string, body: unknown, headers: Record<string, string> = {}) =>
  fetch(`${base}/mcp`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      accept: 'application/json, text/event-stream',
      authorization: `Bearer ${user.apiKey}`,
      ...headers,
    },
    body: JSON.stringify(body),
  });

const toolsList = { jsonrpc: '2.0', id: 2, method: 'tools/list', params: {} };

describe.each(surfaces)('%s', (_name, baseOf) => {
  const sessions: string[] = [];
  afterAll(async () => {
    for (const id of sessions)
      await fetch(`${baseOf()}/mcp`, {
        method: 'DELETE',
        headers: { authorization: `Bearer ${user.apiKey}`, 'mcp-session-id': id },
      });
  });

  it('refuses a browser Origin it does not admit with 403, before the key is even looked at', async () => {
    for (const origin of ['http://evil.example', 'http://evil.example:3000', 'null']) {
      const res = await post(baseOf(), INITIALIZE_REQUEST, { origin });
      expect(res.status, origin).toBe(403);
      expect(await res.text(), origin).toMatch(/origin/i);
      // Without a key too: a rebound page learns nothing (no 401 that says a key is needed).
      const keyless = await fetch(`${baseOf()}/mcp`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin },
        body: JSON.stringify(INITIALIZE_REQUEST),
      });
      expect(keyless.status, origin).toBe(403);
    }
    // A rebinding: the page's Origin names the attacker's host, and so does Host.
    const host = new URL(baseOf()).host;
    const rebound = await post(baseOf(), INITIALIZE_REQUEST, {
      origin: `http://attacker.example:${host.split(':')[1]}`,
    });
    expect(rebound.status).toBe(403);
  });

  it('admits its own origin and a request without Origin (non-browser clients)', async () => {
    const own = await post(baseOf(), INITIALIZE_REQUEST, { origin: new URL(baseOf()).origin });
    expect(own.status).toBe(200);
    const loopbackName = await post(baseOf(), INITIALIZE_REQUEST, {
      origin: `http://localhost:${new URL(baseOf()).port}`,
    });
    expect(loopbackName.status).toBe(200);
    const none = await post(baseOf(), INITIALIZE_REQUEST);
    expect(none.status).toBe(200);
    for (const res of [own, loopbackName, none]) {
      const id = res.headers.get('mcp-session-id');
      if (id) sessions.push(id);
    }
  });

  it('answers 400 to an MCP-Protocol-Version it does not support, in a session and without one', async () => {
    const opened = await post(baseOf(), INITIALIZE_REQUEST);
    expect(opened.status).toBe(200);
    const session = opened.headers.get('mcp-session-id');
    expect(session).toBeTruthy();
    sessions.push(session!);
    await post(
      baseOf(),
      { jsonrpc: '2.0', method: 'notifications/initialized' },
      { 'mcp-session-id': session! },
    );
    for (const version of ['1999-01-01', '2025-13-45', 'latest']) {
      const inSession = await post(baseOf(), toolsList, {
        'mcp-session-id': session!,
        'mcp-protocol-version': version,
      });
      expect(inSession.status, version).toBe(400);
      const body = (await inSession.json()) as { error: { message: string } };
      expect(body.error.message, version).toMatch(/Unsupported protocol version/);
      const stateless = await post(baseOf(), toolsList, { 'mcp-protocol-version': version });
      expect(stateless.status, version).toBe(400);
    }
  });

  it('serves a supported version, and assumes the default (2025-03-26) when the header is absent', async () => {
    for (const headers of [
      { 'mcp-protocol-version': LATEST_PROTOCOL_VERSION },
      { 'mcp-protocol-version': '2025-06-18' },
      { 'mcp-protocol-version': '2025-03-26' },
      {} as Record<string, string>,
    ]) {
      const res = await post(baseOf(), toolsList, headers);
      expect(res.status, JSON.stringify(headers)).toBe(200);
      const body = (await res.json()) as { result: { tools: unknown[] } };
      expect(body.result.tools.length).toBeGreaterThan(0);
    }
  });

  it('negotiates the latest revision the SDK supports on initialize', async () => {
    const res = await post(baseOf(), {
      ...INITIALIZE_REQUEST,
      params: { ...INITIALIZE_REQUEST.params, protocolVersion: LATEST_PROTOCOL_VERSION },
    });
    expect(res.status).toBe(200);
    const id = res.headers.get('mcp-session-id');
    if (id) sessions.push(id);
    const text = await res.text();
    const json = JSON.parse(text.startsWith('{') ? text : text.replace(/^[\s\S]*?data: /, '')) as {
      result: { protocolVersion: string };
    };
    expect(json.result.protocolVersion).toBe(LATEST_PROTOCOL_VERSION);
  });
});
