import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { EventTypes, type IssueEventData } from '@momentum/contracts';
import { makeEvent } from '@momentum/messaging';
import { injectAs } from '@momentum/testing';
import { SETTLE_AT } from '../../src/store/issue-state-store.js';
import {
  countsWith,
  createProject,
  issueEvents,
  member,
  until,
  useProjectsApp,
} from './harness.js';

describe('issue counts read model', () => {
  const h = useProjectsApp();

  const { publish, countsOf, converges } = issueEvents(() => h);

  it('counts issues per status from created and updated events', async () => {
    const ada = member(h);
    const p = await createProject(h, ada, { name: 'Counted' });
    const [a, b, c] = [randomUUID(), randomUUID(), randomUUID()];
    await publish('created', { id: a, projectId: p.id, status: 'backlog', version: 1 });
    await publish('created', { id: b, projectId: p.id, status: 'todo', version: 1 });
    await publish('created', { id: c, projectId: p.id, status: 'todo', version: 1 });
    await converges(ada, p.id, countsWith({ backlog: 1, todo: 2 }));
    await publish('updated', {
      id: b,
      projectId: p.id,
      status: 'in_progress',
      version: 2,
      changed: ['status'],
    });
    await publish('updated', {
      id: c,
      projectId: p.id,
      status: 'done',
      version: 2,
      changed: ['status'],
    });
    await converges(ada, p.id, countsWith({ backlog: 1, in_progress: 1, done: 1 }));
    expect(await countsOf(ada, p.id)).toEqual(countsWith({ backlog: 1, in_progress: 1, done: 1 }));
  });

  it('never counts a redelivered event twice', async () => {
    const ada = member(h);
    const p = await createProject(h, ada, { name: 'Duplicates' });
    const id = randomUUID();
    const created = makeEvent<IssueEventData>(EventTypes.issues.issueCreated, {
      id,
      projectId: p.id,
      identifier: 'D-1',
      status: 'todo',
      version: 1,
    });
    await h.ctx.bus.publish(created);
    // The same event again under a new message id (a producer retry past the dedupe window) and a second copy of the data.
    await h.ctx.bus.publish({ ...created, id: randomUUID() });
    await publish('created', { id, projectId: p.id, status: 'todo', version: 1 });
    const marker = randomUUID();
    await publish('created', { id: marker, projectId: p.id, status: 'cancelled', version: 1 });
    await converges(ada, p.id, countsWith({ todo: 1, cancelled: 1 }));
  });

  it('keeps the newest state when events arrive out of order', async () => {
    const ada = member(h);
    const p = await createProject(h, ada, { name: 'Reordered' });
    const id = randomUUID();
    await publish('updated', {
      id,
      projectId: p.id,
      status: 'done',
      version: 3,
      changed: ['status'],
    });
    await converges(ada, p.id, countsWith({ done: 1 }));
    await publish('created', { id, projectId: p.id, status: 'backlog', version: 1 });
    await publish('updated', {
      id,
      projectId: p.id,
      status: 'in_review',
      version: 2,
      changed: ['status'],
    });
    const marker = randomUUID();
    await publish('created', { id: marker, projectId: p.id, status: 'backlog', version: 1 });
    await converges(ada, p.id, countsWith({ done: 1, backlog: 1 }));
    const row = await h.ctx.db.collection('issue_states').findOne({ _id: id } as never);
    expect(row).toMatchObject({ status: 'done', version: 3 });
  });

  it('does not count twice a move that a crash left half-written', async () => {
    const ada = member(h);
    const p = await createProject(h, ada, { name: 'Crashed' });
    const id = randomUUID();
    // The state after counting the created event and before storing its row: the event is redelivered.
    await h.ctx.db.collection('project_counts').insertOne({
      _id: p.id,
      issuesByStatus: { todo: 1 },
      inFlight: { [id]: { v: 1, s: 'todo' } },
    } as never);
    await publish('created', { id, projectId: p.id, status: 'todo', version: 1 });
    await publish('created', { id: randomUUID(), projectId: p.id, status: 'done', version: 1 });
    // The two events may be handled at once: the counts can settle before the redelivered
    // event's row is stored, so wait for the row, then check nothing was counted twice.
    const row = () => h.ctx.db.collection('issue_states').findOne({ _id: id } as never);
    await until(async () => (await row()) !== null);
    expect(await row()).toMatchObject({ status: 'todo', version: 1 });
    await converges(ada, p.id, countsWith({ todo: 1, done: 1 }));
  });

  it('clears the marks of written rows once many accumulate, and keeps counting exactly', async () => {
    const ada = member(h);
    const p = await createProject(h, ada, { name: 'Settled' });
    const marks = async () => {
      const numbers = await h.ctx.db.collection('project_counts').findOne({ _id: p.id } as never);
      return Object.keys(numbers?.inFlight ?? {}).length;
    };
    for (let i = 0; i < SETTLE_AT; i++)
      await publish('created', { id: randomUUID(), projectId: p.id, status: 'todo', version: 1 });
    await converges(ada, p.id, countsWith({ todo: SETTLE_AT }));
    expect(await marks()).toBe(SETTLE_AT);
    const rows = () => h.ctx.db.collection('issue_states').countDocuments({ projectId: p.id });
    await until(async () => (await rows()) === SETTLE_AT);
    // The next event finds the project carrying many marks, all of them settled.
    await publish('created', { id: randomUUID(), projectId: p.id, status: 'done', version: 1 });
    await converges(ada, p.id, countsWith({ todo: SETTLE_AT, done: 1 }));
    expect(await marks()).toBe(1);
  });

  it('moves on from a half-written move when a newer event comes before the redelivery', async () => {
    const ada = member(h);
    const p = await createProject(h, ada, { name: 'Overtaken' });
    const id = randomUUID();
    // Found at start-up (no event of this project seen yet): version 1 (todo) fully applied,
    // then version 2 (done) counted and marked before the process died.
    await h.ctx.db.collection('issue_states').insertOne({
      _id: id,
      projectId: p.id,
      status: 'todo',
      version: 1,
      seenAt: new Date(),
    } as never);
    await h.ctx.db.collection('project_counts').insertOne({
      _id: p.id,
      issuesByStatus: { done: 1 },
      inFlight: { [id]: { v: 2, s: 'done' } },
    } as never);
    await publish('updated', { id, projectId: p.id, status: 'in_review', version: 3 });
    await converges(ada, p.id, countsWith({ in_review: 1 }));
    await publish('updated', { id, projectId: p.id, status: 'done', version: 2 });
    await publish('created', { id: randomUUID(), projectId: p.id, status: 'backlog', version: 1 });
    await converges(ada, p.id, countsWith({ in_review: 1, backlog: 1 }));
  });

  it('converges under a burst of shuffled, duplicated events for one project', async () => {
    const ada = member(h);
    const p = await createProject(h, ada, { name: 'Burst' });
    const ids = Array.from({ length: 40 }, () => randomUUID());
    const events = ids.flatMap((id, n) => [
      {
        type: 'created' as const,
        data: { id, projectId: p.id, status: 'todo' as const, version: 1 },
      },
      {
        type: 'updated' as const,
        data: {
          id,
          projectId: p.id,
          status: n % 2 ? ('done' as const) : ('in_progress' as const),
          version: 2,
        },
      },
      {
        type: 'updated' as const,
        data: { id, projectId: p.id, status: 'todo' as const, version: 1 },
      },
    ]);
    events.sort(() => Math.random() - 0.5);
    await Promise.all(events.map((e) => publish(e.type, e.data)));
    await converges(ada, p.id, countsWith({ in_progress: 20, done: 20 }));
  });

  it('skips an unusable event without blocking the ones after it', async () => {
    const ada = member(h);
    const p = await createProject(h, ada, { name: 'Poison' });
    await h.ctx.bus.publish(
      makeEvent(EventTypes.issues.issueCreated, {
        id: randomUUID(),
        projectId: p.id,
        status: 'exploded',
        version: 1,
      }),
    );
    await publish('created', { id: randomUUID(), projectId: p.id, status: 'todo', version: 1 });
    await converges(ada, p.id, countsWith({ todo: 1 }));
  });

  it('shows the counts on every list row', async () => {
    const ada = member(h);
    const busy = await createProject(h, ada, { name: 'Busy' });
    const idle = await createProject(h, ada, { name: 'Idle' });
    await publish('created', {
      id: randomUUID(),
      projectId: busy.id,
      status: 'in_review',
      version: 1,
    });
    await converges(ada, busy.id, countsWith({ in_review: 1 }));
    const list = (
      await injectAs(h.app, ada, { method: 'GET', url: '/api/projects?sort=name' })
    ).json().data;
    expect(list.map((p: { id: string; _count: unknown }) => [p.id, p._count])).toEqual([
      [busy.id, countsWith({ in_review: 1 })],
      [idle.id, countsWith({})],
    ]);
  });
});
