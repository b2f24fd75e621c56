import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Webhook } from 'standardwebhooks';
import {
  api,
  eventually,
  newTeam,
  newUser,
  type TestTeam,
  type TestUser,
} from '../../../../test/support/e2e.js';
import { Receiver } from '../../../webhooks/test/service/receiver.js';

/**
 * Notifications as people meet them: every service, the gateway and the notifications
 * service as processes, issues changed through the gateway, inboxes read with each person's
 * own key (a user's and an agent's).
 */
type Note = Record<string, any>;
let owner: TestUser;
let member: TestUser;
let watcher: TestUser;
let team: TestTeam;
let projectId: string;
let agent: { id: string; key: string };
let receiver: Receiver;

const inboxOf = async (key: string, query = '?limit=100'): Promise<Note[]> => {
  const res = await api(key, 'GET', `/api/notifications${query}`);
  expect(res.status).toBe(200);
  return res.body.data;
};
/** `key`'s notifications matching `match`, once there are `n`. */
const told = (key: string, match: (n: Note) => boolean, n = 1) =>
  eventually(
    async () => {
      const found = (await inboxOf(key)).filter(match);
      return found.length >= n ? found : null;
    },
    20_000,
    100,
  );
const about = (issueId: string, type: string) => (n: Note) =>
  n.subject.id === issueId && n.type === type;

beforeAll(async () => {
  receiver = await Receiver.start();
  [owner, member, watcher] = await Promise.all([newUser(), newUser(), newUser()]);
  team = await newTeam(owner, [member, watcher]);
  const project = await api(owner.apiKey, 'POST', '/api/projects', {
    teamId: team.id,
    name: 'Inbox',
  });
  projectId = project.body.data.id;
  const made = await api(owner.apiKey, 'POST', '/api/agents', { name: 'Triage', teamId: team.id });
  const minted = await api(owner.apiKey, 'POST', `/api/agents/${made.body.data.id}/api-key`);
  agent = { id: made.body.data.id, key: minted.body.data.apiKey };
});
afterAll(() => receiver?.stop());

const newIssue = async (body: Record<string, unknown> = {}) => {
  const res = await api(owner.apiKey, 'POST', '/api/tasks', {
    projectId,
    title: 'Write the inbox',
    ...body,
  });
  expect(res.status).toBe(201);
  return res.body.data as { id: string; identifier: string };
};

