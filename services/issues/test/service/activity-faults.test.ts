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
 * the recovery records it — and none is recorded twice, however often it is retried.
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
    crashNext = true;
    const res = await call(h, w.owner, 'PATCH', `/api/tasks/${issue.id}`, { status: 'done' });
    expect(res.statusCode).toBe(500);
    // The write stands; its entry waits on the issue.
    expect((await call(h, w.owner, 'GET', `/api/tasks/${issue.id}`)).json().data.status).toBe(
      'done',
    );
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
  });

  it('records a comment, a create and a blocker whose processes died, each once', async () => {
    const w = newWorld(h, 'ACG');
    crashNext = true;
    const created = await call(h, w.owner, 'POST', '/api/tasks', {
      projectId: w.projectId,
      title: 'Crashed create',
    });
    expect(created.statusCode).toBe(500);
    const [first] = (await h.ctx.db
      .collection('issues')
      .find({ projectId: w.projectId })
      .toArray()) as unknown as Array<{ _id: string; identifier: string }>;
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
    // Alone: the one write that settles leaves neither the list nor the marker.
    const alone = await call(h, w.owner, 'PATCH', `/api/tasks/${issue.id}`, { priority: 'high' });
    expect(alone.statusCode).toBe(200);
    const settled = await carried();
    expect(settled).not.toHaveProperty('_activity');
    expect(settled).not.toHaveProperty('_activitySince');

    // A crashed write's entry waits on the issue; the next write takes off only its own.
    crashNext = true;
    expect(
      (await call(h, w.owner, 'PATCH', `/api/tasks/${issue.id}`, { status: 'done' })).statusCode,
    ).toBe(500);
    const next = await call(h, w.owner, 'PATCH', `/api/tasks/${issue.id}`, { priority: 'low' });
    expect(next.statusCode).toBe(200);
    const left = await carried();
    // The crashed write's entry, unless the recovery (1.5 s) recorded it meanwhile.
    expect((left?._activity ?? []).map((e) => e.action)).not.toContain('priority_changed');
    if (left?._activity?.length) expect(left._activitySince).toBeInstanceOf(Date);

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
