import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { IssueSortFields, ListIssuesQuery, scopeOf } from '@momentum/contracts';
import { userActor } from '@momentum/testing';
import { serves, type IndexKeys, type QueryShape } from '../../../../test/support/index-shapes.js';
import { listFilter, listSort } from '../../src/store/issue-lists.js';
import { createIssue, useIssuesApp } from '../support/harness.js';

/** The fields of a list filter that are one value (an `$in` of one counts). */
function equalities(filter: Record<string, unknown>): string[] {
  return Object.entries(filter)
    .filter(([, v]) => {
      const values = (v as { $in?: unknown[] } | null)?.$in;
      return values ? values.length === 1 : typeof v !== 'object' || v === null;
    })
    .map(([k]) => k)
    .filter((k) => k !== 'deletedAt');
}

describe('issues: indexes serve every list and lookup', () => {
  const { h, w } = useIssuesApp('IDX');
  const scope = scopeOf(userActor({ teamIds: [randomUUID()] }));

  const list = (label: string, query: Record<string, string>): QueryShape => {
    const q = ListIssuesQuery.parse(query);
    return {
      label,
      collection: 'issues',
      equal: equalities(listFilter(scope, q)),
      sort: listSort(q) as IndexKeys,
    };
  };

  const shapes = (): QueryShape[] => {
    const projectId = randomUUID();
    const out: QueryShape[] = [];
    for (const field of IssueSortFields)
      for (const sort of [field, `-${field}`])
        out.push(list(`project list by ${sort}`, { projectId, sort }));
    out.push(
      list('project list, filtered', { projectId, status: 'todo,done', labels: 'a' }),
      list('team list, newest first', {}),
      list('team list, latest changed first', { sort: '-updatedAt' }),
      list('someone’s issues', { assigneeId: randomUUID() }),
      list('sub-issues (parentId=)', { parentId: randomUUID() }),
      {
        label: 'issue page: sub-issues',
        collection: 'issues',
        equal: ['parentId'],
        sort: { createdAt: 1, _id: 1 },
      },
      {
        label: 'search in teams',
        collection: 'issues',
        equal: ['searchKeys', 'teamId', 'deletedAt'],
        sort: { _id: -1 },
      },
      {
        label: 'search in a project',
        collection: 'issues',
        equal: ['searchKeys', 'projectId', 'teamId', 'deletedAt'],
        sort: { _id: -1 },
      },
      {
        label: 'highest number of a project',
        collection: 'issues',
        equal: ['projectId'],
        sort: { number: -1 },
      },
      {
        label: 'issue page: comments',
        collection: 'comments',
        equal: ['issueId'],
        sort: { createdAt: 1, _id: 1 },
      },
      {
        label: 'issue page: activity',
        collection: 'activity',
        equal: ['issueId'],
        sort: { createdAt: 1, _id: 1 },
      },
      { label: 'blocked by', collection: 'blockers', equal: ['issueId'], sort: { createdAt: 1 } },
      { label: 'blocking', collection: 'blockers', equal: ['blockedById'], sort: { createdAt: 1 } },
    );
    return out;
  };

  const indexesOf = async (collection: string) =>
    (await h.ctx.db.collection(collection).listIndexes().toArray()).map((i) => ({
      key: i.key as IndexKeys,
      unique: !!i.unique,
    }));

  it('declares an index for every list, search and page query (equality, then sort)', async () => {
    await createIssue(h, w);
    for (const shape of shapes()) {
      const indexes = await indexesOf(shape.collection);
      expect(
        indexes.some((ix) => serves(ix.key, shape)),
        shape.label,
      ).toBe(true);
    }
    // The check is meaningful: the team's index does not serve a project's list by title.
    const byTitle = list('x', { projectId: randomUUID(), sort: 'title' });
    expect(serves({ teamId: 1, createdAt: 1, _id: 1 }, byTitle)).toBe(false);
  });

  it('keeps one issue per number of a project, and a multikey index of search keys', async () => {
    const issues = await indexesOf('issues');
    expect(issues).toContainEqual({ key: { projectId: 1, number: 1 }, unique: true });
    expect(issues.map((i) => Object.keys(i.key)[0])).toContain('searchKeys');
    const stored = await h.ctx.db.collection('issues').findOne({ projectId: w.projectId });
    // Multikey: the index holds one entry per key of the array.
    expect(Array.isArray(stored?.searchKeys)).toBe(true);
  });

  it('looks an issue up by _id, also under the revision guard of a write', async () => {
    const issue = await createIssue(h, w);
    const info = await h.ctx.db.db!.command({ buildInfo: 1 });
    for (const filter of [{ _id: issue.id }, { _id: issue.id, rev: 0 }]) {
      const plan = await h.ctx.db.db!.command({
        explain: { find: 'issues', filter },
        verbosity: 'queryPlanner',
      });
      if ('ferretdbVersion' in info) {
        // The engine the scripts build serves an `_id` among other keys by its index
        // (infra/ferretdb/build/ferretdb-patch.mjs); any other filter it evaluates row by row.
        expect(plan.filterPushdown, JSON.stringify(filter)).toBe(true);
      } else {
        expect(JSON.stringify(plan.queryPlanner.winningPlan)).toMatch(
          /IDHACK|EXPRESS_IXSCAN|IXSCAN/,
        );
      }
    }
  });
});
