import { describe, expect, it } from 'vitest';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import { TOOLS, buildMcpServer, showTools } from '../../src/index.js';
import { connectClient } from '../../src/testing.js';
import { connect, fakeClient } from './harness.js';

const TEAM_A = '0b7f4e0e-2a52-4a8e-9b8e-0d6f7f3c1a10';
const TEAM_B = '5d1c7a52-7c1e-4f6e-8a7b-2a4b5c6d7e8f';
const ADA = {
  id: 'a1',
  kind: 'user',
  name: 'Ada Lovelace',
  role: 'owner',
  avatar: '/api/avatars/user/a1.svg?initials=AL',
};
const BOT = {
  id: 'b1',
  kind: 'agent',
  name: 'Ada Bot',
  role: 'member',
  avatar: '/api/avatars/agent/b1.svg?initials=AB',
};

describe('list_members and find_person', () => {
  it('list_members asks for one team’s directory, with its filters, and returns its page', async () => {
    const meta = { total: 1, page: 2, perPage: 5 };
    const { client, calls } = fakeClient(() => ({ status: 200, body: { data: [ADA], meta } }));
    const mcp = await connect(client, 'in-app');
    const result = await mcp.call('list_members', {
      teamId: TEAM_A,
      q: 'ada',
      kind: 'user',
      page: 2,
      limit: 5,
    });
    expect(calls).toEqual([
      {
        method: 'GET',
        path: `/api/teams/${TEAM_A}/members?q=ada&kind=user&page=2&limit=5`,
        body: undefined,
      },
    ]);
    expect(result.structuredContent).toEqual({ members: [ADA], meta });
    await mcp.close();
  });

  it('list_members passes the API’s refusal on as a tool error', async () => {
    const { client } = fakeClient(() => ({
      status: 403,
      body: { error: { code: 'FORBIDDEN', message: 'Forbidden' } },
    }));
    const mcp = await connect(client, 'in-app');
    const result = await mcp.call('list_members', { teamId: TEAM_A });
    expect(result.isError).toBe(true);
    expect(JSON.parse((result.content[0] as { text: string }).text).error).toMatchObject({
      code: 'FORBIDDEN',
      status: 403,
    });
    await mcp.close();
  });

  it('find_person searches every team of the caller and merges who is in several', async () => {
    const { client, calls } = fakeClient(({ path }) => {
      if (path === '/api/teams')
        return {
          status: 200,
          body: {
            data: [
              { id: TEAM_A, name: 'A' },
              { id: TEAM_B, name: 'B' },
            ],
          },
        };
      if (path.startsWith(`/api/teams/${TEAM_A}/`))
        return {
          status: 200,
          body: { data: [ADA, BOT], meta: { total: 2, page: 1, perPage: 20 } },
        };
      return {
        status: 200,
        body: { data: [{ ...ADA, role: 'member' }], meta: { total: 1, page: 1, perPage: 20 } },
      };
    });
    const mcp = await connect(client, 'in-app');
    const result = await mcp.call('find_person', { query: 'Ada' });
    expect(calls.map((c) => c.path).sort()).toEqual(
      [
        '/api/teams',
        `/api/teams/${TEAM_A}/members?q=Ada&limit=20`,
        `/api/teams/${TEAM_B}/members?q=Ada&limit=20`,
      ].sort(),
    );
    expect(result.structuredContent).toEqual({
      people: [
        { ...ADA, teamIds: [TEAM_A, TEAM_B] },
        { ...BOT, teamIds: [TEAM_A] },
      ],
    });
    await mcp.close();
  });

  it('find_person with no teams finds no one, and says so when every team fails', async () => {
    const none = fakeClient(() => ({ status: 200, body: { data: [] } }));
    const mcp = await connect(none.client, 'in-app');
    expect(
      (await mcp.call('find_person', { query: 'x', kind: 'agent' })).structuredContent,
    ).toEqual({
      people: [],
    });
    await mcp.close();
    const failing = fakeClient(({ path }) =>
      path === '/api/teams'
        ? { status: 200, body: { data: [{ id: TEAM_A, name: 'A' }] } }
        : { status: 503, body: { error: { code: 'SERVICE_UNAVAILABLE', message: 'down' } } },
    );
    const mcp2 = await connect(failing.client, 'in-app');
    const res = await mcp2.call('find_person', { query: 'x' });
    expect(res.isError).toBe(true);
    await mcp2.close();
  });

  it('describes every input field, and needs teams:read (a key without it is not shown them)', async () => {
    for (const name of ['list_members', 'find_person']) {
      const tool = TOOLS.find((t) => t.name === name)!;
      expect(tool.scopes).toEqual(['teams:read']);
      for (const [field, schema] of Object.entries(tool.inputSchema))
        expect((schema as { description?: string }).description, `${name}.${field}`).toBeTruthy();
    }
    const { client } = fakeClient(() => ({ status: 200, body: { data: [] } }));
    const server = buildMcpServer({ client, tools: 'in-app' });
    showTools(server, ['tasks:read']);
    const [serverSide, clientSide] = InMemoryTransport.createLinkedPair();
    await server.connect(serverSide);
    const mcp = await connectClient(clientSide, 'unit');
    const names = (await mcp.client.listTools()).tools.map((t) => t.name);
    expect(names).not.toContain('list_members');
    expect(names).not.toContain('find_person');
    await mcp.close();
  });
});
