import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { IssueStatuses, SYSTEM_ACTOR } from '@momentum/contracts';
import { injectAs } from '@momentum/testing';
import { countsWith, createProject, issueEvents, member, useProjectsApp } from './harness.js';

describe('issue counts rebuild', () => {
  const h = useProjectsApp();
  const { publish, countsOf, converges } = issueEvents(() => h);

  describe('POST /internal/projects/:id/rebuild-counts', () => {
    it('rebuilds from the issues service’s truth, dropping rows it no longer lists', async () => {
      const ada = member(h);
      const p = await createProject(h, ada, { name: 'Rebuilt' });
      const [kept, stale, missing, ahead] = [
        randomUUID(),
        randomUUID(),
        randomUUID(),
        randomUUID(),
      ];
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
      const res = await injectAs(h.app, SYSTEM_ACTOR, {
        method: 'POST',
        url: `/internal/projects/${p.id}/rebuild-counts`,
      });
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
      const res = await injectAs(h.app, SYSTEM_ACTOR, {
        method: 'POST',
        url: `/internal/projects/${p.id}/rebuild-counts`,
      });
      expect(res.statusCode).toBe(200);
      expect(res.json().data._count).toEqual(
        countsWith(Object.fromEntries(IssueStatuses.map((s) => [s, 200]))),
      );
      // Running it again changes nothing.
      const again = await injectAs(h.app, SYSTEM_ACTOR, {
        method: 'POST',
        url: `/internal/projects/${p.id}/rebuild-counts`,
      });
      expect(again.json().data).toMatchObject({
        issues: 1200,
        removed: 0,
        _count: res.json().data._count,
      });
    });

    it('moves rows the truth moved on, hundreds in one command', async () => {
      const ada = member(h);
      const p = await createProject(h, ada, { name: 'Moved on' });
      const states = Array.from({ length: 600 }, () => ({
        id: randomUUID(),
        projectId: p.id,
        status: 'backlog' as (typeof IssueStatuses)[number],
        version: 1,
      }));
      h.issueStates.states = states;
      const rebuild = () =>
        injectAs(h.app, SYSTEM_ACTOR, {
          method: 'POST',
          url: `/internal/projects/${p.id}/rebuild-counts`,
        });
      expect((await rebuild()).statusCode).toBe(200);
      // Every row advances: one update command of 500 statements, then one of 100 (the
      // engine as released never answered a command of 100 or more).
      h.issueStates.states = states.map((s) => ({ ...s, status: 'done', version: 2 }));
      const res = await rebuild();

      expect(res.statusCode).toBe(200);
      expect(res.json().data).toMatchObject({ issues: 600, removed: 0 });
      expect(res.json().data._count).toEqual(countsWith({ done: 600 }));
    });

    it('runs two rebuilds of one project in turn, and lets the moves go after each', async () => {
      const ada = member(h);
      const p = await createProject(h, ada, { name: 'Twice at once' });
      h.issueStates.states = Array.from({ length: 20 }, () => ({
        id: randomUUID(),
        projectId: p.id,
        status: 'in_review' as const,
        version: 1,
      }));
      const rebuild = () =>
        injectAs(h.app, SYSTEM_ACTOR, {
          method: 'POST',
          url: `/internal/projects/${p.id}/rebuild-counts`,
        });
      const both = await Promise.all([rebuild(), rebuild()]);
      for (const res of both) {
        expect(res.statusCode, res.body).toBe(200);
        expect(res.json().data._count).toEqual(countsWith({ in_review: 20 }));
      }
      const held = await h.ctx.db
        .collection('issue_states')
        .findOne({ _id: `counts:${p.id}` } as never);
      expect(held?.recount).toBeUndefined();
      await publish('created', { id: randomUUID(), projectId: p.id, status: 'todo', version: 1 });
      await converges(ada, p.id, countsWith({ in_review: 20, todo: 1 }));
    });

    it('answers 404 for an unknown project and refuses callers other than services', async () => {
      const missing = await injectAs(h.app, SYSTEM_ACTOR, {
        method: 'POST',
        url: `/internal/projects/${randomUUID()}/rebuild-counts`,
      });
      expect(missing.statusCode).toBe(404);
      const ada = member(h);
      const p = await createProject(h, ada, { name: 'Guarded' });
      const user = await injectAs(h.app, ada, {
        method: 'POST',
        url: `/internal/projects/${p.id}/rebuild-counts`,
      });
      expect(user.statusCode).toBe(404);
    });
  });
});