describe('notifications through the gateway', () => {
  it('tells the assignee, a user or an agent, and not the one who assigned', async () => {
    const issue = await newIssue({ assigneeId: member.id });
    const [forMember] = await told(member.apiKey, about(issue.id, 'issue.assigned'));
    expect(forMember).toMatchObject({
      read: false,
      actor: { type: 'user', id: owner.id, name: owner.name },
      subject: {
        type: 'issue',
        id: issue.id,
        identifier: issue.identifier,
        title: 'Write the inbox',
      },
      teamId: team.id,
      projectId,
    });

    const moved = await api(owner.apiKey, 'PATCH', `/api/tasks/${issue.id}`, {
      assigneeId: agent.id,
    });
    expect(moved.status).toBe(200);
    await told(agent.key, about(issue.id, 'issue.assigned'));
    expect((await inboxOf(owner.apiKey)).filter((n) => n.subject.id === issue.id)).toEqual([]);
  });

  it('tells the mentioned, lists watchers on the issue page, and honours watch and unwatch', async () => {
    const issue = await newIssue();
    const watch = await api(watcher.apiKey, 'PUT', `/api/tasks/${issue.id}/watch`);
    expect(watch.status).toBe(204);
    const mention = await api(owner.apiKey, 'POST', `/api/tasks/${issue.id}/comments`, {
      body: `@${member.name} could you look?`,
    });
    expect(mention.status).toBe(201);
    const [mentioned] = await told(member.apiKey, about(issue.id, 'issue.mentioned'));
    expect(mentioned!.comment).toEqual({
      id: mention.body.data.id,
      excerpt: `@${member.name} could you look?`,
    });
    await told(watcher.apiKey, about(issue.id, 'issue.commented'));

    const page = await api(owner.apiKey, 'GET', `/api/tasks/${issue.id}`);
    expect(page.body.data.watchers).toEqual(
      expect.arrayContaining([
        { type: 'user', id: owner.id },
        { type: 'user', id: watcher.id },
        { type: 'user', id: member.id },
      ]),
    );

    expect((await api(watcher.apiKey, 'DELETE', `/api/tasks/${issue.id}/watch`)).status).toBe(204);
    const after = await api(owner.apiKey, 'GET', `/api/tasks/${issue.id}`);
    expect(after.body.data.watchers).not.toContainEqual({ type: 'user', id: watcher.id });
    await api(owner.apiKey, 'POST', `/api/tasks/${issue.id}/comments`, { body: 'Second thought' });
    // The member (a watcher since the mention) hears of it; the one who unwatched does not.
    await told(member.apiKey, about(issue.id, 'issue.commented'));
    const forWatcher = (await inboxOf(watcher.apiKey)).filter(about(issue.id, 'issue.commented'));
    expect(forWatcher).toHaveLength(1);
  });

  it('tells watchers of a status change, with the old and the new status', async () => {
    const issue = await newIssue({ assigneeId: member.id, status: 'in_progress' });
    await api(owner.apiKey, 'PATCH', `/api/tasks/${issue.id}`, { status: 'done' });
    const [changed] = await told(member.apiKey, about(issue.id, 'issue.status_changed'));
    expect(changed).toMatchObject({ oldStatus: 'in_progress', newStatus: 'done' });
  });

  it('tells the watchers of an issue whose last open blocker is done', async () => {
    const blocked = await newIssue({ title: 'Waits on two' });
    const first = await newIssue({ title: 'First' });
    const second = await newIssue({ title: 'Second' });
    await api(member.apiKey, 'PUT', `/api/tasks/${blocked.id}/watch`);
    for (const by of [first, second])
      expect(
        (
          await api(owner.apiKey, 'POST', `/api/tasks/${blocked.id}/blockers`, {
            blockedById: by.id,
          })
        ).status,
      ).toBe(201);
    await api(owner.apiKey, 'PATCH', `/api/tasks/${first.id}`, { status: 'done' });
    await api(owner.apiKey, 'PATCH', `/api/tasks/${second.id}`, { status: 'cancelled' });
    const [unblocked] = await told(member.apiKey, about(blocked.id, 'issue.unblocked'));
    expect(unblocked).toMatchObject({
      subject: { identifier: blocked.identifier, title: 'Waits on two' },
      blocker: { id: second.id, identifier: second.identifier, title: 'Second' },
    });
    expect(
      (await inboxOf(member.apiKey)).filter(about(blocked.id, 'issue.unblocked')),
    ).toHaveLength(1);
  });

  it('tells an agent only while it is active', async () => {
    const issue = await newIssue();
    expect((await api(agent.key, 'PUT', `/api/tasks/${issue.id}/watch`)).status).toBe(204);
    await api(member.apiKey, 'PUT', `/api/tasks/${issue.id}/watch`);
    await api(owner.apiKey, 'POST', `/api/tasks/${issue.id}/comments`, { body: 'While active' });
    await told(agent.key, about(issue.id, 'issue.commented'));
    const off = await api(owner.apiKey, 'PATCH', `/api/agents/${agent.id}`, { isActive: false });
    expect(off.status).toBe(200);
    await api(owner.apiKey, 'POST', `/api/tasks/${issue.id}/comments`, { body: 'While inactive' });
    await told(member.apiKey, about(issue.id, 'issue.commented'), 2);
    expect(
      (await api(owner.apiKey, 'PATCH', `/api/agents/${agent.id}`, { isActive: true })).status,
    ).toBe(200);
    const forAgent = await eventually(
      async () => {
        const res = await api(agent.key, 'GET', '/api/notifications?limit=100');
        return res.status === 200 ? (res.body.data as Note[]) : null;
      },
      20_000,
      100,
    );
    expect(forAgent.filter(about(issue.id, 'issue.commented'))).toHaveLength(1);
  });

  it('marks read and counts the unread', async () => {
    const reader = await newUser();
    await api(owner.apiKey, 'POST', `/api/teams/${team.id}/members`, { userId: reader.id });
    const first = await newIssue({ assigneeId: reader.id });
    await newIssue({ assigneeId: reader.id });
    await told(reader.apiKey, (n) => n.type === 'issue.assigned', 2);
    const count = async () =>
      (await api(reader.apiKey, 'GET', '/api/notifications/unread-count')).body.data.count;
    // Added to the team, assigned twice.
    expect(await count()).toBe(3);
    const one = (await inboxOf(reader.apiKey)).find((n) => n.subject.id === first.id)!;
    const marked = await api(reader.apiKey, 'POST', '/api/notifications/read', { ids: [one.id] });
    expect(marked.body).toEqual({ data: { updated: 1 } });
    expect(await count()).toBe(2);
    expect((await inboxOf(reader.apiKey, '?unread=true')).map((n) => n.id)).not.toContain(one.id);
    expect(
      (await api(reader.apiKey, 'POST', '/api/notifications/read', { all: true })).body,
    ).toEqual({ data: { updated: 2 } });
    expect(await count()).toBe(0);
    const bad = await api(reader.apiKey, 'POST', '/api/notifications/read', { ids: [] });
    expect(bad.status).toBe(422);
    expect(bad.body.error.code).toBe('VALIDATION_ERROR');
  });

  it('stops telling someone removed from the team', async () => {
    const leaving = await newUser();
    await api(owner.apiKey, 'POST', `/api/teams/${team.id}/members`, { userId: leaving.id });
    const issue = await newIssue();
    await api(leaving.apiKey, 'PUT', `/api/tasks/${issue.id}/watch`);
    await api(member.apiKey, 'PUT', `/api/tasks/${issue.id}/watch`);
    await api(owner.apiKey, 'POST', `/api/tasks/${issue.id}/comments`, { body: 'One' });
    await told(leaving.apiKey, about(issue.id, 'issue.commented'));
    const removed = await api(
      owner.apiKey,
      'DELETE',
      `/api/teams/${team.id}/members/${leaving.id}`,
    );
    expect(removed.status).toBe(204);
    await api(owner.apiKey, 'POST', `/api/tasks/${issue.id}/comments`, { body: 'Two' });
    await told(member.apiKey, about(issue.id, 'issue.commented'), 2);
    expect((await inboxOf(leaving.apiKey)).filter(about(issue.id, 'issue.commented'))).toHaveLength(
      1,
    );
  });

  it('sends notification.created to the recipient’s personal webhook, signed', async () => {
    const hooked = await newUser();
    await api(owner.apiKey, 'POST', `/api/teams/${team.id}/members`, { userId: hooked.id });
    const hook = await api(hooked.apiKey, 'POST', '/api/webhooks', {
      url: receiver.url('/inbox'),
      events: ['notification.created'],
    });
    expect(hook.status).toBe(201);
    const issue = await newIssue({ assigneeId: hooked.id });
    const [listed] = await told(hooked.apiKey, about(issue.id, 'issue.assigned'));
    const got = await eventually(
      async () =>
        receiver.received.find(
          (r) => r.path === '/inbox' && JSON.parse(r.body).data.notification.id === listed!.id,
        ),
      20_000,
      100,
    );
    const message = new Webhook(hook.body.data.secret).verify(got.body, {
      'webhook-id': got.id,
      'webhook-timestamp': got.timestamp,
      'webhook-signature': got.signature,
    }) as { type: string; data: Record<string, unknown> };
    expect(message.type).toBe('notification.created');
    expect(message.data).toEqual({
      recipient: { type: 'user', id: hooked.id },
      notification: listed,
      actor: null,
    });
  });

  it('needs the notifications scopes', async () => {
    const minted = await api(owner.apiKey, 'POST', '/api/users/me/api-keys', {
      scopes: ['issues:read'],
    });
    const key = minted.body.data.apiKey as string;
    const refused = await api(key, 'GET', '/api/notifications');
    expect(refused.status).toBe(403);
    expect(refused.body.error.details).toEqual({ requiredScope: 'notifications:read' });
    const reader = await api(owner.apiKey, 'POST', '/api/users/me/api-keys', {
      scopes: ['notifications:read'],
    });
    const readKey = reader.body.data.apiKey as string;
    expect((await api(readKey, 'GET', '/api/notifications')).status).toBe(200);
    const write = await api(readKey, 'POST', '/api/notifications/read', { all: true });
    expect(write.status).toBe(403);
  });
});
