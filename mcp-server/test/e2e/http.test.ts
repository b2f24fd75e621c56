import { describe, expect, it } from 'vitest';
import { connectClient, httpTransport, postInitialize } from '@momentum/mcp-tools/testing';
import { api } from '../../../test/support/e2e.js';
import {
  standaloneUrl,
  useWorkspaceClient,
} from '../../../libs/mcp-tools/test/support/e2e-fixtures.js';
import { STANDALONE_TOOLS, asAgent, itAnswersEveryTool } from '../support/every-tool.js';

/** The standalone server as the e2e stack starts it: `--http` on MCP_PORT, calling the gateway. */
const mcpUrl = () => `${standaloneUrl()}/mcp`;
const connect = (key: string) => connectClient(httpTransport(mcpUrl(), key));

const initialize = (authorization?: string, body?: string) =>
  postInitialize(mcpUrl(), authorization, body);

describe('mcp-server over Streamable HTTP (--http)', () => {
  const { ws, mcp } = useWorkspaceClient(connect);

  it('GET /health answers without a key', async () => {
    const res = await fetch(`${standaloneUrl()}/health`);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ status: 'ok' });
  });

  it('GET /ready answers 200 without a key while the gateway answers (the readiness probe)', async () => {
    const res = await fetch(`${standaloneUrl()}/ready`);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ status: 'ready' });
  });

  it('answers 404 off /mcp, 400 to a body that is not JSON and 405 to GET (stateless)', async () => {
    const key = `Bearer ${ws.user.apiKey}`;
    const elsewhere = await fetch(`${standaloneUrl()}/other`);
    expect(elsewhere.status).toBe(404);
    const notJson = await initialize(key, '{"jsonrpc":');
    expect(notJson.status).toBe(400);
    expect(await notJson.json()).toEqual({
      jsonrpc: '2.0',
      error: { code: -32700, message: expect.stringMatching(/^Parse error/) },
      id: null,
    });
    const get = await fetch(mcpUrl(), {
      headers: { authorization: key, accept: 'text/event-stream' },
    });
    expect(get.status).toBe(405);
    expect(get.headers.get('allow')).toBe('POST');
  });

  it('refuses a missing key itself and a key the gateway refuses, both 401 in shape A', async () => {
    const missing = await initialize();
    expect(missing.status).toBe(401);
    // OAuth is on in the e2e stack: every 401 names this server's resource metadata.
    const metadata = `resource_metadata="${mcpUrl().replace(/\/mcp$/, '')}/.well-known/oauth-protected-resource/mcp"`;
    expect(missing.headers.get('www-authenticate')).toBe(`Bearer realm="momentum", ${metadata}`);
    expect(await missing.json()).toEqual({
      error: { code: 'UNAUTHORIZED', message: expect.stringMatching(/Bearer svc_/) },
    });
    const unknown = await initialize('Bearer svc_unknown_key');
    expect(unknown.status).toBe(401);
    // Says the key was refused, so a client reports that rather than starting an OAuth flow.
    expect(unknown.headers.get('www-authenticate')).toBe(
      `Bearer realm="momentum", ${metadata}, error="invalid_token", error_description="Invalid, revoked or inactive API key"`,
    );
    expect(await unknown.json()).toEqual({
      error: { code: 'UNAUTHORIZED', message: expect.any(String) },
    });
    await expect(connect('svc_unknown_key')).rejects.toThrow(/UNAUTHORIZED/);
  });

  it('offers the seventeen standalone tools, a list that never changes', async () => {
    const { tools } = await mcp.client.listTools();
    expect(tools.map((t) => t.name).sort()).toEqual([...STANDALONE_TOOLS].sort());
    expect(mcp.client.getServerVersion()?.name).toBe('momentum-standalone');
    expect(mcp.client.getServerCapabilities()?.tools).toEqual({ listChanged: false });
  });

  itAnswersEveryTool(mcp, ws);

  it("passes each client's own key through: an agent key acts as the agent", () =>
    asAgent(connect, ws));

  it('a key revoked after connecting makes tool calls fail as UNAUTHORIZED, without a crash', async () => {
    const extra = await api(ws.user.apiKey, 'POST', '/api/users/me/api-keys');
    const client = await connect(extra.body.data.apiKey);
    try {
      expect((await client.ok('get_me')).me.id).toBe(ws.user.id);
      expect(
        (await api(ws.user.apiKey, 'DELETE', `/api/users/me/api-keys/${extra.body.data.id}`))
          .status,
      ).toBe(204);
      expect(await client.fail('list_projects')).toMatchObject({
        code: 'UNAUTHORIZED',
        status: 401,
      });
    } finally {
      await client.close();
    }
  });
});
