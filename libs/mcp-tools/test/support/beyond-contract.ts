import { expect, it } from 'vitest';
import type { McpTestClient } from '@momentum/mcp-tools/testing';
import { api, eventually, newUser } from '../../../../test/support/e2e.js';
import type { Workspace } from './e2e-fixtures.js';

/**
 * The tools beyond the contract's list, as both surfaces run them against the real stack:
 * completing and archiving personal tasks, adding and removing blockers, webhooks.
 */

const profileOf = async (ws: Workspace) =>
  (await api(ws.user.apiKey, 'GET', '/api/profile')).body.data as { xp: number; level: number };

/** complete_task answers what POST /api/tasks/:id/complete does, and the profile agrees. */
export async function completingTasks(mcp: McpTestClient, ws: Workspace) {
  const { task } = await mcp.ok('create_task', {
    type: 'habit',
    title: 'Push-ups',
    difficulty: 'hard',
    isPositive: true,
  });
  const before = await profileOf(ws);
  let xp = before.xp;
  let level = before.level;
  for (let streak = 1; streak <= 3; streak++) {
    const done = await mcp.ok('complete_task', { id: task.id });
    expect(done).toEqual({
      xpEarned: expect.any(Number),
      newLevel: expect.any(Number),
      leveledUp: expect.any(Boolean),
      streak,
      task: { id: task.id, streak, updatedAt: expect.any(String) },
    });
    expect(done.xpEarned).toBeGreaterThan(0);
    expect(done.leveledUp).toBe(done.newLevel > level);
    xp += done.xpEarned;
    level = done.newLevel;
  }
  // Three hard completions take a new user past 25 XP: level 2 (docs/API.md, Levels).
  expect(level).toBeGreaterThan(before.level);
  expect(await profileOf(ws)).toMatchObject({ xp, level });

  const { task: todo } = await mcp.ok('create_task', {
    type: 'todo',
    title: 'File the taxes',
    difficulty: 'easy',
  });
  expect((await mcp.ok('complete_task', { id: todo.id })).streak).toBe(1);
  expect(await mcp.fail('complete_task', { id: todo.id })).toMatchObject({
    code: 'CONFLICT',
    status: 409,
  });
}

/** archive_task hides a task from the default list, keeps it, and refuses an issue. */
export async function archivingTasks(mcp: McpTestClient, ws: Workspace) {
  const { task } = await mcp.ok('create_task', {
    type: 'daily',
    title: 'Meditate',
    difficulty: 'medium',
    schedule: { days: [1, 2, 3, 4, 5] },
  });
  expect((await mcp.ok('archive_task', { id: task.id })).task).toMatchObject({
    id: task.id,
    archived: true,
  });
  const ids = (list: { tasks: Array<{ id: string }> }) => list.tasks.map((t) => t.id);
  expect(ids(await mcp.ok('list_tasks', { type: 'daily' }))).not.toContain(task.id);
  expect(ids(await mcp.ok('list_tasks', { type: 'daily', archived: true }))).toContain(task.id);
  const { task: issue } = await mcp.ok('create_task', {
    projectId: ws.project.id,
    title: 'Not a task to archive',
  });
  expect(await mcp.fail('archive_task', { id: issue.id })).toMatchObject({
    code: 'VALIDATION_ERROR',
    status: 422,
  });
  expect((await mcp.ok('get_task', { id: issue.id })).task.id).toBe(issue.id);
}

/** add_blocker and remove_blocker change both issues' relations and activity. */
export async function blockingIssues(mcp: McpTestClient, ws: Workspace) {
  const issue = async (title: string) =>
    (await mcp.ok('create_task', { projectId: ws.project.id, title })).task;
  const [deploy, review] = [await issue('Deploy v2'), await issue('Security review')];
  const { blocker } = await mcp.ok('add_blocker', {
    issueId: deploy.id,
    blockedById: review.id,
  });
  expect(blocker).toMatchObject({
    issueId: deploy.id,
    blockedById: review.id,
    blockedByIssue: { id: review.id, identifier: review.identifier, title: 'Security review' },
  });
  const blocked = (await mcp.ok('get_task', { id: deploy.id })).task;
  expect(blocked.blockedBy.map((b: { id: string }) => b.id)).toEqual([blocker.id]);
  expect(
    await mcp.fail('add_blocker', { issueId: review.id, blockedById: deploy.id }),
  ).toMatchObject({ code: 'CONFLICT', status: 409 });

  const { blockers } = await mcp.ok('remove_blocker', {
    issueId: deploy.id,
    blockerId: blocker.id,
  });
  expect(blockers).toEqual({ blockedBy: [], blocking: [] });
  const after = (await mcp.ok('get_task', { id: deploy.id })).task;
  expect(after.blockedBy).toEqual([]);
  expect(after.activity.map((a: { action: string }) => a.action)).toEqual(
    expect.arrayContaining(['blocker_added', 'blocker_removed']),
  );
  expect(
    await mcp.fail('remove_blocker', { issueId: deploy.id, blockerId: blocker.id }),
  ).toMatchObject({ code: 'NOT_FOUND', status: 404 });
}

