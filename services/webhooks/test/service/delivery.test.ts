import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Webhook } from 'standardwebhooks';
import { EventTypes, RequestSubjects } from '@momentum/contracts';
import { userActor } from '@momentum/testing';
import {
  client,
  deliveries,
  publish,
  sleep,
  startWebhooks,
  subscribe,
  taskCreated,
  taskData,
  until,
  type Harness,
} from './harness.js';
import { Receiver } from './receiver.js';

describe('delivering events to a real receiver', () => {
  let h: Harness;
  let receiver: Receiver;
  beforeAll(async () => {
    h = await startWebhooks();
    receiver = await Receiver.start();
  });
  afterAll(async () => {
    await h?.close();
    await receiver?.stop();
  });

  /** A fresh user with a fresh webhook on the receiver (each test its own path). */
  async function setUp(events = ['*']) {
    const user = userActor();
    const path = `/${randomUUID()}`;
    const hook = await subscribe(h, user, { url: receiver.url(path), events });
    const got = () => receiver.received.filter((r) => r.path === path);
    return { user, hook, path, got };
  }

  it('POSTs a signed Standard Webhooks message the standardwebhooks library verifies', async () => {
    const { user, hook, got } = await setUp();
    const event = await taskCreated(h, user.id);
    const [request] = await until(async () => got().length === 1 && got());
    const verified = new Webhook(hook.secret).verify(
      request!.body,
      request!.headers as Record<string, string>,
    );
    expect(verified).toEqual({
      type: 'task.created',
      timestamp: event.occurredAt,
      data: {
        id: event.data.id,
        userId: user.id,
        teamId: null,
        type: 'todo',
        title: 'Write the report',
        archived: false,
        streak: 0,
        createdBy: user.id,
        actor: null,
      },
    });
    expect(request!.id).toBe(event.id);
    expect(request!.headers['content-type']).toBe('application/json');
    expect(Math.abs(Number(request!.timestamp) - Date.now() / 1000)).toBeLessThan(30);

    const log = await until(async () => {
      const rows = await deliveries(h, user, hook.id);
      return rows[0]?.status === 'succeeded' && rows;
    });
    expect(log).toEqual([
      {
        id: `${hook.id}:${event.id}`,
        eventId: event.id,
        eventType: 'task.created',
        status: 'succeeded',
        attempts: 1,
        lastResponseCode: 200,
        lastError: null,
        lastAttemptAt: expect.any(String),
        nextAttemptAt: null,
        createdAt: expect.any(String),
      },
    ]);
  });

  it('retries a 500 and delivers once the receiver answers 200, with one webhook-id', async () => {
    const { user, hook, path, got } = await setUp();
    let calls = 0;
    receiver.answer = (r) => (r.path === path && calls++ === 0 ? { status: 500 } : { status: 200 });
    const event = await taskCreated(h, user.id);
    await until(async () => got().length === 2);
    receiver.answer = () => ({ status: 200 });
    expect(got().map((r) => r.id)).toEqual([event.id, event.id]);
    for (const r of got())
      expect(() =>
        new Webhook(hook.secret).verify(r.body, r.headers as Record<string, string>),
      ).not.toThrow();
    expect(got()[0]!.body).toBe(got()[1]!.body);
    const [row] = await until(async () => {
      const rows = await deliveries(h, user, hook.id);
      return rows[0]?.status === 'succeeded' && rows;
    });
    expect(row).toMatchObject({ attempts: 2, lastResponseCode: 200 });
    await sleep(300);
    expect(got()).toHaveLength(2);
  });

  it('honours Retry-After on a 429 (up to the longest delay)', async () => {
    // This process caps delays at 300 ms; one that allows 5 s waits the whole second asked.
    const patient = await startWebhooks({ env: { WEBHOOKS_RETRY_MAX_DELAY_MS: '5000' } });
    try {
      const user = userActor();
      const path = `/${randomUUID()}`;
      await subscribe(patient, user, { url: receiver.url(path) });
      const got = () => receiver.received.filter((r) => r.path === path);
      let calls = 0;
      receiver.answer = (r) =>
        r.path === path && calls++ === 0
          ? { status: 429, headers: { 'retry-after': '1' } }
          : { status: 200 };
      await taskCreated(patient, user.id);
      await until(async () => got().length === 2);
      receiver.answer = () => ({ status: 200 });
      expect(got()[1]!.at - got()[0]!.at).toBeGreaterThanOrEqual(950);
    } finally {
      await patient.close();
    }
  });

  it('does not follow a redirect, and fails a 4xx at once', async () => {
    const redirected = await setUp();
    const target = `/${randomUUID()}`;
    receiver.answer = (r) =>
      r.path === redirected.path
        ? { status: 307, headers: { location: receiver.url(target) } }
        : { status: 200 };
    await taskCreated(h, redirected.user.id);
    const [row] = await until(async () => {
      const rows = await deliveries(h, redirected.user, redirected.hook.id);
      return rows[0]?.status === 'failed' && rows;
    });
    expect(row).toMatchObject({
      attempts: 1,
      lastResponseCode: 307,
      lastError: 'redirect (307) not followed',
    });
    expect(receiver.received.filter((r) => r.path === target)).toHaveLength(0);

    const gone = await setUp();
    receiver.answer = (r) => (r.path === gone.path ? { status: 410 } : { status: 200 });
    await taskCreated(h, gone.user.id);
    const [failed] = await until(async () => {
      const rows = await deliveries(h, gone.user, gone.hook.id);
      return rows[0]?.status === 'failed' && rows;
    });
    expect(failed).toMatchObject({ attempts: 1, lastResponseCode: 410 });
    receiver.answer = () => ({ status: 200 });
  });

  it("delivers only the subscribed types of the subscriber's own things, from after its creation", async () => {
    const { user, got } = await setUp(['task.completed']);
    await publish(h, EventTypes.habits.taskCreated, taskData(user.id)); // another type
    await taskCreated(h, randomUUID()); // someone else's task
    const old = await publish(h, EventTypes.habits.taskCompleted, {
      ...taskData(user.id),
      day: '2025-01-01',
    });
    const completed = {
      id: randomUUID(),
      userId: user.id,
      teamId: null,
      type: 'habit',
      completedBy: user.id,
      day: '2025-03-01',
      streak: 3,
      xpEarned: 12,
      slip: false,
    };
    const wanted = await publish(h, EventTypes.habits.taskCompleted, completed);
    await until(async () => got().length >= 2);
    await sleep(300);
    expect(
      got()
        .map((r) => r.id)
        .sort(),
    ).toEqual([old.id, wanted.id].sort());
    expect(JSON.parse(got().find((r) => r.id === wanted.id)!.body).data).toEqual({
      ...completed,
      actor: null,
    });

    // An event from before the webhook existed (a consumer catching up) is not delivered.
    const { user: late, got: lateGot } = await setUp();
    const before = new Date(Date.now() - 60_000).toISOString();
    await h.ctx.bus.publish({
      id: randomUUID(),
      type: EventTypes.habits.taskCreated,
      occurredAt: before,
      actor: null,
      data: taskData(late.id),
    });
    await taskCreated(h, late.id);
    await until(async () => lateGot().length === 1);
    await sleep(300);
    expect(lateGot()).toHaveLength(1);
  });

  it('redelivers by hand with the same webhook-id', async () => {
    const { user, hook, got } = await setUp();
    const event = await taskCreated(h, user.id);
    await until(async () => (await deliveries(h, user, hook.id))[0]?.status === 'succeeded');
    const res = await client(() => h, user).post(
      `/api/webhooks/${hook.id}/deliveries/${hook.id}:${event.id}/redeliver`,
    );
    expect(res.statusCode).toBe(202);
    expect(res.json().data).toMatchObject({ status: 'pending', eventId: event.id });
    await until(async () => got().length === 2);
    expect(got().map((r) => r.id)).toEqual([event.id, event.id]);
    const [row] = await until(async () => {
      const rows = await deliveries(h, user, hook.id);
      return rows[0]?.status === 'succeeded' && rows[0].attempts === 2 && rows;
    });
    expect(row).toMatchObject({ attempts: 2 });
    const missing = await client(() => h, user).post(
      `/api/webhooks/${hook.id}/deliveries/${hook.id}:${randomUUID()}/redeliver`,
    );
    expect(missing.statusCode).toBe(404);
  });

  it('signs with the old and the new secret during a rotation', async () => {
    const { user, hook, got } = await setUp();
    const rotated = (
      await client(() => h, user).post(`/api/webhooks/${hook.id}/rotate-secret`)
    ).json().data;
    await taskCreated(h, user.id);
    const [r] = await until(async () => got().length === 1 && got());
    expect(r!.signature.split(' ')).toHaveLength(2);
    for (const secret of [hook.secret, rotated.secret])
      expect(() =>
        new Webhook(secret).verify(r!.body, r!.headers as Record<string, string>),
      ).not.toThrow();
  });

  it("delivers a team's issue events, with the team found from the project", async () => {
    const team = randomUUID();
    const ada = userActor({ teamIds: [team] });
    h.membership.join(ada.id, team);
    const path = `/${randomUUID()}`;
    const hook = await subscribe(h, ada, {
      url: receiver.url(path),
      teamId: team,
      events: ['issue.created', 'project.created', 'comment.created'],
    });
    const got = () => receiver.received.filter((r) => r.path === path);

    // A project the webhooks service learns from its event…
    const project = {
      id: randomUUID(),
      teamId: team,
      key: 'ENG',
      name: 'Eng',
      slug: 'eng',
      status: 'planned',
    };
    await publish(h, EventTypes.projects.projectCreated, project);
    await until(async () => got().length === 1);
    const issue = await publish(h, EventTypes.issues.issueCreated, {
      id: randomUUID(),
      projectId: project.id,
      identifier: 'ENG-1',
      status: 'backlog',
      version: 1,
    });
    // …and one it has to ask the projects service about (NATS request/reply).
    const other = { id: randomUUID(), teamId: team, key: 'OPS', name: 'Ops' };
    h.ctx.bus.respond(RequestSubjects.projectLookup, async (q) =>
      (q as { id?: string }).id === other.id ? other : null,
    );
    const comment = await publish(h, EventTypes.issues.commentCreated, {
      id: randomUUID(),
      issueId: randomUUID(),
      projectId: other.id,
      userId: ada.id,
      mentions: [],
    });
    await until(async () => got().length === 3);
    const bodies = Object.fromEntries(got().map((r) => [r.id, JSON.parse(r.body)]));
    expect(bodies[issue.id]).toMatchObject({
      type: 'issue.created',
      data: { projectId: project.id, teamId: team, identifier: 'ENG-1' },
    });
    expect(bodies[comment.id]).toMatchObject({
      type: 'comment.created',
      data: { projectId: other.id, teamId: team },
    });
    expect(hook.id).toBeTruthy();
  });

  it('keeps delivering to others while one receiver is slow', async () => {
    const slow = await setUp();
    const fast = await setUp();
    receiver.answer = (r) =>
      r.path === slow.path ? { status: 200, delayMs: 1500 } : { status: 200 };
    for (let i = 0; i < 12; i++) await taskCreated(h, slow.user.id);
    await until(async () => slow.got().length >= 4);
    const started = Date.now();
    await taskCreated(h, fast.user.id);
    await until(async () => fast.got().length === 1);
    expect(Date.now() - started).toBeLessThan(1000);
    // The slow one is held to its per-subscription concurrency (4 in flight).
    expect(slow.got().length).toBeLessThanOrEqual(8);
    receiver.answer = () => ({ status: 200 });
    await until(async () => slow.got().length === 12, 20_000);
  });
});
