import { describe, expect, it } from 'vitest';
import { connectClient, httpTransport, postInitialize } from '@momentum/mcp-tools/testing';
import { api, gatewayUrl } from '../../../test/support/e2e.js';
import {
  newAgent,
  newWorkspace,
  useWorkspaceClient,
} from '../../../libs/mcp-tools/test/support/e2e-fixtures.js';
import { IN_APP_TOOLS } from '../../../libs/mcp-tools/test/support/tool-names.js';
import { itGoesBeyondTheContract } from '../../../libs/mcp-tools/test/support/beyond-contract.js';

const mcpUrl = () => `${gatewayUrl()}/mcp`;
const connect = (key: string) => connectClient(httpTransport(mcpUrl(), key));

describe('the gateway in-app MCP endpoint /mcp', () => {
  const { ws, mcp } = useWorkspaceClient(connect);

  it('answers 401 in shape A without a valid key, and the SDK client cannot connect', async () => {
    // Each names the endpoint's resource metadata, where an OAuth client starts (RFC 9728).
    const metadata = `Bearer realm="momentum", resource_metadata="${gatewayUrl()}/.well-known/oauth-protected-resource/mcp"`;
    for (const [authorization, challenge] of [
      [undefined, metadata],
      ['Basic Zm9vOmJhcg==', metadata],
      [
        'Bearer svc_nope_nope',
        `${metadata}, error="invalid_token", error_description="Invalid, revoked or inactive API key"`,
      ],
    ] as const) {
      const res = await postInitialize(mcpUrl(), authorization);
      expect(res.status, authorization).toBe(401);
      expect(res.headers.get('www-authenticate'), authorization).toBe(challenge);
      expect(await res.json()).toEqual({
        error: { code: 'UNAUTHORIZED', message: expect.any(String) },
      });
    }
    await expect(connect('svc_unknown_key')).rejects.toThrow(/UNAUTHORIZED/);
  });

  it('is stateless: a GET for a server stream is 405', async () => {
    const res = await fetch(mcpUrl(), {
      headers: { authorization: `Bearer ${ws.user.apiKey}`, accept: 'text/event-stream' },
    });
    expect(res.status).toBe(405);
    expect(res.headers.get('allow')).toBe('POST');
    // Written by the SDK, still carrying what every gateway response carries.
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('x-request-id')).toMatch(/^[\w-]+$/);
  });

  it('offers exactly the fifteen in-app tools, a list that never changes', async () => {
    const { tools } = await mcp.client.listTools();
    expect(tools.map((t) => t.name).sort()).toEqual([...IN_APP_TOOLS].sort());
    expect(mcp.client.getServerVersion()?.name).toBe('momentum');
    expect(mcp.client.getServerCapabilities()?.tools).toEqual({ listChanged: false });
  });

  it('get_me reports the user the key belongs to', async () => {
    const { me } = await mcp.ok('get_me');
    expect(me).toMatchObject({
      type: 'user',
      id: ws.user.id,
      name: ws.user.name,
      teamIds: [ws.team.id],
    });
  });

  it('personal tasks: create_task, list_tasks, update_task, get_task', async () => {
    const { task } = await mcp.ok('create_task', {
      type: 'todo',
      title: 'Write the report',
      difficulty: 'medium',
      dueDate: '2030-01-15',
    });
    expect(task).toMatchObject({
      type: 'todo',
      title: 'Write the report',
      difficulty: 'medium',
      userId: ws.user.id,
      streak: 0,
      archived: false,
    });
    const listed = await mcp.ok('list_tasks', { type: 'todo' });
    expect(listed.tasks.map((t: { id: string }) => t.id)).toEqual([task.id]);
    expect(listed.meta).toEqual({ total: 1, page: 1, perPage: 20, nextCursor: null });
    const updated = await mcp.ok('update_task', {
      id: task.id,
      title: 'Write the final report',
      archived: true,
    });
    expect(updated.task).toMatchObject({
      id: task.id,
      title: 'Write the final report',
      archived: true,
    });
    expect((await mcp.ok('list_tasks', { type: 'todo' })).tasks).toEqual([]);
    const fetched = await mcp.ok('get_task', { id: task.id });
    expect(fetched.task).toMatchObject({
      id: task.id,
      title: 'Write the final report',
      archived: true,
      dueDate: '2030-01-15',
    });
  });

  it('REST errors come back as isError results with code, message and details', async () => {
    const daily = await mcp.fail('create_task', {
      type: 'daily',
      title: 'Stretch',
      difficulty: 'easy',
    });
    expect(daily).toMatchObject({
      code: 'VALIDATION_ERROR',
      status: 422,
      details: { field: 'schedule', rule: 'required_for_dailies' },
    });
    const missing = await mcp.fail('get_task', { id: '00000000-0000-4000-8000-000000000000' });
    expect(missing).toMatchObject({ code: 'NOT_FOUND', status: 404 });
    const stranger = await newWorkspace();
    const forbidden = await mcp.fail('get_project', { id: stranger.project.id });
    expect(forbidden).toMatchObject({ code: 'FORBIDDEN', status: 403 });
  });

  it('issues: list_projects, get_project, create_task, add_comment, search_tasks, get_task', async () => {
    const { projects } = await mcp.ok('list_projects', { teamId: ws.team.id });
    expect(projects.map((p: { id: string }) => p.id)).toEqual([ws.project.id]);
    const { task: issue } = await mcp.ok('create_task', {
      projectId: ws.project.id,
      title: 'Login fails on Safari',
      priority: 'high',
      labels: ['bug'],
    });
    expect(issue).toMatchObject({
      projectId: ws.project.id,
      identifier: `${ws.project.key}-1`,
      priority: 'high',
      labels: ['bug'],
    });
    const { comment } = await mcp.ok('add_comment', {
      issueId: issue.id,
      body: 'Reproduced on Safari 17',
    });
    expect(comment).toMatchObject({ body: 'Reproduced on Safari 17', userId: ws.user.id });
    const found = await mcp.ok('search_tasks', { q: 'safari', projectId: ws.project.id });
    expect(found.issues.map((i: { id: string }) => i.id)).toEqual([issue.id]);
    const { tasks } = await mcp.ok('list_tasks', { projectId: ws.project.id, priority: 'high' });
    expect(tasks.map((i: { identifier: string }) => i.identifier)).toEqual([issue.identifier]);
    const { task: detail } = await mcp.ok('get_task', { id: issue.id });
    expect(detail.comments.map((c: { body: string }) => c.body)).toEqual([
      'Reproduced on Safari 17',
    ]);
    expect(detail).toMatchObject({ blockedBy: [], blocking: [], subIssues: [] });
    const { project } = await mcp.ok('get_project', { id: ws.project.id });
    expect(project).toMatchObject({ id: ws.project.id, key: ws.project.key });
  });

  it('an agent key acts as the agent: what it creates and comments is attributed to it', async () => {
    const agent = await newAgent(ws.user, ws.team.id);
    const bot = await connect(agent.apiKey);
    try {
      expect((await bot.ok('get_me')).me).toMatchObject({
        type: 'agent',
        id: agent.id,
        name: agent.name,
        ownerId: ws.user.id,
      });
      const { task: issue } = await bot.ok('create_task', {
        projectId: ws.project.id,
        title: 'Rotate the certificates',
      });
      expect(issue.createdBy).toBe(agent.id);
      const { comment } = await bot.ok('add_comment', {
        issueId: issue.id,
        body: 'Started the rotation',
      });
      expect(comment.userId).toBe(agent.id);
      const rest = await api(ws.user.apiKey, 'GET', `/api/tasks/${issue.id}`);
      expect(
        rest.body.data.activity.map((a: { action: string; userId: string }) => [
          a.action,
          a.userId,
        ]),
      ).toEqual([
        ['created', agent.id],
        ['comment_added', agent.id],
      ]);
    } finally {
      await bot.close();
    }
  });

  it("an agent's status change through update_task is recorded as the agent's in the activity", async () => {
    const agent = await newAgent(ws.user, ws.team.id);
    const { task: issue } = await mcp.ok('create_task', {
      projectId: ws.project.id,
      title: 'Renew the domain',
    });
    const bot = await connect(agent.apiKey);
    try {
      const { task } = await bot.ok('update_task', { id: issue.id, status: 'in_progress' });
      expect(task).toMatchObject({ id: issue.id, status: 'in_progress' });
    } finally {
      await bot.close();
    }
    const { task: detail } = await mcp.ok('get_task', { id: issue.id });
    const change = detail.activity.find((a: { action: string }) => a.action === 'status_changed');
    expect(change).toMatchObject({
      field: 'status',
      oldValue: 'backlog',
      newValue: 'in_progress',
      userId: agent.id,
    });
  });

  it('refuses the key of an inactive agent', async () => {
    const agent = await newAgent(ws.user, ws.team.id);
    const bot = await connect(agent.apiKey);
    expect((await bot.ok('get_me')).me.id).toBe(agent.id);
    await bot.close();
    expect(
      (await api(ws.user.apiKey, 'PATCH', `/api/agents/${agent.id}`, { isActive: false })).status,
    ).toBe(200);
    await expect(connect(agent.apiKey)).rejects.toThrow(/UNAUTHORIZED/);
  });

  // Last: they add tasks and issues the tests above count on not being there.
  itGoesBeyondTheContract(mcp, ws);
});
