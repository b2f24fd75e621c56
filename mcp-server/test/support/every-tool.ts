import { expect, it } from 'vitest';
import type { McpTestClient } from '@momentum/mcp-tools/testing';
import { api } from '../../../test/support/e2e.js';
import {
  newAgent,
  newWorkspace,
  type Workspace,
} from '../../../libs/mcp-tools/test/support/e2e-fixtures.js';
import { itGoesBeyondTheContract } from '../../../libs/mcp-tools/test/support/beyond-contract.js';

/**
 * The standalone server's tools, each called once against the real stack, as the
 * stdio and HTTP tests both run them: the transport must not change a single answer.
 */
export { STANDALONE_TOOLS } from '../../../libs/mcp-tools/test/support/tool-names.js';

/** get_me, list_teams, create_project, list_projects, get_project as the workspace's user. */
export async function teamsAndProjects(mcp: McpTestClient, ws: Workspace) {
  expect((await mcp.ok('get_me')).me).toMatchObject({
    type: 'user',
    id: ws.user.id,
    name: ws.user.name,
    teamIds: [ws.team.id],
  });
  expect((await mcp.ok('list_teams')).teams).toEqual([
    expect.objectContaining({ id: ws.team.id, name: ws.team.name }),
  ]);
  const { project } = await mcp.ok('create_project', {
    teamId: ws.team.id,
    name: 'Hermes',
    key: `H${ws.project.key}`,
    color: '#AA3300',
  });
  expect(project).toMatchObject({
    teamId: ws.team.id,
    name: 'Hermes',
    key: `H${ws.project.key}`,
    color: '#aa3300',
    status: 'planned',
  });
  const listed = await mcp.ok('list_projects', { teamId: ws.team.id, sort: 'name' });
  expect(listed.projects.map((p: { name: string }) => p.name)).toEqual([ws.project.name, 'Hermes']);
  expect(listed.meta).toMatchObject({ total: 2, page: 1 });
  const { project: fetched } = await mcp.ok('get_project', { id: project.id });
  expect(fetched).toMatchObject({ id: project.id, _count: { issues: 0 } });
}

/** create_task, list_tasks, update_task and get_task on a personal habit. */
export async function personalTasks(mcp: McpTestClient, ws: Workspace) {
  const { task } = await mcp.ok('create_task', {
    type: 'habit',
    title: 'Drink water',
    difficulty: 'easy',
    isPositive: true,
    tags: ['health'],
  });
  expect(task).toMatchObject({
    type: 'habit',
    title: 'Drink water',
    isPositive: true,
    tags: ['health'],
    userId: ws.user.id,
    streak: 0,
  });
  const listed = await mcp.ok('list_tasks', { type: 'habit' });
  expect(listed.tasks.map((t: { id: string }) => t.id)).toEqual([task.id]);
  expect((await mcp.ok('update_task', { id: task.id, difficulty: 'hard' })).task).toMatchObject({
    id: task.id,
    difficulty: 'hard',
  });
  expect((await mcp.ok('get_task', { id: task.id })).task).toMatchObject({
    id: task.id,
    title: 'Drink water',
    difficulty: 'hard',
  });
}

/** create_task (an issue), update_task, add_comment, search_tasks and get_task in the workspace project. */
export async function issues(mcp: McpTestClient, ws: Workspace) {
  const { task: issue } = await mcp.ok('create_task', {
    projectId: ws.project.id,
    title: 'Checkout page times out',
    priority: 'urgent',
  });
  expect(issue).toMatchObject({
    projectId: ws.project.id,
    identifier: `${ws.project.key}-1`,
    status: 'backlog',
    priority: 'urgent',
  });
  expect(
    (await mcp.ok('update_task', { id: issue.id, status: 'todo', labels: ['payments'] })).task,
  ).toMatchObject({ id: issue.id, status: 'todo' });
  const { comment } = await mcp.ok('add_comment', {
    issueId: issue.id,
    body: 'Seen with three items in the cart',
  });
  expect(comment).toMatchObject({ userId: ws.user.id, body: 'Seen with three items in the cart' });
  const found = await mcp.ok('search_tasks', { q: 'checkout page' });
  expect(found.issues.map((i: { id: string }) => i.id)).toEqual([issue.id]);
  const { task: detail } = await mcp.ok('get_task', { id: issue.id });
  expect(detail).toMatchObject({
    status: 'todo',
    labels: ['payments'],
    blockedBy: [],
    blocking: [],
    subIssues: [],
  });
  expect(detail.activity.map((a: { action: string }) => a.action)).toEqual(
    expect.arrayContaining(['created', 'status_changed', 'comment_added']),
  );
}

/** A REST refusal becomes an isError result with the REST code; no protocol error. */
export async function restErrors(mcp: McpTestClient, stranger: Workspace) {
  const forbidden = await mcp.fail('create_project', {
    teamId: stranger.team.id,
    name: 'Not mine',
  });
  expect(forbidden).toMatchObject({ code: 'FORBIDDEN', status: 403 });
  const invalid = await mcp.fail('create_task', { projectId: stranger.project.id, title: 'x' });
  expect(invalid).toMatchObject({ code: 'FORBIDDEN', status: 403 });
  const noSchedule = await mcp.fail('create_task', {
    type: 'daily',
    title: 'Stretch',
    difficulty: 'easy',
  });
  expect(noSchedule).toMatchObject({
    code: 'VALIDATION_ERROR',
    details: { field: 'schedule', rule: 'required_for_dailies' },
  });
}

/** With an agent's key the tools act as that agent, and the issue's activity says so. */
export async function asAgent(connect: (key: string) => Promise<McpTestClient>, ws: Workspace) {
  const agent = await newAgent(ws.user, ws.team.id);
  const bot = await connect(agent.apiKey);
  try {
    expect((await bot.ok('get_me')).me).toMatchObject({
      type: 'agent',
      id: agent.id,
      ownerId: ws.user.id,
    });
    const { task: issue } = await bot.ok('create_task', {
      projectId: ws.project.id,
      title: 'Nightly backup failed',
    });
    await bot.ok('update_task', { id: issue.id, priority: 'high' });
    await bot.ok('add_comment', { issueId: issue.id, body: 'Retrying the backup' });
    const rest = await api(ws.user.apiKey, 'GET', `/api/tasks/${issue.id}`);
    expect(
      rest.body.data.activity.map((a: { action: string; userId: string }) => [a.action, a.userId]),
    ).toEqual([
      ['created', agent.id],
      ['priority_changed', agent.id],
      ['comment_added', agent.id],
    ]);
    // Webhooks are managed by users only.
    for (const [tool, args] of [
      ['create_webhook', { url: 'http://127.0.0.1:9/bot-hook', events: ['*'] }],
      ['list_webhooks', {}],
    ] as const)
      expect(await bot.fail(tool, args), tool).toMatchObject({ code: 'FORBIDDEN', status: 403 });
  } finally {
    await bot.close();
  }
}

/** The tool tests both transports run alike, registered in the calling `describe`. */
export function itAnswersEveryTool(mcp: McpTestClient, ws: Workspace) {
  it('get_me, list_teams, create_project, list_projects, get_project', () =>
    teamsAndProjects(mcp, ws));

  it('personal tasks: create_task, list_tasks, update_task, get_task', () =>
    personalTasks(mcp, ws));

  it('issues: create_task, update_task, add_comment, search_tasks, get_task', () =>
    issues(mcp, ws));

  it('REST errors become isError results', async () => restErrors(mcp, await newWorkspace()));

  itGoesBeyondTheContract(mcp, ws);
}
