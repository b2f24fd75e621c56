import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { IssueSortFields, ListIssuesQuery, scopeOf } from '@momentum/contracts';
import { userActor } from '@momentum/testing';
import {
  leadsWith,
  serves,
  type IndexKeys,
  type QueryShape,
} from '../../../../test/support/index-shapes.js';
import { listFilter, listSort } from '../../src/store/issue-lists.js';
import { RETIRED_ACTIVITY_INDEXES } from '../../src/store/models.js';
import { createIssue, startHarness, useIssuesApp } from '../support/harness.js';

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

  /**
   * The query each index is kept for, by the name the engine gives it: its equality fields,
   * then its sort (none for a lookup or a covered count). Each is served by that index
   * alone, so dropping any leaves its query without one, and an index not listed here fails
   * the test until it names its query.
   */
  const desc = { createdAt: -1, _id: -1 } as const;
  const kept: Record<string, Record<string, [string[], IndexKeys]>> = {
    issues: {
      // One number per project: the constraint (checked below), no query of its own.
      projectId_1_number_1: [['projectId', 'number'], {}],
      // Totals of a project's lists and of the teams' (counted from the index alone).
      projectId_1_teamId_1_deletedAt_1_status_1: [
        ['projectId', 'teamId', 'deletedAt', 'status'],
        {},
      ],
      teamId_1_deletedAt_1_status_1: [['teamId', 'deletedAt', 'status'], {}],
      // A project's list by each sort; a board's column (one status by priority).
      projectId_1_createdAt_1__id_1: [['projectId'], desc],
      projectId_1_updatedAt_1__id_1: [['projectId'], { updatedAt: -1, _id: -1 }],
      projectId_1_priorityRank_1__id_1: [['projectId'], { priorityRank: -1, _id: -1 }],
      projectId_1_status_1_priorityRank_1__id_1: [
        ['projectId', 'status'],
        { priorityRank: -1, _id: -1 },
      ],
      projectId_1_statusRank_1__id_1: [['projectId'], { statusRank: 1, _id: 1 }],
      projectId_1_dueDate_1__id_1: [['projectId'], { dueDate: 1, _id: 1 }],
      projectId_1_number_1__id_1: [['projectId'], { number: 1, _id: 1 }],
      projectId_1_sortOrder_1__id_1: [['projectId'], { sortOrder: 1, _id: 1 }],
      projectId_1_titleSort_1__id_1: [['projectId'], { titleSort: 1, _id: 1 }],
      // A project's issues in id order (the projects service's counts rebuild, in pages).
      projectId_1__id_1: [['projectId'], { _id: 1 }],
      // The teams' list by each sort.
      teamId_1_createdAt_1__id_1: [['teamId'], desc],
      teamId_1_updatedAt_1__id_1: [['teamId'], { updatedAt: -1, _id: -1 }],
      teamId_1_priorityRank_1__id_1: [['teamId'], { priorityRank: -1, _id: -1 }],
      teamId_1_statusRank_1__id_1: [['teamId'], { statusRank: 1, _id: 1 }],
      teamId_1_dueDate_1__id_1: [['teamId'], { dueDate: 1, _id: 1 }],
      teamId_1_number_1__id_1: [['teamId'], { number: 1, _id: 1 }],
      teamId_1_sortOrder_1__id_1: [['teamId'], { sortOrder: 1, _id: 1 }],
      teamId_1_titleSort_1__id_1: [['teamId'], { titleSort: 1, _id: 1 }],
      // `GET /api/tasks/ENG-12`; someone's issues; sub-issues; labels.
      identifier_1_teamId_1: [['identifier', 'teamId'], {}],
      assigneeId_1_createdAt_1__id_1: [['assigneeId'], desc],
      parentId_1_createdAt_1__id_1: [['parentId'], { createdAt: 1, _id: 1 }],
      labels_1_teamId_1: [['labels', 'teamId'], {}],
      // A person's export and erasure.
      createdBy_1: [['createdBy'], {}],
      'watchers.id_1': [['watchers.id'], {}],
      // Search, in the teams and in a project.
      searchKeys_1_teamId_1_deletedAt_1__id_1: [['searchKeys', 'teamId', 'deletedAt'], { _id: -1 }],
      searchKeys_1_projectId_1_teamId_1_deletedAt_1__id_1: [
        ['searchKeys', 'projectId', 'teamId', 'deletedAt'],
        { _id: -1 },
      ],
      activity_pending: [['_activitySince'], {}],
      // The outbox relay's sweep (libs/messaging): documents with events unpublished.
      outbox_pending: [['_outbox.0.occurredAt'], {}],
    },
    comments: {
      issueId_1_createdAt_1__id_1: [['issueId'], { createdAt: 1, _id: 1 }],
      userId_1: [['userId'], {}],
      'mentions.id_1': [['mentions.id'], {}],
      activity_pending: [['_activitySince'], {}],
      // The outbox relay's sweep (libs/messaging): documents with events unpublished.
      outbox_pending: [['_outbox.0.occurredAt'], {}],
    },
    activity: {
      issueId_1_createdAt_1__id_1: [['issueId'], { createdAt: 1, _id: 1 }],
      userId_1: [['userId'], {}],
      assigned_from: [['oldValue'], {}],
      assigned_to: [['newValue'], {}],
      outbox_pending: [['_outbox.0.occurredAt'], {}],
    },
    blockers: {
      issueId_1_createdAt_1: [['issueId'], { createdAt: 1 }],
      blockedById_1_createdAt_1: [['blockedById'], { createdAt: 1 }],
      createdBy_1: [['createdBy'], {}],
      activity_pending: [['_activitySince'], {}],
      // The outbox relay's sweep (libs/messaging): documents with events unpublished.
      outbox_pending: [['_outbox.0.occurredAt'], {}],
    },
  };

  it('declares each index for a query no other index serves', async () => {
    await createIssue(h, w);
    for (const [collection, needs] of Object.entries(kept)) {
      const declared = new Map(
        (await h.ctx.db.collection(collection).indexes()).map((i) => [i.name!, i.key as IndexKeys]),
      );
      expect([...declared.keys()].filter((n) => n !== '_id_').sort(), collection).toEqual(
        Object.keys(needs).sort(),
      );
      for (const [name, [equal, sort]] of Object.entries(needs)) {
        if (name === 'projectId_1_number_1') continue;
        const serving = [...declared]
          .filter(([, key]) => leadsWith(key, equal, sort))
          .map(([n]) => n);
        expect(serving, `${collection}.${name}`).toEqual([name]);
      }
    }
    // The check is meaningful: a project's list by priority is not the board column's.
    expect(
      leadsWith({ projectId: 1, status: 1, priorityRank: 1, _id: 1 }, ['projectId'], {
        priorityRank: -1,
        _id: -1,
      }),
    ).toBe(false);
  });

  it('drops the activity value indexes an earlier version declared, at start', async () => {
    const activity = h.ctx.db.collection('activity');
    await activity.createIndex({ field: 1, oldValue: 1 });
    await activity.createIndex({ field: 1, newValue: 1 });
    const again = await startHarness(h.ctx.config, h);
    try {
      const names = (await again.ctx.db.collection('activity').indexes()).map((i) => i.name);
      for (const retired of RETIRED_ACTIVITY_INDEXES) expect(names).not.toContain(retired);
      expect(names).toEqual(expect.arrayContaining(['assigned_from', 'assigned_to']));
    } finally {
      // Not `close()`: that drops the database the first app still uses.
      await again.app.close();
      await again.ctx.bus.drain();
      await again.ctx.db.close();
    }
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
