import { randomUUID } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  api,
  eventually,
  gatewayUrl,
  newTeam,
  newUser,
  type TestUser,
} from '../../../test/support/e2e.js';
import {
  dataOf,
  notificationPublisher,
  openEvents,
  type SseFrame,
  type SseStream,
} from '../../../test/support/sse.js';
import { newAgent } from '../../../libs/mcp-tools/test/support/e2e-fixtures.js';

/** A project of `team` made by `owner`, and issues made in it. */
async function newProject(owner: TestUser, teamId: string): Promise<string> {
  const key = `L${randomUUID().replace(/-/g, '').slice(0, 6).toUpperCase()}`;
  const res = await api(owner.apiKey, 'POST', '/api/projects', { teamId, name: key, key });
  expect(res.status).toBe(201);
  return res.body.data.id;
}
async function newIssue(owner: TestUser, projectId: string, title = 'An issue'): Promise<string> {
  const res = await api(owner.apiKey, 'POST', '/api/tasks', { projectId, title });
  expect(res.status, res.text).toBe(201);
  return res.body.data.id;
}

const ids = (frames: SseFrame[], type: string) =>
  frames.filter((f) => f.event === type).map((f) => dataOf(f).data.id as string);
const has = (type: string, id: string) => (frames: SseFrame[]) => ids(frames, type).includes(id);

