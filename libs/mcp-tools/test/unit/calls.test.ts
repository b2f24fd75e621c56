import { describe, expect, it } from 'vitest';
import { connect, fakeClient, type RecordedCall } from './harness.js';

const ID = '0b7f4e0e-2a52-4a8e-9b8e-0d6f7f3c1a10';
const PROJECT = '5d1c7a52-7c1e-4f6e-8a7b-2a4b5c6d7e8f';

/** Echoes the request back as `data`, so each test sees both the request and the shaping. */
const echo = (call: RecordedCall) => ({
  status: 200,
  body: { data: { id: ID, title: 't', name: 'n', teamId: 'x', echo: call } },
});

describe('tools call the REST API as /api does', () => {
  it('list_tasks sends task filters as a task query', async () => {
    const { client: api, calls } = fakeClient(() => ({
      status: 200,
      body: {
        data: [{ id: ID, title: 'Read', type: 'todo' }],
        meta: { total: 1, page: 2, perPage: 5 },
      },
    }));
    const mcp = await connect(api);
    const result = await mcp.call('list_tasks', {
      type: 'todo',
      archived: true,
      page: 2,
      limit: 5,
    });
    expect(calls).toEqual([
      { method: 'GET', path: '/api/tasks?type=todo&archived=true&page=2&limit=5', body: undefined },
    ]);
    expect(result.isError).toBeUndefined();
    expect(result.structuredContent).toEqual({
      tasks: [{ id: ID, title: 'Read', type: 'todo' }],
      meta: { total: 1, page: 2, perPage: 5 },
    });
    expect(JSON.parse((result.content[0] as { text: string }).text)).toEqual(
      result.structuredContent,
    );
    await mcp.close();
  });

  it('list_tasks sends issue filters (labels comma-separated), so the gateway routes to issues', async () => {
    const { client: api, calls } = fakeClient(() => ({ status: 200, body: { data: [] } }));
    const mcp = await connect(api);
    const result = await mcp.call('list_tasks', {
      projectId: PROJECT,
      status: 'in_progress',
      labels: ['bug', 'ui'],
    });
    expect(calls[0]!.path).toBe(
      `/api/tasks?projectId=${PROJECT}&status=in_progress&labels=bug%2Cui`,
    );
    expect(result.structuredContent).toEqual({ tasks: [] });
    await mcp.close();
  });

  it('create_task posts exactly the given fields (projectId makes it an issue)', async () => {
    const { client: api, calls } = fakeClient(echo);
    const mcp = await connect(api);
    await mcp.call('create_task', {
      title: 'Fix login',
      projectId: PROJECT,
      priority: 'high',
      labels: ['bug'],
    });
    await mcp.call('create_task', {
      title: 'Stretch',
      type: 'daily',
      difficulty: 'easy',
      schedule: { days: [1, 3] },
    });
    expect(calls).toEqual([
      {
        method: 'POST',
        path: '/api/tasks',
        body: { title: 'Fix login', projectId: PROJECT, priority: 'high', labels: ['bug'] },
      },
      {
        method: 'POST',
        path: '/api/tasks',
        body: { title: 'Stretch', type: 'daily', difficulty: 'easy', schedule: { days: [1, 3] } },
      },
    ]);
    await mcp.close();
  });

  it('update_task patches the fields without the id, keeping null to clear a field', async () => {
    const { client: api, calls } = fakeClient(() => ({
      status: 200,
      body: {
        data: { id: ID, status: 'done', assigneeId: null, updatedAt: '2025-01-01T00:00:00.000Z' },
      },
    }));
    const mcp = await connect(api);
    const result = await mcp.call('update_task', { id: ID, status: 'done', assigneeId: null });
    expect(calls).toEqual([
      { method: 'PATCH', path: `/api/tasks/${ID}`, body: { status: 'done', assigneeId: null } },
    ]);
    expect(result.structuredContent).toEqual({
      task: { id: ID, status: 'done', assigneeId: null, updatedAt: '2025-01-01T00:00:00.000Z' },
    });
    await mcp.close();
  });

  it('get_task, get_project, add_comment and search_tasks use their paths; ids are encoded', async () => {
    const { client: api, calls } = fakeClient((call) =>
      call.path.startsWith('/api/tasks/search') ? { status: 200, body: { data: [] } } : echo(call),
    );
    const mcp = await connect(api);
    await mcp.call('get_task', { id: ID });
    await mcp.call('get_project', { id: '../agents?x=1' });
    await mcp.call('add_comment', { issueId: ID, body: 'On it @ada' });
    const search = await mcp.call('search_tasks', { q: 'login bug', projectId: PROJECT });
    expect(calls).toEqual([
      { method: 'GET', path: `/api/tasks/${ID}`, body: undefined },
      { method: 'GET', path: '/api/projects/..%2Fagents%3Fx%3D1', body: undefined },
      { method: 'POST', path: `/api/tasks/${ID}/comments`, body: { body: 'On it @ada' } },
      {
        method: 'GET',
        path: `/api/tasks/search?q=login%20bug&projectId=${PROJECT}`,
        body: undefined,
      },
    ]);
    expect(search.structuredContent).toEqual({ issues: [] });
    await mcp.close();
  });

  it('get_me, list_teams, list_projects and create_project wrap their endpoints', async () => {
    const me = { type: 'agent', id: ID, name: 'Bot', teamIds: [], ownerId: PROJECT };
    const { client: api, calls } = fakeClient((call) => {
      if (call.path === '/api/me') return { status: 200, body: { data: me } };
      if (call.method === 'POST')
        return {
          status: 201,
          body: { data: { id: ID, teamId: PROJECT, name: 'Apollo', key: 'APO' } },
        };
      return { status: 200, body: { data: [{ id: PROJECT, name: 'Core', teamId: PROJECT }] } };
    });
    const mcp = await connect(api);
    expect((await mcp.call('get_me')).structuredContent).toEqual({ me });
    expect((await mcp.call('list_teams')).structuredContent).toEqual({
      teams: [{ id: PROJECT, name: 'Core', teamId: PROJECT }],
    });
    expect((await mcp.call('list_projects', { teamId: PROJECT })).structuredContent).toEqual({
      projects: [{ id: PROJECT, name: 'Core', teamId: PROJECT }],
    });
    const created = await mcp.call('create_project', {
      teamId: PROJECT,
      name: 'Apollo',
      key: 'APO',
    });
    expect(created.structuredContent).toEqual({
      project: { id: ID, teamId: PROJECT, name: 'Apollo', key: 'APO' },
    });
    expect(calls.map((c) => `${c.method} ${c.path}`)).toEqual([
      'GET /api/me',
      'GET /api/teams',
      `GET /api/projects?teamId=${PROJECT}`,
      'POST /api/projects',
    ]);
    expect(calls[3]!.body).toEqual({ teamId: PROJECT, name: 'Apollo', key: 'APO' });
    await mcp.close();
  });

  it('list_projects and search_tasks page like the REST lists and return their meta', async () => {
    const meta = { total: 41, page: 3, perPage: 20 };
    const item = { id: ID, teamId: PROJECT, name: 'Crash fixes', title: 'Crash on save' };
    const { client: api, calls } = fakeClient(() => ({
      status: 200,
      body: { data: [item], meta },
    }));
    const mcp = await connect(api);
    expect(
      (await mcp.call('list_projects', { status: 'started', sort: 'name', page: 3 }))
        .structuredContent,
    ).toEqual({ projects: [item], meta });
    expect(
      (await mcp.call('search_tasks', { q: 'crash', page: 3, limit: 20 })).structuredContent,
    ).toEqual({ issues: [item], meta });
    expect(calls.map((c) => c.path)).toEqual([
      '/api/projects?status=started&sort=name&page=3',
      '/api/tasks/search?q=crash&page=3&limit=20',
    ]);
    await mcp.close();
  });

  it('the in-app surface does not offer the standalone-only tools', async () => {
    const { client: api, calls } = fakeClient(() => ({ status: 201, body: { data: {} } }));
    const mcp = await connect(api, 'in-app');
    const result = await mcp.call('create_project', { teamId: PROJECT, name: 'Apollo' });
    expect(result.isError).toBe(true);
    expect((result.content[0] as { text: string }).text).toMatch(/create_project not found/);
    expect(calls).toEqual([]);
    await mcp.close();
  });
});
