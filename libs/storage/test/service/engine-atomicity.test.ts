import { MongoClient, type Collection } from 'mongodb';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { testConfig } from '@momentum/testing';

/**
 * The engine makes every single-document write atomic, as MongoDB does, for writers on
 * separate connections of separate clients (several processes of one service): what the
 * data layer's conditional updates, `$inc` and revision-guarded findOneAndUpdate rely on.
 * FerretDB 1.x without the lock of infra/ferretdb/build/ferretdb-patch.mjs fails these.
 */
const CLIENTS = 5;
const RACERS = 20;

interface Doc {
  _id: string;
  n?: number;
  v?: number;
  owner?: number | null;
  state?: string;
}

const { MONGO_DB } = testConfig();
// Several connections each, opened up front, so the racers do run side by side.
const open = () => new MongoClient(inject('mongoUrl'), { minPoolSize: 4 });
const first = open();
const clients = [first, ...Array.from({ length: CLIENTS - 1 }, open)];
const coll = first.db(MONGO_DB).collection<Doc>('race');
/** One handle on the same collection per client; racer i uses handle i % CLIENTS. */
const handles = clients.map((c) => c.db(MONGO_DB).collection<Doc>('race'));

beforeAll(async () => {
  await Promise.all(clients.map((c) => c.connect()));
  await Promise.all(handles.map((h) => h.findOne({ _id: 'warm-up' })));
});

afterAll(async () => {
  await first.db(MONGO_DB).dropDatabase();
  await Promise.all(clients.map((c) => c.close()));
});

/** Runs `op` for racers 0…n-1 at once, each on its racer's client. */
const race = <T>(op: (c: Collection<Doc>, i: number) => Promise<T>, n = RACERS) =>
  Promise.all(Array.from({ length: n }, (_, i) => op(handles[i % CLIENTS] ?? coll, i)));

describe('single-document writes on the engine', () => {
  it('counts every one of 20 concurrent $inc', async () => {
    await coll.insertOne({ _id: 'inc', n: 0 });
    await race((c) => c.updateOne({ _id: 'inc' }, { $inc: { n: 1 } }));
    expect((await coll.findOne({ _id: 'inc' }))?.n).toBe(RACERS);
  });

  it('lets exactly one of 20 concurrent conditional updates match and modify', async () => {
    await coll.insertOne({ _id: 'cond', v: 0 });
    const results = await race((c) => c.updateOne({ _id: 'cond', v: 0 }, { $set: { v: 1 } }));
    expect(results.map((r) => r.modifiedCount).filter((m) => m === 1)).toHaveLength(1);
    expect(results.map((r) => r.matchedCount).filter((m) => m === 1)).toHaveLength(1);
  });

  it('hands a findOneAndUpdate claim to exactly one of 20 claimants', async () => {
    await coll.insertOne({ _id: 'claim', owner: null });
    const claims = await race((c, i) =>
      c.findOneAndUpdate(
        { _id: 'claim', owner: null },
        { $set: { owner: i } },
        { returnDocument: 'after' },
      ),
    );
    const won = claims.filter((d) => d !== null);
    expect(won).toHaveLength(1);
    expect((await coll.findOne({ _id: 'claim' }))?.owner).toBe(won[0]?.owner);
  });

  it('pops each queued document for exactly one of the concurrent findOneAndDelete', async () => {
    const queued = Array.from({ length: 10 }, (_, i) => ({ _id: `job${i}`, state: 'queued' }));
    await coll.insertMany(queued);
    const popped = await race((c) => c.findOneAndDelete({ state: 'queued' }));
    const ids = popped.flatMap((d) => (d ? [d._id] : []));
    expect(ids.sort()).toEqual(queued.map((d) => d._id).sort());
    expect(await coll.countDocuments({ state: 'queued' })).toBe(0);
  });

  it('lets either the delete or the update of an open document win, never both', async () => {
    const ids = Array.from({ length: 10 }, (_, i) => `open${i}`);
    await coll.insertMany(ids.map((_id) => ({ _id, state: 'open' })));
    // Racers 0–9 delete ids[i], racers 10–19 update ids[(i + 3) % 10], on another client.
    const outcomes = await race(async (c, i) => {
      const _id = ids[i < ids.length ? i : (i + 3) % ids.length];
      if (i < ids.length)
        return { _id, deleted: (await c.deleteOne({ _id, state: 'open' })).deletedCount };
      const r = await c.updateOne({ _id, state: 'open' }, { $set: { state: 'closed' } });
      return { _id, closed: r.modifiedCount };
    });
    for (const _id of ids) {
      const mine = outcomes.filter((o) => o._id === _id);
      const deleted = mine.some((o) => o.deleted === 1);
      const closed = mine.some((o) => o.closed === 1);
      expect({ _id, wins: Number(deleted) + Number(closed) }).toEqual({ _id, wins: 1 });
      const stored = await coll.findOne({ _id });
      expect(stored?.state).toBe(closed ? 'closed' : undefined);
    }
  });

  it('creates a document once and then counts on it for 20 concurrent upserts', async () => {
    await race((c) => c.updateOne({ _id: 'upsert' }, { $inc: { n: 1 } }, { upsert: true }));
    expect((await coll.findOne({ _id: 'upsert' }))?.n).toBe(RACERS);
  });

  it('answers 11000 for an update that would break a unique index', async () => {
    const unique = first.db(MONGO_DB).collection<{ _id: string; k: number }>('unique');
    await unique.createIndex({ k: 1 }, { unique: true });
    await unique.insertMany([
      { _id: 'a', k: 1 },
      { _id: 'b', k: 2 },
    ]);
    await expect(unique.updateOne({ _id: 'b' }, { $set: { k: 1 } })).rejects.toMatchObject({
      code: 11000,
    });
    await expect(unique.findOneAndUpdate({ _id: 'b' }, { $set: { k: 1 } })).rejects.toMatchObject({
      code: 11000,
    });
    expect(await unique.findOne({ _id: 'b' })).toEqual({ _id: 'b', k: 2 });
  });
});

describe('lookups by `_id` on the engine', () => {
  // A revision-guarded write filters on `{_id, rev}`; it must find its one document by the
  // `_id` index, not by reading the collection (on FerretDB as built here, explain says
  // which; MongoDB's planner answers an `_id` equality with its `_id` index anyway).
  it('uses the `_id` index when the filter has other keys beside the `_id`', async () => {
    await coll.insertMany(Array.from({ length: 50 }, (_, i) => ({ _id: `rev${i}`, v: 0 })));
    const plan = (await coll.find({ _id: 'rev7', v: 0 }).explain()) as Record<string, unknown>;
    const serverInfo = plan.serverInfo as { ferretdbVersion?: string } | undefined;
    if (serverInfo?.ferretdbVersion) {
      expect(plan.filterPushdown).toBe(true);
      expect(JSON.stringify(plan.queryPlanner)).toMatch(/USING INDEX \S+__id_/);
    } else {
      expect(JSON.stringify(plan.queryPlanner)).not.toMatch(/COLLSCAN/);
    }
    expect(await coll.findOne({ _id: 'rev7', v: 0 })).toEqual({ _id: 'rev7', v: 0 });
    expect(await coll.findOne({ _id: 'rev7', v: 1 })).toBeNull();
  });
});
