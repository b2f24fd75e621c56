import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  EventTypes,
  NotificationSchema,
  streamNameFor,
  type CommentEventData,
  type EventEnvelope,
  type IssueEventData,
  type NotificationCreatedData,
} from '@momentum/contracts';
import { agentActor, userActor } from '@momentum/testing';
import { inbox, publish, redeliver, sleep, startNotifications, type Harness } from './harness.js';

let h: Harness;
const team = randomUUID();
const projectId = randomUUID();
const ada = userActor({ name: 'Ada', teamIds: [team] });
const bob = userActor({ name: 'Bob', teamIds: [team] });
const carol = userActor({ name: 'Carol', teamIds: [team] });
const bot = agentActor(ada.id, { name: 'Bot', agentTeamId: team, teamIds: [team] });
const who = (a: { type: 'user' | 'agent' | 'system'; id: string }) => ({
  type: a.type as 'user' | 'agent',
  id: a.id,
});

beforeAll(async () => {
  h = await startNotifications();
  for (const person of [ada, bob, carol, bot]) h.audience.join(person.id, team);
});
afterAll(() => h?.close());

const issueData = (over: Partial<IssueEventData> = {}): IssueEventData => ({
  id: randomUUID(),
  projectId,
  teamId: team,
  identifier: 'ENG-1',
  title: 'Ship the inbox',
  status: 'todo',
  version: 1,
  actorName: 'Ada',
  watchers: [who(ada)],
  ...over,
});

const commentData = (issueId: string, over: Partial<CommentEventData> = {}): CommentEventData => ({
  id: randomUUID(),
  issueId,
  projectId,
  teamId: team,
  identifier: 'ENG-1',
  issueTitle: 'Ship the inbox',
  userId: ada.id,
  actorName: 'Ada',
  excerpt: 'Looks good',
  mentions: [],
  mentioned: [],
  watchers: [who(ada)],
  ...over,
});

