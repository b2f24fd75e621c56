import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GatewayConfigSchema } from '../../src/config.js';
import { mcpOrigins } from '../../src/mcp/origin.js';
import { mcpExtension } from '../../src/mcp/extension.js';
import { startTestGateway, userActor, type TestGateway } from '../support/harness.js';

let gw: TestGateway;
let configured: TestGateway;
let key: string;

beforeAll(async () => {
  [gw, configured] = await Promise.all([
    startTestGateway({
      env: { PORT: '3000', CORS_ORIGINS: 'https://app.example.com' },
      extensions: [mcpExtension],
    }),
    startTestGateway({
      env: { PORT: '3000', MCP_ALLOWED_ORIGINS: 'https://agents.example.com' },
      extensions: [mcpExtension],
    }),
  ]);
  key = await gw.keyring.add(userActor('u1'));
  await configured.keyring.add(userActor('u1'));
});
afterAll(() => Promise.all([gw.close(), configured.close()]));

const initialize = (app: TestGateway['app'], headers: Record<string, string>) =>
  app.inject({
    method: 'POST',
    url: '/mcp',
    headers: {
      'content-type': 'application/json',
      accept: 'application/json, text/event-stream',
      ...headers,
    },
    payload: {
      jsonrpc: '2.0',
      id: 1,
      method: 'initialize',
      params: {
        protocolVersion: '2025-06-18',
        capabilities: {},
        clientInfo: { name: 't', version: '1' },
      },
    },
  });

describe('/mcp and the Origin header (DNS-rebinding protection)', () => {
  it('admits by default its own origins and the CORS allowlist', () => {
    const config = GatewayConfigSchema.parse({
      INTERNAL_SECRET: 'x'.repeat(32),
      PORT: '3000',
      CORS_ORIGINS: 'http://localhost:*',
    });
    expect(mcpOrigins(config)).toEqual([
      'http://127.0.0.1:3000',
      'http://localhost:3000',
      'http://[::1]:3000',
      'http://localhost:*',
    ]);
    expect(() =>
      GatewayConfigSchema.parse({ INTERNAL_SECRET: 'x'.repeat(32), MCP_ALLOWED_ORIGINS: 'evil' }),
    ).toThrow(/not an origin/);
  });

  it('answers 403 FORBIDDEN to any other Origin, before authentication', async () => {
    const refused: Array<Record<string, string>> = [
      { origin: 'https://evil.example', authorization: `Bearer ${key}` },
      { origin: 'https://evil.example' },
      { origin: 'http://localhost:5173' },
      { origin: 'null' },
    ];
    for (const headers of refused) {
      const res = await initialize(gw.app, headers);
      expect(res.statusCode, headers.origin).toBe(403);
      expect(res.json().error.code).toBe('FORBIDDEN');
    }
    // Nothing reached a service, not even the key lookup.
    expect(gw.seen).toEqual([]);
  });

  it('serves its own origin, the allowlist and a request without Origin', async () => {
    for (const origin of [
      'http://127.0.0.1:3000',
      'http://localhost:3000',
      'https://app.example.com',
      undefined,
    ]) {
      const res = await initialize(gw.app, {
        authorization: `Bearer ${key}`,
        ...(origin ? { origin } : {}),
      });
      expect(res.statusCode, origin).toBe(200);
    }
  });

  it('leaves the other paths to CORS alone', async () => {
    const res = await gw.app.inject({
      method: 'GET',
      url: '/api/tasks',
      headers: { origin: 'https://evil.example', authorization: `Bearer ${key}` },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('MCP_ALLOWED_ORIGINS replaces the default list', async () => {
    const other = await configured.keyring.add(userActor('u2'));
    const allowed = await initialize(configured.app, {
      origin: 'https://agents.example.com',
      authorization: `Bearer ${other}`,
    });
    expect(allowed.statusCode).toBe(200);
    const own = await initialize(configured.app, {
      origin: 'http://127.0.0.1:3000',
      authorization: `Bearer ${other}`,
    });
    expect(own.statusCode).toBe(403);
  });
});