/**
 * create_webhook answers the subscription and its secret once; list_webhooks shows it without
 * the secret. The URL is a loopback one (the e2e stack allows it, as `npm start` does) on
 * events nothing here causes, so no delivery is attempted; the webhooks are deleted after.
 */
export async function subscribingWebhooks(mcp: McpTestClient, ws: Workspace) {
  const url = 'http://127.0.0.1:9/mcp-hook';
  const { webhook: personal } = await mcp.ok('create_webhook', {
    url,
    events: ['user.leveled_up'],
    description: 'from an assistant',
  });
  expect(personal).toMatchObject({
    url,
    events: ['user.leveled_up'],
    teamId: null,
    active: true,
    description: 'from an assistant',
    secret: expect.stringMatching(/^whsec_[A-Za-z0-9+/]+={0,2}$/),
  });
  const { webhook: team } = await mcp.ok('create_webhook', {
    url,
    events: ['membership.removed'],
    teamId: ws.team.id,
  });
  expect(team).toMatchObject({ teamId: ws.team.id, secret: expect.stringMatching(/^whsec_/) });
  try {
    const listed = await mcp.ok('list_webhooks', {});
    expect(listed.webhooks.map((w: { id: string }) => w.id).sort()).toEqual(
      [personal.id, team.id].sort(),
    );
    expect(listed.meta).toMatchObject({ total: 2, page: 1 });
    expect(JSON.stringify(listed)).not.toContain('whsec_');
    const ofTeam = await mcp.ok('list_webhooks', { teamId: ws.team.id });
    expect(ofTeam.webhooks.map((w: { id: string }) => w.id)).toEqual([team.id]);

    expect(await mcp.fail('create_webhook', { url, events: ['no.such_event'] })).toMatchObject({
      code: 'VALIDATION_ERROR',
      status: 422,
      details: { field: 'events', value: 'no.such_event' },
    });
  } finally {
    for (const { id } of [personal, team])
      expect((await api(ws.user.apiKey, 'DELETE', `/api/webhooks/${id}`)).status).toBe(204);
  }
}

/**
 * list_notifications and mark_notifications_read: a teammate assigns the caller an issue over
 * REST; the caller's inbox shows it, and marking it read takes it off the unread list.
 */
export async function readingTheInbox(mcp: McpTestClient, ws: Workspace) {
  const mate = await newUser();
  expect(
    (await api(ws.user.apiKey, 'POST', `/api/teams/${ws.team.id}/members`, { userId: mate.id }))
      .status,
  ).toBe(201);
  const issue = await api(mate.apiKey, 'POST', '/api/tasks', {
    projectId: ws.project.id,
    title: 'Review the release notes',
    assigneeId: ws.user.id,
  });
  expect(issue.status).toBe(201);
  const mine = (n: { type: string; subject: { id: string } }) =>
    n.type === 'issue.assigned' && n.subject.id === issue.body.data.id;
  const listed = await eventually(
    async () => {
      const { notifications } = await mcp.ok('list_notifications', { unread: true, limit: 100 });
      return notifications.find(mine);
    },
    20_000,
    100,
  );
  expect(listed).toMatchObject({
    read: false,
    actor: { type: 'user', id: mate.id, name: mate.name },
    subject: { type: 'issue', identifier: issue.body.data.identifier },
  });
  expect(await mcp.ok('mark_notifications_read', { ids: [listed.id] })).toEqual({ updated: 1 });
  const unread = await mcp.ok('list_notifications', { unread: true, limit: 100 });
  expect(unread.notifications.some(mine)).toBe(false);
  expect(unread.meta).toMatchObject({ nextCursor: null });
  expect(await mcp.fail('mark_notifications_read', {})).toMatchObject({
    code: 'VALIDATION_ERROR',
    status: 422,
  });
}

/** The tools beyond the contract, registered in the calling `describe` (filled by its beforeAll). */
export function itGoesBeyondTheContract(mcp: McpTestClient, ws: Workspace) {
  it('complete_task: XP, new level, leveledUp and streak', () => completingTasks(mcp, ws));
  it('archive_task: archives a task, refuses an issue', () => archivingTasks(mcp, ws));
  it('add_blocker and remove_blocker', () => blockingIssues(mcp, ws));
  it('create_webhook and list_webhooks', () => subscribingWebhooks(mcp, ws));
  it('list_notifications and mark_notifications_read', () => readingTheInbox(mcp, ws));
}
