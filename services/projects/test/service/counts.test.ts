import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EventTypes, IssueStatuses, makeEvent, SYSTEM_ACTOR, type IssueEventData } from '@momentum/contracts';
import { injectAs } from '@momentum/service-kit/testing';
import { countsWith, createProject, member, startHarness, until, type Harness } from './harness.js';

describe('issue counts read model', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness();
  });
  afterAll(async () => h.close());

  /** Publishes an issue event as the issues service would (a fresh envelope each time). */
  const publish = (type: 'created' | 'updated', data: Omit<IssueEventData, 'identifier'>) =>
    h.ctx.bus.publish(
      makeEvent<IssueEventData>(type === 'created' ? EventTypes.issues.issueCreated : EventTypes.issues.issueUpdated, { identifier: 'X-1', ...data }),
    );

  const countsOf = async (actor: ReturnType<typeof member>, projectId: string) =>
    (await injectAs(h.app, actor, { method: 'GET', url: `/api/projects/${projectId}` })).json().data._count;

  const converges = (actor: ReturnType<typeof member>, projectId: string, expected: ReturnType<typeof countsWith>) =>
    until(async () => JSON.stringify(await countsOf(actor, projectId)) === JSON.stringify(expected));

  it('counts issues per status from created and updated events', async () => {
    const ada = member(h);
    const p = await createProject(h, ada, { name: 'Counted' });
    const [a, b, c] = [randomUUID(), randomUUID(), randomUUID()];
    await publish('created', { id: a, projectId: p.id, status: 'backlog', version: 1 });
    await publish('created', { id: b, projectId: p.id, status: 'todo', version: 1 });
    await publish('created', { id: c, projectId: p.id, status: 'todo', version: 1 });
    await converges(ada, p.id, countsWith({ backlog: 1, todo: 2 }));
    await publish('updated', { id: b, projectId: p.id, status: 'in_progress', version: 2, changed: ['status'] });
    await publish('updated', { id: c, projectId: p.id, status: 'done', version: 2, changed: ['status'] });
    await converges(ada, p.id, countsWith({ backlog: 1, in_progress: 1, done: 1 }));
    expect(await countsOf(ada, p.id)).toEqual(countsWith({ backlog: 1, in_progress: 1, done: 1 }));
  });

  it('never counts a redelivered event twice', async () => {
    const ada = member(h);
    const p = await createProject(h, ada, { name: 'Duplicates' });
    const id = randomUUID();
    const created = makeEvent<IssueEventData>(EventTypes.issues.issueCreated, { id, projectId: p.id, identifier: 'D-1', status: 'todo', version: 1 });
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
    await publish('updated', { id, projectId: p.id, status: 'done', version: 3, changed: ['status'] });
    await converges(ada, p.id, countsWith({ done: 1 }));
    await publish('created', { id, projectId: p.id, status: 'backlog', version: 1 });
    await publish('updated', { id, projectId: p.id, status: 'in_review', version: 2, changed: ['status'] });
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
    await h.ctx.db.collection('project_counts').insertOne({ _id: p.id, issuesByStatus: { todo: 1 }, inFlight: { [id]: 1 } } as never);
    await publish('created', { id, projectId: p.id, status: 'todo', version: 1 });
    await publish('created', { id: randomUUID(), projectId: p.id, status: 'done', version: 1 });
    await converges(ada, p.id, countsWith({ todo: 1, done: 1 }));
    expect(await h.ctx.db.collection('issue_states').findOne({ _id: id } as never)).toMatchObject({ status: 'todo', version: 1 });
    // Marks of applied moves are cleared by the project's next counts write.
    const last = randomUUID();
    await publish('created', { id: last, projectId: p.id, status: 'backlog', version: 1 });
    await converges(ada, p.id, countsWith({ todo: 1, done: 1, backlog: 1 }));
    const numbers = await h.ctx.db.collection('project_counts').findOne({ _id: p.id } as never);
    expect(numbers?.inFlight).toEqual({ [last]: 1 });
  });

  it('converges under a burst of shuffled, duplicated events for one project', async () => {
    const ada = member(h);
    const p = await createProject(h, ada, { name: 'Burst' });
    const ids = Array.from({ length: 40 }, () => randomUUID());
    const events = ids.flatMap((id, n) => [
      { type: 'created' as const, data: { id, projectId: p.id, status: 'todo' as const, version: 1 } },
      { type: 'updated' as const, data: { id, projectId: p.id, status: n % 2 ? ('done' as const) : ('in_progress' as const), version: 2 } },
      { type: 'updated' as const, data: { id, projectId: p.id, status: 'todo' as const, version: 1 } },
    ]);
    events.sort(() => Math.random() - 0.5);
    await Promise.all(events.map((e) => publish(e.type, e.data)));
    await converges(ada, p.id, countsWith({ in_progress: 20, done: 20 }));
  });

  it('skips an unusable event without blocking the ones after it', async () => {
    const ada = member(h);
    const p = await createProject(h, ada, { name: 'Poison' });
    await h.ctx.bus.publish(makeEvent(EventTypes.issues.issueCreated, { id: randomUUID(), projectId: p.id, status: 'exploded', version: 1 }));
    await publish('created', { id: randomUUID(), projectId: p.id, status: 'todo', version: 1 });
    await converges(ada, p.id, countsWith({ todo: 1 }));
  });

  it('shows the counts on every list row', async () => {
    const ada = member(h);
    const busy = await createProject(h, ada, { name: 'Busy' });
    const idle = await createProject(h, ada, { name: 'Idle' });
    await publish('created', { id: randomUUID(), projectId: busy.id, status: 'in_review', version: 1 });
    await converges(ada, busy.id, countsWith({ in_review: 1 }));
    const list = (await injectAs(h.app, ada, { method: 'GET', url: '/api/projects?sort=name' })).json().data;
    expect(list.map((p: { id: string; _count: unknown }) => [p.id, p._count])).toEqual([
      [busy.id, countsWith({ in_review: 1 })],
      [idle.id, countsWith({})],
    ]);
  });

  describe('POST /internal/projects/:id/rebuild-counts', () => {
    it('rebuilds from the issues service’s truth, dropping rows it no longer lists', async () => {
      const ada = member(h);
      const p = await createProject(h, ada, { name: 'Rebuilt' });
      const [kept, stale, missing, ahead] = [randomUUID(), randomUUID(), randomUUID(), randomUUID()];
      await publish('created', { id: kept, projectId: p.id, status: 'todo', version: 1 });
      await publish('created', { id: stale, projectId: p.id, status: 'todo', version: 1 });
      await publish('updated', { id: ahead, projectId: p.id, status: 'in_review', version: 5 });
      await converges(ada, p.id, countsWith({ todo: 2, in_review: 1 }));
      h.issueStates.states = [
        { id: kept, projectId: p.id, status: 'done', version: 4 },
        { id: missing, projectId: p.id, status: 'backlog', version: 2 },
        // The read model already saw a newer write than this snapshot: it keeps it.
        { id: ahead, projectId: p.id, status: 'todo', version: 4 },
        { id: randomUUID(), projectId: randomUUID(), status: 'todo', version: 1 },
      ];
      const res = await injectAs(h.app, SYSTEM_ACTOR, { method: 'POST', url: `/internal/projects/${p.id}/rebuild-counts` });
      expect(res.statusCode).toBe(200);
      const expected = countsWith({ done: 1, backlog: 1, in_review: 1 });
      expect(res.json().data).toEqual({ projectId: p.id, issues: 3, removed: 1, _count: expected });
      expect(await countsOf(ada, p.id)).toEqual(expected);
      // A late, older event does not undo the rebuild.
      await publish('updated', { id: kept, projectId: p.id, status: 'todo', version: 3 });
      const marker = randomUUID();
      await publish('created', { id: marker, projectId: p.id, status: 'cancelled', version: 1 });
      await converges(ada, p.id, countsWith({ done: 1, backlog: 1, in_review: 1, cancelled: 1 }));
    });

    it('applies a large truth in batches', async () => {
      const ada = member(h);
      const p = await createProject(h, ada, { name: 'Large' });
      h.issueStates.states = Array.from({ length: 1200 }, (_, n) => ({
        id: randomUUID(),
        projectId: p.id,
        status: IssueStatuses[n % IssueStatuses.length]!,
        version: 1,
      }));
      const res = await injectAs(h.app, SYSTEM_ACTOR, { method: 'POST', url: `/internal/projects/${p.id}/rebuild-counts` });
      expect(res.statusCode).toBe(200);
      expect(res.json().data._count).toEqual(countsWith(Object.fromEntries(IssueStatuses.map((s) => [s, 200]))));
      // Running it again changes nothing.
      const again = await injectAs(h.app, SYSTEM_ACTOR, { method: 'POST', url: `/internal/projects/${p.id}/rebuild-counts` });
      expect(again.json().data).toMatchObject({ issues: 1200, removed: 0, _count: res.json().data._count });
    });

    it('answers 404 for an unknown project and refuses callers other than services', async () => {
      const missing = await injectAs(h.app, SYSTEM_ACTOR, { method: 'POST', url: `/internal/projects/${randomUUID()}/rebuild-counts` });
      expect(missing.statusCode).toBe(404);
      const ada = member(h);
      const p = await createProject(h, ada, { name: 'Guarded' });
      const user = await injectAs(h.app, ada, { method: 'POST', url: `/internal/projects/${p.id}/rebuild-counts` });
      expect(user.statusCode).toBe(404);
    });
  });
});
