import { describe, expect, it } from 'vitest';
import { connectClient, httpTransport } from '@momentum/mcp-tools/testing';
import { api, eventually, gatewayUrl, newUser } from '../support/e2e.js';
import { standaloneUrl } from '../../libs/mcp-tools/test/support/e2e-fixtures.js';

const READ_ONLY = ['tasks:read', 'issues:read', 'projects:read'];
const WRITE_TOOLS = ['create_task', 'update_task', 'add_comment', 'complete_task', 'archive_task'];

/** A key of `owner` minted with a grant; the reply is checked on the way. */
async function mintKey(ownerKey: string, grant: object): Promise<string> {
  const res = await api(ownerKey, 'POST', '/api/users/me/api-keys', grant);
  expect(res.status, res.text).toBe(201);
  return res.body.data.apiKey as string;
}

describe('API keys with scopes and expiry, end to end', () => {
  it('a read-only key lists but cannot create, and says what it may do', async () => {
    const user = await newUser();
    const expiresAt = new Date(Date.now() + 86_400_000).toISOString();
    const key = await mintKey(user.apiKey, { name: 'reader', scopes: READ_ONLY, expiresAt });

    const listed = await api(key, 'GET', '/api/tasks');
    expect(listed.status).toBe(200);
    expect(listed.body.data).toEqual([]);
    const created = await api(key, 'POST', '/api/tasks', {
      title: 'not allowed',
      type: 'todo',
      difficulty: 'easy',
    });
    expect(created.status).toBe(403);
    expect(created.body).toEqual({
      error: {
        code: 'FORBIDDEN',
        message: expect.stringContaining('tasks:write'),
        details: { requiredScope: 'tasks:write' },
      },
    });
    expect((await api(user.apiKey, 'GET', '/api/tasks')).body.data).toEqual([]);

    const me = await api(key, 'GET', '/api/me');
    expect(me.status).toBe(200);
    expect(me.body.data).toMatchObject({ id: user.id, scopes: READ_ONLY, expiresAt });

    // It cannot mint itself a stronger key, nor see the keys.
    const mint = await api(key, 'POST', '/api/users/me/api-keys', {});
    expect(mint.status).toBe(403);
    expect(mint.body.error.details).toEqual({ requiredScope: 'keys:write' });

    // lastUsedAt is written off the request path, at the gateway's first verification.
    const keys = await eventually(async () => {
      const res = await api(user.apiKey, 'GET', '/api/users/me/api-keys');
      const mine = res.body.data.find((k: { name: string }) => k.name === 'reader');
      return mine?.lastUsedAt ? res : null;
    });
    expect(keys.body.data).toContainEqual({
      id: expect.any(String),
      keyId: expect.any(String),
      name: 'reader',
      scopes: READ_ONLY,
      expiresAt,
      createdAt: expect.any(String),
      lastUsedAt: expect.any(String),
    });
    expect(keys.text).not.toContain(key);
  });

  it('an agent key minted read-only is refused writes in shape B on /api/agents', async () => {
    const user = await newUser();
    const agent = await api(user.apiKey, 'POST', '/api/agents', { name: 'reader bot' });
    const minted = await api(user.apiKey, 'POST', `/api/agents/${agent.body.data.id}/api-key`, {
      scopes: ['projects:read'],
    });
    expect(minted.status).toBe(201);
    expect(minted.body.data).toMatchObject({ scopes: ['projects:read'], expiresAt: null });
    const agentKey = minted.body.data.apiKey as string;
    expect((await api(agentKey, 'GET', '/api/projects')).status).toBe(200);
    const agents = await api(agentKey, 'GET', '/api/agents');
    expect(agents.status).toBe(403);
    expect(agents.body).toEqual({
      statusCode: 403,
      message: expect.stringContaining('agents:read'),
    });
    const unknown = await api(user.apiKey, 'POST', `/api/agents/${agent.body.data.id}/regen-key`, {
      scopes: ['everything'],
    });
    expect(unknown.status).toBe(422);
    expect(unknown.body).toEqual({
      statusCode: 422,
      message: expect.stringContaining('"everything"'),
    });
  });

  it('an expired key is 401 invalid_token saying it expired', async () => {
    const user = await newUser();
    const expiresAt = Date.now() + 5000;
    const key = await mintKey(user.apiKey, { expiresAt: new Date(expiresAt).toISOString() });
    expect((await api(key, 'GET', '/api/me')).status).toBe(200);
    await new Promise((r) => setTimeout(r, Math.max(0, expiresAt - Date.now()) + 200));
    const res = await api(key, 'GET', '/api/me');
    expect(res.status).toBe(401);
    expect(res.headers.get('www-authenticate')).toMatch(
      /error="invalid_token", error_description="the API key expired/,
    );
    expect(res.body).toEqual({
      error: { code: 'UNAUTHORIZED', message: expect.stringMatching(/expired/) },
    });
  });

  for (const [surface, url] of [
    ['the gateway /mcp', () => `${gatewayUrl()}/mcp`],
    ['mcp-server', () => `${standaloneUrl()}/mcp`],
  ] as const) {
    it(`${surface}: tools/list with a read-only key hides the write tools, which answer FORBIDDEN`, async () => {
      const user = await newUser();
      const reader = await mintKey(user.apiKey, { scopes: READ_ONLY });
      const mcp = await connectClient(httpTransport(url(), reader));
      try {
        const names = (await mcp.client.listTools()).tools.map((t) => t.name);
        expect(names).toEqual(
          expect.arrayContaining(['list_tasks', 'get_task', 'list_projects', 'get_me']),
        );
        for (const tool of [...WRITE_TOOLS, 'create_project', 'create_webhook', 'list_webhooks'])
          expect(names).not.toContain(tool);
        expect(await mcp.ok('list_tasks', {})).toMatchObject({ tasks: [] });
        const refused = await mcp.fail('create_task', {
          title: 'nope',
          type: 'todo',
          difficulty: 'easy',
        });
        expect(refused).toMatchObject({
          code: 'FORBIDDEN',
          details: { requiredScope: 'tasks:write' },
          status: 403,
        });
      } finally {
        await mcp.close();
      }
      // A key with every scope still sees every tool.
      const full = await connectClient(httpTransport(url(), user.apiKey));
      try {
        const names = (await full.client.listTools()).tools.map((t) => t.name);
        expect(names).toEqual(expect.arrayContaining(WRITE_TOOLS));
      } finally {
        await full.close();
      }
    });
  }
});