describe('GET /api/events: the live stream', () => {
  const streams: SseStream[] = [];
  const open = async (...args: Parameters<typeof openEvents>) => {
    const stream = await openEvents(...args);
    streams.push(stream);
    return stream;
  };
  let publisher: Awaited<ReturnType<typeof notificationPublisher>>;
  let ada: TestUser;
  let bob: TestUser;
  let adaProject: string;
  let bobProject: string;

  beforeAll(async () => {
    publisher = await notificationPublisher();
    [ada, bob] = await Promise.all([newUser(), newUser()]);
    const [adaTeam, bobTeam] = await Promise.all([newTeam(ada), newTeam(bob)]);
    [adaProject, bobProject] = await Promise.all([
      newProject(ada, adaTeam.id),
      newProject(bob, bobTeam.id),
    ]);
    // The notifications stream may be newer than the live stream: wait until NATS sources it.
    const probe = await open(ada.apiKey, { query: '?types=notification' });
    const deadline = Date.now() + 30_000;
    let seen = false;
    while (!seen && Date.now() < deadline) {
      const id = await publisher.publish({ type: 'user', id: ada.id });
      seen = await probe
        .until((f) => f.some((x) => x.event === 'notification' && dataOf(x).id === id), 2000)
        .then(() => true)
        .catch(() => false);
    }
    probe.close();
  });
  // Each test's streams end with it: a key holds at most five.
  afterEach(() => {
    for (const s of streams.splice(0)) s.close();
  });
  afterAll(() => publisher.close());

  it('answers 401 without a key and takes one as ?access_token= (EventSource sends no header)', async () => {
    const refused = await open(null);
    expect(refused.status).toBe(401);
    expect(refused.body).toEqual({ error: { code: 'UNAUTHORIZED', message: expect.any(String) } });
    const byQuery = await open(null, { query: `?access_token=${ada.apiKey}` });
    expect(byQuery.status).toBe(200);
    expect(byQuery.headers.get('content-type')).toMatch(/^text\/event-stream/);
    expect(byQuery.headers.get('cache-control')).toMatch(/no-cache/);
    // The first id is where the stream starts, so a client cut before any event resumes there.
    await byQuery.until((f) => f.some((x) => x.id !== undefined && x.data === undefined));
    byQuery.close();
    // HEAD answers what GET would open, and ends.
    const head = await fetch(`${gatewayUrl()}/api/events`, {
      method: 'HEAD',
      headers: { authorization: `Bearer ${ada.apiKey}` },
    });
    expect(head.status).toBe(200);
    expect(head.headers.get('content-type')).toMatch(/^text\/event-stream/);
  });

  it("carries an event of the caller's team, never one of another team", async () => {
    const stream = await open(ada.apiKey, { query: '?types=issue.created' });
    await stream.until((f) => f.some((x) => x.id !== undefined));
    const theirs = await newIssue(bob, bobProject, 'Not for Ada');
    const mine = await newIssue(ada, adaProject, 'For Ada');
    await stream.until(has('issue.created', mine));
    // Bob's was created first: had it been sent, it would have arrived before Ada's.
    expect(ids(stream.frames, 'issue.created')).toEqual([mine]);
    const frame = stream.events('issue.created')[0]!;
    expect(Number(frame.id)).toBeGreaterThan(0);
    expect(dataOf(frame)).toEqual({
      type: 'issue.created',
      timestamp: expect.any(String),
      data: {
        id: mine,
        projectId: adaProject,
        teamId: expect.any(String),
        identifier: expect.stringMatching(/^L[A-Z0-9]+-1$/),
        status: expect.any(String),
        version: 1,
        actor: { type: 'user', id: ada.id },
      },
    });
    expect(theirs).not.toBe(mine);
  });

  it('carries the caller’s inbox as `event: notification`, nobody else’s', async () => {
    const stream = await open(ada.apiKey, { query: '?types=notification' });
    await stream.until((f) => f.some((x) => x.id !== undefined));
    const forBob = await publisher.publish({ type: 'user', id: bob.id });
    const forAda = await publisher.publish(
      { type: 'user', id: ada.id },
      { type: 'issue.mentioned' },
    );
    await stream.until((f) => f.some((x) => x.event === 'notification'));
    const got = stream.events('notification').map(dataOf);
    expect(got).toEqual([
      expect.objectContaining({ id: forAda, type: 'issue.mentioned', read: false }),
    ]);
    expect(got.map((n) => n.id)).not.toContain(forBob);
  });

  it('filters by ?types= and refuses an unknown type with 422', async () => {
    const stream = await open(ada.apiKey, { query: '?types=issue.updated,notification' });
    await stream.until((f) => f.some((x) => x.id !== undefined));
    const issue = await newIssue(ada, adaProject);
    const changed = await api(ada.apiKey, 'PATCH', `/api/tasks/${issue}`, { title: 'Renamed' });
    expect(changed.status).toBe(200);
    await stream.until(has('issue.updated', issue));
    expect(stream.events().map((f) => f.event)).toEqual(['issue.updated']);

    const unknown = await open(ada.apiKey, { query: '?types=issue.updated,issue.exploded' });
    expect(unknown.status).toBe(422);
    expect(unknown.body.error).toMatchObject({
      code: 'VALIDATION_ERROR',
      details: { field: 'types', rule: 'unknown_type', value: 'issue.exploded' },
    });
  });

  it('asks the read scope of each type: a tasks-only key gets 403 for issues', async () => {
    const minted = await api(ada.apiKey, 'POST', '/api/users/me/api-keys', {
      scopes: ['tasks:read'],
    });
    expect(minted.status).toBe(201);
    const key = minted.body.data.apiKey;
    const refused = await open(key, { query: '?types=issue.created' });
    expect(refused.status).toBe(403);
    expect(refused.body.error).toMatchObject({
      code: 'FORBIDDEN',
      details: { requiredScope: 'issues:read' },
    });
    // Without ?types= it streams what the key may read: its tasks, no issue.
    const stream = await open(key);
    expect(stream.status).toBe(200);
    await stream.until((f) => f.some((x) => x.id !== undefined));
    const issue = await newIssue(ada, adaProject);
    const task = await api(ada.apiKey, 'POST', '/api/tasks', {
      type: 'todo',
      title: 'Personal',
      difficulty: 'easy',
    });
    expect(task.status).toBe(201);
    await stream.until(has('task.created', task.body.data.id));
    expect(ids(stream.frames, 'issue.created')).not.toContain(issue);
  });

  it('resumes a stream cut mid-burst with Last-Event-ID: every missed event exactly once, in order', async () => {
    const stream = await open(ada.apiKey, { query: '?types=issue.created' });
    await stream.until((f) => f.some((x) => x.id !== undefined));
    const burst: string[] = [];
    const making = (async () => {
      for (let i = 0; i < 12; i++) burst.push(await newIssue(ada, adaProject, `burst ${i}`));
    })();
    await stream.until((f) => ids(f, 'issue.created').length >= 3, 20_000);
    stream.close();
    const before = stream.events('issue.created');
    const lastId = before.at(-1)!.id!;
    await making;
    const resumed = await open(ada.apiKey, { query: '?types=issue.created', lastEventId: lastId });
    expect(resumed.status).toBe(200);
    await resumed.until(
      (f) => new Set([...ids(before, 'issue.created'), ...ids(f, 'issue.created')]).size === 12,
      20_000,
    );
    const after = resumed.events('issue.created');
    const all = [...ids(before, 'issue.created'), ...ids(after, 'issue.created')];
    expect(all).toEqual(burst);
    const seqs = [...before, ...after].map((f) => Number(f.id));
    expect(seqs).toEqual([...seqs].sort((a, b) => a - b));
    expect(new Set(seqs).size).toBe(seqs.length);
    expect(resumed.events('reset')).toEqual([]);
  });

  it('answers a cursor it does not hold with `event: reset` first', async () => {
    const stream = await open(ada.apiKey, { lastEventId: '999999999999' });
    await stream.until((f) => f.some((x) => x.event !== undefined || x.id !== undefined));
    expect(stream.frames[0]).toMatchObject({ event: 'reset' });
    expect(Number(stream.frames[1]!.id)).toBeGreaterThan(0);
  });

  it('stops a team’s events the moment the caller is removed from it', async () => {
    const owner = await newUser();
    const member = await newUser();
    const team = await newTeam(owner, [member]);
    const project = await newProject(owner, team.id);
    const stream = await open(member.apiKey, { query: '?types=issue.created,task.created' });
    await stream.until((f) => f.some((x) => x.id !== undefined));
    const seen = await newIssue(owner, project, 'while a member');
    await stream.until(has('issue.created', seen));
    const removed = await api(owner.apiKey, 'DELETE', `/api/teams/${team.id}/members/${member.id}`);
    expect(removed.status).toBe(204);
    const unseen = await newIssue(owner, project, 'after the removal');
    // Something the member may still see, made after: once it arrived, the issue had its chance.
    const task = await api(member.apiKey, 'POST', '/api/tasks', {
      type: 'todo',
      title: 'Mine',
      difficulty: 'easy',
    });
    await stream.until(has('task.created', task.body.data.id));
    await new Promise((r) => setTimeout(r, 300));
    expect(ids(stream.frames, 'issue.created')).toEqual([seen]);
    expect(ids(stream.frames, 'issue.created')).not.toContain(unseen);
  });

  it('ends the stream when its key is revoked', async () => {
    const minted = await api(ada.apiKey, 'POST', '/api/users/me/api-keys', {});
    const stream = await open(minted.body.data.apiKey);
    expect(stream.status).toBe(200);
    await stream.until((f) => f.some((x) => x.id !== undefined));
    const revoked = await api(
      ada.apiKey,
      'DELETE',
      `/api/users/me/api-keys/${minted.body.data.id}`,
    );
    expect(revoked.status).toBe(204);
    await stream.until(() => stream.ended, 10_000);
  });

  it('carries an agent’s own inbox to its key, not its owner’s', async () => {
    const team = await newTeam(bob);
    const agent = await newAgent(bob, team.id);
    const stream = await open(agent.apiKey, { query: '?types=notification' });
    expect(stream.status).toBe(200);
    await stream.until((f) => f.some((x) => x.id !== undefined));
    await publisher.publish({ type: 'user', id: bob.id });
    const forAgent = await publisher.publish({ type: 'agent', id: agent.id });
    await stream.until((f) => f.some((x) => x.event === 'notification'));
    expect(stream.events('notification').map((f) => dataOf(f).id)).toEqual([forAgent]);
  });

  it('sends a heartbeat comment while nothing happens', async () => {
    const stream = await open(ada.apiKey, { query: '?types=notification' });
    expect(stream.status).toBe(200);
    await stream.until((f) => f.some((x) => x.comment === 'heartbeat'), 5000);
  });

  it('holds at most five streams per key: the sixth is 429 until one closes', async () => {
    const minted = await api(bob.apiKey, 'POST', '/api/users/me/api-keys', {});
    const key = minted.body.data.apiKey;
    const five = await Promise.all(Array.from({ length: 5 }, () => open(key)));
    expect(five.map((s) => s.status)).toEqual([200, 200, 200, 200, 200]);
    const sixth = await open(key);
    expect(sixth.status).toBe(429);
    expect(sixth.headers.get('retry-after')).toBe('5');
    expect(sixth.body.error).toMatchObject({ code: 'RATE_LIMITED', details: { maxStreams: 5 } });
    // Another key of the same user has its own count.
    expect((await open(bob.apiKey)).status).toBe(200);
    five[0]!.close();
    // Released once the gateway sees the close.
    await eventually(async () => (await open(key)).status === 200);
  });
});
