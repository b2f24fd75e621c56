import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { EventTypes, type IssueEventData } from '@momentum/contracts';
import { makeEvent } from '@momentum/messaging';
import { injectAs } from '@momentum/testing';
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

  it('decides from the row when a move names a status the row has left', async () => {
    const ada = member(h);
    const p = await createProject(h, ada, { name: 'Overtaken' });
    const id = randomUUID();
    await publish('created', { id, projectId: p.id, status: 'todo', version: 1 });
    await converges(ada, p.id, countsWith({ todo: 1 }));
    // Version 3 comes before version 2: it left in_review, which the row never showed.
    await publish('updated', {
      id,
      projectId: p.id,
      status: 'done',
      version: 3,
      changed: ['status'],
      previousStatus: 'in_review',
    });
    await converges(ada, p.id, countsWith({ done: 1 }));
    await publish('updated', {
      id,
      projectId: p.id,
      status: 'in_review',
      version: 2,
      changed: ['status'],
      previousStatus: 'todo',
    });
    const marker = randomUUID();
    await publish('created', { id: marker, projectId: p.id, status: 'backlog', version: 1 });
    await converges(ada, p.id, countsWith({ done: 1, backlog: 1 }));
  });

  it('counts a status change that comes before its issue was counted once', async () => {
    const ada = member(h);
    const p = await createProject(h, ada, { name: 'Early' });
    const id = randomUUID();
    // The row it names does not exist yet: nothing is written until the row is read.
    await publish('updated', {
      id,
      projectId: p.id,
      status: 'done',
      version: 2,
      changed: ['status'],
      previousStatus: 'todo',
    });
    await converges(ada, p.id, countsWith({ done: 1 }));
    await publish('created', { id, projectId: p.id, status: 'todo', version: 1 });
    const marker = randomUUID();
    await publish('created', { id: marker, projectId: p.id, status: 'backlog', version: 1 });
    await converges(ada, p.id, countsWith({ done: 1, backlog: 1 }));
  });

  it('waits out a recount that died holding the counts', async () => {
    const ada = member(h);
    const p = await createProject(h, ada, { name: 'Held' });
    await h.ctx.db.collection('issue_states').insertOne({
      _id: `counts:${p.id}`,
      issuesByStatus: { todo: 1 },
      rev: 3,
      recount: { token: 'gone', until: new Date(Date.now() + 1500) },
    } as never);
    await publish('created', { id: randomUUID(), projectId: p.id, status: 'done', version: 1 });
    // Held: nothing moves until the hold ends.
    await new Promise((r) => setTimeout(r, 500));
    expect(await countsOf(ada, p.id)).toEqual(countsWith({ todo: 1 }));
    await until(
      async () =>
        JSON.stringify(await countsOf(ada, p.id)) ===
        JSON.stringify(countsWith({ todo: 1, done: 1 })),
      10_000,
    );
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
