import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  EventTypes,
  type CommentEventData,
  type EventEnvelope,
  type IssueEventData,
} from '@momentum/contracts';
import { injectAs, userActor } from '@momentum/testing';
import { call, createIssue, eventually, useIssuesApp } from '../support/harness.js';

/**
 * Watchers, and what the issue and comment events carry for the notifications service: the
 * team, title and actor's name, assignee before and after, the previous status, the newly
 * mentioned, the watchers after the write, and the issues a closing status unblocks.
 */
describe('issues: watchers and what events tell', () => {
  const { h, w } = useIssuesApp('WAT');
  const received: EventEnvelope[] = [];
  const eventOf = <T>(type: string, match: (d: T) => boolean) =>
    eventually(async () => {
      const found = received.find((e) => e.type === type && match(e.data as T));
      return found ? (found.data as T) : null;
    });
  const me = (a: { id: string }) => ({ type: 'user', id: a.id });

  beforeAll(async () => {
    await h.ctx.bus.consume({
      from: 'issues',
      durable: 'test-watchers',
      types: Object.values(EventTypes.issues),
      handler: async (event) => void received.push(event),
    });
  });

  it('makes the creator, assignee and mentioned watchers and says so in the created event', async () => {
    const bob = h.directory.addMember(w.teamId, { name: 'Bob' });
    const bot = h.directory.addAgent(w.teamId, { name: 'Bot' });
    const issue = await createIssue(h, w, { assigneeId: bot.id, description: 'Ask @Bob first' });
    const data = await eventOf<IssueEventData>(
      EventTypes.issues.issueCreated,
      (d) => d.id === issue.id,
    );
    expect(data).toMatchObject({
      teamId: w.teamId,
      title: 'An issue',
      actorName: w.owner.name,
      assignee: { type: 'agent', id: bot.id },
      mentioned: [{ type: 'user', id: bob.id }],
      watchers: [me(w.owner), { type: 'agent', id: bot.id }, me(bob)],
    });
    const page = await call(h, w.owner, 'GET', `/api/tasks/${issue.id}`);
    expect(page.json().data.watchers).toEqual(data.watchers);
  });

  it('tells of an assignee change, a status change and newly mentioned people only', async () => {
    const carol = h.directory.addMember(w.teamId, { name: 'Carol' });
    const dan = h.directory.addMember(w.teamId, { name: 'Dan' });
    const issue = await createIssue(h, w, { description: 'For @Carol', status: 'todo' });
    const res = await call(h, w.owner, 'PATCH', `/api/tasks/${issue.id}`, {
      assigneeId: dan.id,
      status: 'in_progress',
      description: 'For @Carol and @Dan',
    });
    expect(res.statusCode).toBe(200);
    const data = await eventOf<IssueEventData>(
      EventTypes.issues.issueUpdated,
      (d) => d.id === issue.id,
    );
    expect(data).toMatchObject({
      previousAssignee: null,
      assignee: { type: 'user', id: dan.id },
      previousStatus: 'todo',
      status: 'in_progress',
      mentioned: [{ type: 'user', id: dan.id }],
      watchers: [me(w.owner), me(carol), me(dan)],
    });
  });

  it('names the issues whose last open blocker closes, with their watchers', async () => {
    const blocked = await createIssue(h, w, { title: 'Blocked' });
    const first = await createIssue(h, w, { title: 'First' });
    const second = await createIssue(h, w, { title: 'Second' });
    for (const by of [first, second])
      expect(
        (
          await call(h, w.owner, 'POST', `/api/tasks/${blocked.id}/blockers`, {
            blockedById: by.id,
          })
        ).statusCode,
      ).toBe(201);
    await call(h, w.owner, 'PATCH', `/api/tasks/${first.id}`, { status: 'done' });
    const firstDone = await eventOf<IssueEventData>(
      EventTypes.issues.issueUpdated,
      (d) => d.id === first.id,
    );
    expect(firstDone.unblocked).toBeUndefined();
    await call(h, w.owner, 'PATCH', `/api/tasks/${second.id}`, { status: 'cancelled' });
    const secondDone = await eventOf<IssueEventData>(
      EventTypes.issues.issueUpdated,
      (d) => d.id === second.id,
    );
    expect(secondDone.unblocked).toEqual([
      {
        id: blocked.id,
        projectId: w.projectId,
        teamId: w.teamId,
        identifier: blocked.identifier,
        title: 'Blocked',
        watchers: [me(w.owner)],
      },
    ]);
  });

  it('makes commenters and the mentioned watchers; the comment event carries an excerpt', async () => {
    const erin = h.directory.addMember(w.teamId, { name: 'Erin' });
    const fay = userActor({ teamIds: [w.teamId], name: 'Fay' });
    h.directory.addMember(w.teamId, { id: fay.id, name: 'Fay' });
    const issue = await createIssue(h, w);
    const body = `@Erin ${'x'.repeat(300)}`;
    const res = await call(h, fay, 'POST', `/api/tasks/${issue.id}/comments`, { body });
    expect(res.statusCode).toBe(201);
    const data = await eventOf<CommentEventData>(
      EventTypes.issues.commentCreated,
      (d) => d.issueId === issue.id,
    );
    expect(data).toMatchObject({
      identifier: issue.identifier,
      issueTitle: 'An issue',
      teamId: w.teamId,
      actorName: 'Fay',
      mentioned: [me(erin)],
      watchers: [me(w.owner), me(fay), me(erin)],
    });
    expect(data.excerpt).toHaveLength(200);
    expect(body.startsWith(data.excerpt!.slice(0, -1))).toBe(true);
  });

  it('lets anyone who may read the issue watch and unwatch it (204, idempotent)', async () => {
    const gil = userActor({ teamIds: [w.teamId], name: 'Gil' });
    const issue = await createIssue(h, w);
    const url = `/api/tasks/${issue.id}/watch`;
    const watchers = async () =>
      (await call(h, w.owner, 'GET', `/api/tasks/${issue.id}`)).json().data.watchers;
    for (let i = 0; i < 2; i++) expect((await injectPut(gil, url)).statusCode).toBe(204);
    expect(await watchers()).toEqual([me(w.owner), me(gil)]);
    for (let i = 0; i < 2; i++) expect((await call(h, gil, 'DELETE', url)).statusCode).toBe(204);
    expect(await watchers()).toEqual([me(w.owner)]);
    const outsider = userActor({ teamIds: [randomUUID()] });
    expect((await injectPut(outsider, url)).statusCode).toBe(403);
    expect((await injectPut(gil, `/api/tasks/${randomUUID()}/watch`)).statusCode).toBe(404);
  });

  const injectPut = (actor: ReturnType<typeof userActor>, url: string) =>
    injectAs(h.app, actor, { method: 'PUT', url });
});
