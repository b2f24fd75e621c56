import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EventEnvelope } from '@momentum/contracts';
import {
  call,
  createIssue,
  eventually,
  newWorld,
  startHarness,
  type Harness,
} from '../support/harness.js';

/**
 * Activity entries are carried by the write they record and reach the timeline from it: a
 * process dying between the write and the log (a hook that throws there) loses no entry —
 * the recovery records it — and none is recorded twice, however often it is retried. An
 * issue's create and update answer before the log (the page shows carried entries); a
 * comment's and a blocker's write wait for it (a crash there is a 500).
 */
describe('issues: activity carried by the write it records', () => {
  let h: Harness;
  let crashNext = false;
  const published: EventEnvelope[] = [];

  beforeAll(async () => {
    h = await startHarness(undefined, undefined, {
      hooks: {
        beforeActivity: () => {
          if (!crashNext) return;
          crashNext = false;
          throw new Error('simulated crash before the activity log');
        },
      },
      // The recovery looks every 200 ms at entries older than 1.5 s.
      activityRecovery: { everyMs: 200, afterMs: 1500 },
    });
    const publish = h.ctx.bus.publish.bind(h.ctx.bus);
    h.ctx.bus.publish = async (event) => {
      published.push(event);
      return publish(event);
    };
  });
  afterAll(async () => h?.close());

  const activity = (id: string) => h.ctx.db.collection('activity').find({ issueId: id }).toArray();
  const actions = async (id: string) => (await activity(id)).map((a) => a.action as string);
  const carriers = async () =>
    (
      await Promise.all(
        ['issues', 'comments', 'blockers'].map((c) =>
          h.ctx.db.collection(c).countDocuments({ _activitySince: { $exists: true } }),
        ),
      )
    ).reduce((a, b) => a + b, 0);

  it('records a status change whose process died after the issue write, once', async () => {
    const w = newWorld(h, 'ACF');
    const issue = await createIssue(h, w);
    await eventually(async () => (await actions(issue.id)).length === 1, 5000);
    crashNext = true;
    // The reply does not wait for the log: the write that carries the entry is done.
    const res = await call(h, w.owner, 'PATCH', `/api/tasks/${issue.id}`, { status: 'done' });
    expect(res.statusCode).toBe(200);
    // The write stands; its entry waits on the issue, and the page shows it meanwhile.
    const page = (await call(h, w.owner, 'GET', `/api/tasks/${issue.id}`)).json().data;
    expect(page.status).toBe('done');
    expect(page.activity.map((a: { action: string }) => a.action)).toEqual([
      'created',
      'status_changed',
    ]);
    expect(await actions(issue.id)).toEqual(['created']);

    await eventually(async () => (await actions(issue.id)).length === 2, 10_000);
    const entries = await activity(issue.id);
    expect(entries.map((e) => [e.action, e.oldValue, e.newValue])).toEqual([
      ['created', null, issue.identifier],
      ['status_changed', issue.status, 'done'],
    ]);
    // Later passes record nothing again, and nothing is left carried.
    await new Promise((r) => setTimeout(r, 600));
    expect(await actions(issue.id)).toEqual(['created', 'status_changed']);
    expect(await carriers()).toBe(0);
    const again = (await call(h, w.owner, 'GET', `/api/tasks/${issue.id}`)).json().data;
    expect(again.activity).toEqual(page.activity);
  });

  it('records a comment, a create and a blocker whose processes died, each once', async () => {
    const w = newWorld(h, 'ACG');
    crashNext = true;
    // A create answers before its activity is logged: the crash comes after the reply.
    const created = await call(h, w.owner, 'POST', '/api/tasks', {
      projectId: w.projectId,
      title: 'Crashed create',
    });
    expect(created.statusCode).toBe(201);
    const first = { _id: created.json().data.id as string };
    const other = await createIssue(h, w);

    crashNext = true;
    const comment = await call(h, w.owner, 'POST', `/api/tasks/${other.id}/comments`, {
      body: 'hello',
    });
    expect(comment.statusCode).toBe(500);
    crashNext = true;
    const blocker = await call(h, w.owner, 'POST', `/api/tasks/${other.id}/blockers`, {
      blockedById: first!._id,
    });
    expect(blocker.statusCode).toBe(500);

    await eventually(async () => (await carriers()) === 0, 10_000);
    expect(await actions(first!._id)).toEqual(['created', 'blocking_added']);
    expect((await actions(other.id)).sort()).toEqual(
      ['blocker_added', 'comment_added', 'created'].sort(),
    );
  });

  it("a write clears its own entries and the marker; beside another write's, only its own", async () => {
    const w = newWorld(h, 'ACI');
    const issue = await createIssue(h, w);
    const carried = async () =>
      (await h.ctx.db.collection('issues').findOne({ _id: issue.id as never })) as {
        _activity?: Array<{ action: string }>;
        _activitySince?: Date;
      } | null;
    // Alone: the pull that settles, then the recovery (the marker), leave neither.
    const alone = await call(h, w.owner, 'PATCH', `/api/tasks/${issue.id}`, { priority: 'high' });
    expect(alone.statusCode).toBe(200);
    await eventually(async () => !(await carried())?._activitySince, 5000);
    const settled = await carried();
    expect(settled).not.toHaveProperty('_activity');
    expect(settled).not.toHaveProperty('_activitySince');
    expect(settled).not.toHaveProperty('_outbox.0');

    // A crashed write's entry waits on the issue; the next write takes off only its own.
    crashNext = true;
    expect(
      (await call(h, w.owner, 'PATCH', `/api/tasks/${issue.id}`, { status: 'done' })).statusCode,
    ).toBe(200);
    const next = await call(h, w.owner, 'PATCH', `/api/tasks/${issue.id}`, { priority: 'low' });
    expect(next.statusCode).toBe(200);
    await eventually(
      async () => (await actions(issue.id)).filter((a) => a === 'priority_changed').length === 2,
      5000,
    );
    await eventually(
      async () =>
        !((await carried())?._activity ?? []).some((e) => e.action === 'priority_changed'),
      5000,
    );
    const left = await carried();
    // The crashed write's entry, unless the recovery (1.5 s) recorded it meanwhile.
    if (left?._activity?.length) {
      expect(left._activity.map((e) => e.action)).toEqual(['status_changed']);
      expect(left._activitySince).toBeInstanceOf(Date);
    }

    await eventually(async () => (await carriers()) === 0, 10_000);
    expect((await actions(issue.id)).sort()).toEqual(
      ['created', 'priority_changed', 'priority_changed', 'status_changed'].sort(),
    );
    expect(await carried()).not.toHaveProperty('_activitySince');
  });

  it('deleting an issue removes its blockers each with a blocker.removed event', async () => {
    const w = newWorld(h, 'ACH');
    const [x, y, z] = await Promise.all([createIssue(h, w), createIssue(h, w), createIssue(h, w)]);
    for (const [issue, by] of [
      [x, y],
      [z, x],
    ] as const) {
      const res = await call(h, w.owner, 'POST', `/api/tasks/${issue.id}/blockers`, {
        blockedById: by.id,
      });
      expect(res.statusCode).toBe(201);
    }
    expect((await call(h, w.owner, 'DELETE', `/api/tasks/${x.id}`)).statusCode).toBe(204);
    await eventually(
      async () =>
        published.filter(
          (e) =>
            e.type.endsWith('blocker.removed') &&
            [x.id].some(
              (id) =>
                (e.data as { issueId: string }).issueId === id ||
                (e.data as { blockedById: string }).blockedById === id,
            ),
        ).length === 2,
      10_000,
    );
    const removed = published
      .filter((e) => e.type.endsWith('blocker.removed'))
      .map((e) => e.data as { issueId: string; blockedById: string });
    expect(removed).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ issueId: x.id, blockedById: y.id }),
        expect.objectContaining({ issueId: z.id, blockedById: x.id }),
      ]),
    );
    expect((await call(h, w.owner, 'GET', `/api/tasks/${z.id}/blockers`)).json().data).toEqual({
      blockedBy: [],
      blocking: [],
    });
  });
});