describe('who is told', () => {
  it('tells the assignee, user or agent, and never the actor', async () => {
    const toBob = issueData({ assignee: who(bob), watchers: [who(ada), who(bob)] });
    await publish(h, EventTypes.issues.issueCreated, toBob, ada);
    const [got] = await inbox(h, bob).holding(1);
    expect(NotificationSchema.parse(got)).toEqual(got);
    expect(got).toMatchObject({
      type: 'issue.assigned',
      read: false,
      actor: { type: 'user', id: ada.id, name: 'Ada' },
      subject: { type: 'issue', id: toBob.id, identifier: 'ENG-1', title: 'Ship the inbox' },
      teamId: team,
      projectId,
    });

    const toBot = issueData({
      changed: ['assigneeId'],
      assignee: who(bot),
      previousAssignee: null,
      watchers: [who(ada), who(bot)],
    });
    await publish(h, EventTypes.issues.issueUpdated, toBot, ada);
    const [forBot] = await inbox(h, bot).holding(1);
    expect(forBot).toMatchObject({ type: 'issue.assigned', subject: { id: toBot.id } });

    // Ada assigning herself is told nothing.
    const self = issueData({ assignee: who(ada) });
    await publish(h, EventTypes.issues.issueCreated, self, ada);
    await sleep(300);
    const mine = (await inbox(h, ada).list()).json().data as Array<{ subject: { id: string } }>;
    expect(mine.filter((n) => [toBob.id, toBot.id, self.id].includes(n.subject.id))).toEqual([]);
  });

  it('tells the mentioned of a comment "mentioned", other watchers "commented", not the author', async () => {
    const issueId = randomUUID();
    const comment = commentData(issueId, {
      excerpt: 'What do you think, @Carol?',
      mentions: [carol.id],
      mentioned: [who(carol)],
      watchers: [who(ada), who(bob), who(carol)],
    });
    await publish(h, EventTypes.issues.commentCreated, comment, ada);
    const forCarol = (await inbox(h, carol).holding(1)).filter((n) => n.subject.id === issueId);
    expect(forCarol).toMatchObject([
      {
        type: 'issue.mentioned',
        comment: { id: comment.id, excerpt: 'What do you think, @Carol?' },
      },
    ]);
    const forBob = await until(bob, (n) => n.subject.id === issueId);
    expect(forBob).toMatchObject([{ type: 'issue.commented', comment: { id: comment.id } }]);
    await sleep(200);
    const forAda = (await inbox(h, ada).list()).json().data as Array<{ subject: { id: string } }>;
    expect(forAda.filter((n) => n.subject.id === issueId)).toEqual([]);
  });

  it('tells watchers of a status change with the old and new status, and the unblocked', async () => {
    const blocked = randomUUID();
    const done = issueData({
      changed: ['status'],
      status: 'done',
      previousStatus: 'in_progress',
      watchers: [who(ada), who(bob)],
      unblocked: [
        {
          id: blocked,
          projectId,
          teamId: team,
          identifier: 'ENG-9',
          title: 'Waits on ENG-1',
          watchers: [who(carol), who(bob)],
        },
      ],
    });
    await publish(h, EventTypes.issues.issueUpdated, done, ada);
    const forBob = await until(bob, (n) => [done.id, blocked].includes(n.subject.id), 2);
    expect(forBob.map((n) => n.type).sort()).toEqual(['issue.status_changed', 'issue.unblocked']);
    expect(forBob.find((n) => n.type === 'issue.status_changed')).toMatchObject({
      oldStatus: 'in_progress',
      newStatus: 'done',
    });
    const forCarol = await until(carol, (n) => n.subject.id === blocked);
    expect(forCarol).toMatchObject([
      {
        type: 'issue.unblocked',
        subject: { id: blocked, identifier: 'ENG-9' },
        blocker: { id: done.id, identifier: 'ENG-1' },
      },
    ]);
  });

  it('tells a person added to a team', async () => {
    const newTeam = randomUUID();
    h.audience.join(carol.id, newTeam);
    await publish(
      h,
      EventTypes.identity.membershipAdded,
      { teamId: newTeam, userId: carol.id, teamName: 'Platform', actorName: 'Ada' },
      ada,
    );
    const got = await until(carol, (n) => n.subject.id === newTeam);
    expect(got).toMatchObject([
      { type: 'team.member_added', subject: { type: 'team', title: 'Platform' }, teamId: newTeam },
    ]);
  });

  it('stops telling someone removed from the team', async () => {
    const gone = userActor({ name: 'Gone' });
    h.audience.join(gone.id, team);
    const first = issueData({ assignee: who(gone) });
    await publish(h, EventTypes.issues.issueCreated, first, ada);
    await inbox(h, gone).holding(1);
    h.audience.leave(gone.id, team);
    const second = issueData({ assignee: who(gone) });
    await publish(h, EventTypes.issues.issueCreated, second, ada);
    // A later event for someone still in the team shows the second one was handled.
    const marker = issueData({ assignee: who(bob) });
    await publish(h, EventTypes.issues.issueCreated, marker, ada);
    await until(bob, (n) => n.subject.id === marker.id);
    const data = (await inbox(h, gone).list()).json().data as Array<{ subject: { id: string } }>;
    expect(data.map((n) => n.subject.id)).toEqual([first.id]);
  });

  it('stores nothing twice when an event is delivered again', async () => {
    const dave = userActor({ name: 'Dave' });
    h.audience.join(dave.id, team);
    const event = await publish(
      h,
      EventTypes.issues.issueCreated,
      issueData({ assignee: who(dave) }),
      ada,
    );
    await inbox(h, dave).holding(1);
    await redeliver(h, event as EventEnvelope);
    await redeliver(h, event as EventEnvelope);
    const marker = issueData({ assignee: who(dave) });
    await publish(h, EventTypes.issues.issueCreated, marker, ada);
    const data = await inbox(h, dave).holding(2);
    await sleep(300);
    const again = (await inbox(h, dave).list()).json().data as unknown[];
    expect(data).toHaveLength(2);
    expect(again).toHaveLength(2);
  });
});

