import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TaskSortFields } from '@momentum/contracts';
import { userActor } from '@momentum/testing';
import { listFilterOf, listSortOf, type ListFilter } from '../../src/store/task-store.js';
import { habitBody, startHabits, type Habits } from './harness.js';

type Keys = Record<string, 1 | -1>;

/**
 * Does an index serve a query: its leading keys are the filter's equality fields (any
 * order), followed by the sort keys in order, all in the index's direction or all reversed.
 */
function serves(index: Keys, filter: Record<string, unknown>, sort: Keys): boolean {
  const keys = Object.entries(index);
  const eq = Object.keys(filter);
  const head = keys.slice(0, eq.length).map(([k]) => k);
  if (head.length !== eq.length || !eq.every((f) => head.includes(f))) return false;
  const tail = keys.slice(eq.length, eq.length + Object.keys(sort).length);
  const same = Object.entries(sort).every(([k, d], i) => tail[i]?.[0] === k && tail[i]?.[1] === d);
  const reversed = Object.entries(sort).every(
    ([k, d], i) => tail[i]?.[0] === k && tail[i]?.[1] === -d,
  );
  return tail.length === Object.keys(sort).length && (same || reversed);
}

describe('habits service: indexes serve every list and lookup', () => {
  let h: Habits;
  let engine: 'ferretdb' | 'mongodb';
  let taskId: string;
  const userId = randomUUID();

  beforeAll(async () => {
    h = await startHabits();
    for (let i = 0; i < 30; i++) {
      const res = await h
        .as(userActor({ id: i % 3 === 0 ? userId : randomUUID() }))
        .post('/api/tasks', habitBody({ title: `t${i}` }));
      if (i === 0) taskId = res.json().data.id;
    }
    const info = await h.ctx.db.db!.command({ buildInfo: 1 });
    engine = 'ferretdbVersion' in info ? 'ferretdb' : 'mongodb';
  });
  afterAll(async () => h?.close());

  const explainFind = (filter: Record<string, unknown>, sort?: Keys, limit?: number) =>
    h.ctx.db.db!.command({
      explain: { find: 'tasks', filter, ...(sort ? { sort } : {}), ...(limit ? { limit } : {}) },
      verbosity: 'queryPlanner',
    });

  const listQueries = (): [string, Record<string, unknown>, Keys][] => {
    const filters: ListFilter[] = [
      { owner: { userId }, includeArchived: false },
      { owner: { userId }, includeArchived: true },
      { owner: { userId }, includeArchived: false, type: 'daily' },
      { owner: { teamId: randomUUID() }, includeArchived: false },
    ];
    const out: [string, Record<string, unknown>, Keys][] = filters.map((f) => [
      JSON.stringify(f),
      listFilterOf(f),
      listSortOf({ sort: { field: 'createdAt', direction: -1 } }) as Keys,
    ]);
    for (const field of TaskSortFields) {
      for (const direction of [1, -1] as const) {
        out.push([
          `sort ${direction < 0 ? '-' : ''}${field}`,
          listFilterOf(filters[0]!),
          listSortOf({ sort: { field, direction } }) as Keys,
        ]);
      }
    }
    return out;
  };

  it('declares an index for every list the API offers (filter, then sort)', async () => {
    const indexes = (await h.ctx.db.collection('tasks').indexes()).map((i) => i.key as Keys);
    for (const [label, filter, sort] of listQueries()) {
      expect(
        indexes.some((ix) => serves(ix, filter, sort)),
        label,
      ).toBe(true);
    }
    // The check itself is meaningful: an owner list is not served by the team index alone.
    expect(
      serves(
        { teamId: 1, archived: 1, createdAt: -1, _id: -1 },
        { userId, includeArchived: false },
        { createdAt: -1, _id: -1 },
      ),
    ).toBe(false);
  });

  it('declares each index for a query no other index serves', async () => {
    const declared = new Map(
      (await h.ctx.db.collection('tasks').indexes()).map((i) => [i.name!, i.key as Keys]),
    );
    const owner = { userId, archived: false };
    // The query each index is kept for: dropping it would leave that query without one.
    const needs: Record<string, [Record<string, unknown>, Keys]> = {
      owner_list: [owner, { createdAt: -1, _id: -1 }],
      owner_type_list: [
        { ...owner, type: 'daily' },
        { createdAt: -1, _id: -1 },
      ],
      team_list: [
        { teamId: randomUUID(), archived: false },
        { createdAt: -1, _id: -1 },
      ],
      owner_by_updated: [owner, { updatedAt: -1, _id: -1 }],
      owner_by_title: [owner, { titleKey: 1, _id: 1 }],
      owner_by_streak: [owner, { streak: -1, _id: -1 }],
      owner_by_due: [owner, { dueDate: 1, _id: 1 }],
      xp_pending: [{ xpPendingSince: new Date() }, {}],
      outbox_pending: [{ '_outbox.0.occurredAt': new Date() }, {}],
    };
    expect([...declared.keys()].filter((n) => n !== '_id_').sort()).toEqual(
      Object.keys(needs).sort(),
    );
    for (const [name, [filter, sort]] of Object.entries(needs)) {
      const serving = [...declared].filter(([, key]) => serves(key, filter, sort)).map(([n]) => n);
      expect(serving, name).toEqual([name]);
    }
    // Settling missed dailies (`streak > 0` checked on them) reads the user's dailies by
    // owner_type_list's prefix, the one index that leads with both.
    const dailies = { userId, type: 'daily' };
    const serving = [...declared].filter(([, key]) => serves(key, dailies, {})).map(([n]) => n);
    expect(serving).toEqual(['owner_type_list']);
  });

  it('drops an index an earlier version declared, at start', async () => {
    const config = h.ctx.config;
    await h.ctx.db
      .collection('tasks')
      .createIndex({ userId: 1, type: 1, streak: 1 }, { name: 'owner_dailies' });
    const again = await startHabits({ config, clock: h.clock });
    try {
      const names = (await again.ctx.db.collection('tasks').indexes()).map((i) => i.name);
      expect(names).not.toContain('owner_dailies');
      expect(names).toContain('owner_type_list');
    } finally {
      // Not `close()`: that drops the database the other tests here still read.
      await again.app.close();
      await again.ctx.bus.drain();
      await again.ctx.db.close();
    }
  });

  it('finds a task by _id, also under the revision guard of a write', async () => {
    // Every read goes by `_id` (TaskStore.findById, updateWithRevision's read), and every
    // write that depends on a read filters on `_id` and `rev` (updateWithRevision).
    for (const filter of [{ _id: taskId }, { _id: taskId, rev: 0 }]) {
      const plan = await explainFind(filter);
      if (engine === 'ferretdb') {
        // The engine the scripts build serves an `_id` among other keys by its index too
        // (infra/ferretdb/build/ferretdb-patch.mjs); any other filter it evaluates row by row.
        expect(plan.filterPushdown, JSON.stringify(filter)).toBe(true);
      } else {
        expect(JSON.stringify(plan.queryPlanner.winningPlan)).toMatch(
          /IDHACK|EXPRESS_IXSCAN|IXSCAN/,
        );
      }
    }
  });

  it('runs each list query on its index (MongoDB) / reports what FerretDB does', async () => {
    for (const [label, filter, sort] of listQueries()) {
      const plan = await explainFind(filter, sort, 20);
      if (engine === 'mongodb') {
        const winning = JSON.stringify(plan.queryPlanner.winningPlan);
        expect(winning, label).toContain('IXSCAN');
        expect(winning, label).not.toContain('"SORT"');
        expect(winning, label).not.toContain('COLLSCAN');
      } else {
        // The engine the scripts build answers top-level equality, `$in` and range filters
        // from the declared indexes (docs/ENGINES.md, query pushdown), and says so.
        expect(plan.serverInfo.ferretdbVersion, label).toMatch(/^v1\./);
        expect(plan.filterPushdown, label).toBe(true);
      }
    }
  });
});