describe('the inbox', () => {
  const erin = userActor({ name: 'Erin' });

  beforeAll(async () => {
    h.audience.join(erin.id, team);
    for (let i = 0; i < 25; i++)
      await publish(
        h,
        EventTypes.issues.issueCreated,
        issueData({ identifier: `ENG-${100 + i}`, assignee: who(erin) }),
        ada,
      );
    await inbox(h, erin).holding(25);
  });

  it('pages newest first by cursor, each notification once', async () => {
    const seen: string[] = [];
    const times: string[] = [];
    let query = '?limit=10';
    const sizes: number[] = [];
    for (;;) {
      const res = await inbox(h, erin).list(query);
      expect(res.statusCode).toBe(200);
      const { data, meta } = res.json();
      sizes.push(data.length);
      seen.push(...data.map((n: { id: string }) => n.id));
      times.push(...data.map((n: { createdAt: string }) => n.createdAt));
      if (!meta.nextCursor) break;
      query = `?limit=10&after=${meta.nextCursor}`;
    }
    expect(sizes).toEqual([10, 10, 5]);
    expect(new Set(seen).size).toBe(25);
    expect([...times].sort().reverse()).toEqual(times);
    const all = (await inbox(h, erin).list('?limit=100')).json();
    expect(all.meta).toMatchObject({ total: 25, perPage: 100, nextCursor: null });
  });

  it('marks read by id and all, and counts the unread', async () => {
    const me = inbox(h, erin);
    expect(await me.count()).toBe(25);
    const ids = ((await me.list('?limit=3')).json().data as Array<{ id: string }>).map((n) => n.id);
    const marked = await me.markRead({ ids: [...ids, randomUUID()] });
    expect(marked.statusCode).toBe(200);
    expect(marked.json()).toEqual({ data: { updated: 3 } });
    expect((await me.markRead({ ids })).json()).toEqual({ data: { updated: 0 } });
    expect(await me.count()).toBe(22);
    const unread = (await me.list('?unread=true&limit=100')).json().data as Array<{
      id: string;
      read: boolean;
    }>;
    expect(unread).toHaveLength(22);
    expect(unread.some((n) => ids.includes(n.id))).toBe(false);
    // Another person's ids change nothing of theirs.
    expect(
      (await inbox(h, bob).markRead({ ids: unread.map((n) => n.id).slice(0, 5) })).json(),
    ).toEqual({
      data: { updated: 0 },
    });
    expect((await me.markRead({ all: true })).json()).toEqual({ data: { updated: 22 } });
    expect(await me.count()).toBe(0);
    expect((await me.list('?unread=true')).json().data).toEqual([]);
  });

  it('answers bad input with 422 in the project’s shape', async () => {
    const me = inbox(h, erin);
    for (const body of [
      {},
      { ids: [] },
      { ids: ['nope'] },
      { all: false },
      { ids: [randomUUID()], all: true },
      { extra: 1 },
    ]) {
      const res = await me.markRead(body);
      expect(res.statusCode, JSON.stringify(body)).toBe(422);
      expect(res.json().error.code).toBe('VALIDATION_ERROR');
    }
    for (const query of ['?limit=0', '?limit=101', '?unread=yes', '?after=garbage', '?nope=1']) {
      const res = await me.list(query);
      expect(res.statusCode, query).toBe(422);
      expect(res.json().error).toMatchObject({ code: 'VALIDATION_ERROR' });
    }
  });
});

describe('what it publishes', () => {
  it('announces each stored notification, exactly as the inbox lists it', async () => {
    const frank = userActor({ name: 'Frank' });
    h.audience.join(frank.id, team);
    const stream = streamNameFor(h.ctx.config.EVENT_PREFIX, 'notifications');
    const consumer = await h.producer.nc.jetstream().consumers.get(stream);
    const messages = await consumer.consume();
    const seen: EventEnvelope<NotificationCreatedData>[] = [];
    void (async () => {
      for await (const m of messages) seen.push(m.json());
    })();
    await publish(h, EventTypes.issues.issueCreated, issueData({ assignee: who(frank) }), ada);
    const [listed] = await inbox(h, frank).holding(1);
    const event = await waitFor(() => seen.find((e) => e.data.recipient.id === frank.id));
    await messages.close();
    expect(event.type).toBe(EventTypes.notifications.notificationCreated);
    expect(event.data).toEqual({ recipient: { type: 'user', id: frank.id }, notification: listed });
  });
});

/** A person's notifications matching `match`, once there are `n` of them. */
async function until(
  actor: typeof ada,
  match: (n: Record<string, any>) => boolean,
  n = 1,
): Promise<Array<Record<string, any>>> {
  return waitFor(async () => {
    const data = (await inbox(h, actor).list('?limit=100')).json().data as Array<
      Record<string, any>
    >;
    const found = data.filter(match);
    return found.length >= n ? found : null;
  });
}

async function waitFor<T>(
  check: () => T | null | undefined | Promise<T | null | undefined>,
): Promise<T> {
  for (let i = 0; i < 200; i++) {
    const value = await check();
    if (value) return value;
    await sleep(50);
  }
  throw new Error('not in time');
}
