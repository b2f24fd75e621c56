import fc from 'fast-check';
import { Long, ObjectId, type Document } from 'mongodb';
import { beforeAll, describe, expect, it } from 'vitest';
import { bothEngines } from './both-engines.js';
import { idSet, mingoIds } from './oracle.js';

/** Documents with the test's own ids. */
type Doc = Document & { _id: number | string };

/**
 * Filters MongoDB answers however large (infra/ferretdb/go/pushdown.go): an `$in` of more
 * values than SQLite binds in one statement (32,766) goes as one JSON array (and the handler
 * looks a row's string or ObjectId up in the list's set, inset.go), an `$or` of more
 * branches than SQLite's expression depth allows (1,000) is nested in halves, and a long one of
 * equalities on one field is the `$in` it means (orin.go), compared with mingo; and
 * fields whose names differ only in case get key columns of their own (SQLite's names ignore
 * case, so `status` and `Status` were one column).
 */
const DB = 'largefilters';
const { patched, both } = bothEngines(DB);
const N = 20_000;
const ids = Array.from({ length: N }, (_, i) => `id${i}`);

beforeAll(async () => {
  await both(async (client) => {
    const c = client.db(DB).collection<Doc>('many');
    await c.createIndex({ n: 1 });
    await c.insertMany(ids.map((_id, i) => ({ _id, n: i, d: i + 0.5 })));
  });
}, 600_000);

const many = () => patched.db(DB).collection<Doc>('many');

describe('large `$in` and `$or`', () => {
  it('`_id: {$in: [16,384 ids]}` and more answer', async () => {
    for (const size of [16_384, 17_000]) {
      const want = ids.slice(1, size + 1);
      expect(await many().countDocuments({ _id: { $in: want } })).toBe(size);
      const found = await many()
        .find({ _id: { $in: want } }, { projection: { _id: 1 } })
        .toArray();
      expect(found.length).toBe(size);
    }
  });

  it('a long `$in` or `$nin` of strings finds exactly its documents (looked up, not walked)', async () => {
    // Three ids in four, some twice, some that match nothing: the very documents, no others.
    const want = ids.filter((_, i) => i % 4 !== 0);
    const list = [
      ...want,
      ...want.slice(0, 1_000),
      ...Array.from({ length: 1_000 }, (_, i) => `no${i}`),
    ];
    expect(list.length).toBeGreaterThanOrEqual(16_384);
    const found = await many()
      .find({ _id: { $in: list } }, { projection: { _id: 1 } })
      .toArray();
    expect(found.map((d) => d._id).sort()).toEqual([...want].sort());
    const rest = await many()
      .find({ _id: { $nin: list } }, { projection: { _id: 1 } })
      .toArray();
    expect(rest.map((d) => d._id).sort()).toEqual(ids.filter((_, i) => i % 4 === 0).sort());
    // A number or null among them: never equal to a string, still looked up.
    for (const extra of [3, null]) {
      const withExtra = await many()
        .find({ _id: { $in: [...list, extra] as string[] } }, { projection: { _id: 1 } })
        .toArray();
      expect(withExtra.map((d) => d._id).sort()).toEqual([...want].sort());
    }
    // A regular expression among them: the list is walked, row by row, as FerretDB walks it
    // (a shorter list: the walk is what took seconds).
    const walked = await many()
      .find(
        { _id: { $in: [...list.slice(0, 2_000), /^id1999[0-3]$/] } },
        { projection: { _id: 1 } },
      )
      .toArray();
    expect(walked.map((d) => d._id).sort()).toEqual(
      [...want.slice(0, 2_000), 'id19990', 'id19991', 'id19992', 'id19993'].sort(),
    );
  });

  it('a long `$in` of ObjectIds, and of ids of mixed kinds, finds exactly its documents', async () => {
    const c = patched.db(DB).collection('oids');
    const oids = Array.from({ length: 17_000 }, () => new ObjectId());
    await c.insertMany(oids.map((_id, i) => ({ _id, i })));
    const others: Document[] = [
      { _id: 'id1', i: -1 },
      { _id: 7, i: -2 },
    ];
    await c.insertMany(others);
    const asked = [...oids.filter((_, i) => i % 3 === 0), new ObjectId(), 'id1', 7];
    const inAsked: Document = { _id: { $in: asked } };
    const notAsked: Document = { _id: { $nin: asked } };
    const found = await c.find(inAsked, { projection: { i: 1 } }).toArray();
    expect(found.map((d) => d.i as number).sort((a, b) => a - b)).toEqual([
      -2,
      -1,
      ...oids.map((_, i) => i).filter((i) => i % 3 === 0),
    ]);
    expect(await c.countDocuments(notAsked)).toBe(17_000 - Math.ceil(17_000 / 3));
  });

  it('an `$in` of 20,000 numbers on an indexed field, and of doubles', async () => {
    const values = Array.from({ length: N }, (_, i) => i * 2);
    expect(await many().countDocuments({ n: { $in: values } })).toBe(N / 2);
    const half = Array.from({ length: N }, (_, i) => i + 0.5).filter((_, i) => i % 4 === 0);
    expect(await many().countDocuments({ d: { $in: half } })).toBe(N / 4);
    const plan = (await many()
      .find({ n: { $in: values }, _id: { $nin: ['id0'] } })
      .explain()) as Document;
    expect(plan).toMatchObject({ filterPushdown: true });
  });

  it('an `$or` of 1,000 and of 3,000 branches answers', async () => {
    for (const size of [1_000, 3_000]) {
      const or = Array.from({ length: size }, (_, i) => ({ n: i * 3 }));
      expect(await many().countDocuments({ $or: or })).toBe(size);
      const found = await many().find({ $or: or }).sort({ n: -1 }).limit(2).toArray();
      expect(found.map((d) => d.n)).toEqual([(size - 1) * 3, (size - 2) * 3]);
    }
  });

  it('a long `$or` of equalities on one field is one `$in`: one bound list in SQL, a set per row', async () => {
    // MongoDB's planner takes `{$or: [{n: 0}, {n: 3}, …]}` as `{n: {$in: [0, 3, …]}}`. The
    // SQL reads one bound list where it made 3,000 index probes joined by OR.
    const or = Array.from({ length: 3_000 }, (_, i) => ({ n: i * 3 }));
    const plan = (await many().find({ $or: or }).explain()) as Document;
    const steps = JSON.stringify(plan.queryPlanner.Plan);
    expect(steps).toMatch(/json_each/);
    expect(steps).not.toMatch(/MULTI-INDEX OR/);
    // An unindexed field: every row is filtered in Go, where each took the 3,000 branches in
    // turn (each number compared in big floats): about 6 minutes of the engine's CPU before,
    // under a second after. The bound leaves the loaded machine room.
    const started = Date.now();
    const halves = Array.from({ length: 3_000 }, (_, i) => ({ d: i * 3 + 0.5 }));
    expect(await many().countDocuments({ $or: halves })).toBe(3_000);
    expect(Date.now() - started).toBeLessThan(60_000);
  }, 120_000);

  it("a long `$or` keeps MongoDB's answers: numbers a double cannot hold, -0, other branches", async () => {
    const results = await both(async (client) => {
      const c = client.db(DB).collection<Doc>('orkinds');
      await c.insertMany([
        { _id: 1, v: Long.fromString('9007199254740993') },
        { _id: 2, v: 9_007_199_254_740_992 },
        { _id: 3, v: 2.5 },
        { _id: 4, v: -0 },
        { _id: 5, v: 'x', w: 1 },
        { _id: 6, w: 2 },
        { _id: 7, v: [7, 8] },
        { _id: 8, v: 'Abc' },
      ]);
      const fillers = Array.from({ length: 40 }, (_, i) => ({ v: `none${i}` }));
      const ask = async (or: Document[]) =>
        (await c.find({ $or: [...fillers, ...or] }).toArray()).map((d) => d._id).sort();
      return [
        await ask([{ v: Long.fromString('9007199254740993') }]),
        await ask([{ v: 9_007_199_254_740_992 }]),
        await ask([{ v: 2.5 }, { v: 3 }]),
        await ask([{ v: 0 }]),
        await ask([{ v: { $eq: 8 } }, { w: 2 }]),
        await ask([{ v: null }]),
        await ask([{ v: /^A/ }, { v: { $in: [-1, 'x'] } }]),
        await ask([{ v: { $gt: 'w' } }, { v: 'Abc', w: 1 }]),
      ];
    });
    expect(results[0]).toEqual([[1], [2], [3], [4], [6, 7], [6], [5, 8], [5]]);
    expect(results[1]).toEqual(results[0]);
  });

  it('a long `$or` answers as mingo, whatever its branches', async () => {
    const scalar = fc.oneof(
      fc.integer({ min: -2, max: 2 }),
      fc.constantFrom(0.5, 1.0, 'a', 'b', 'ab', null),
    );
    const doc = fc.record(
      { a: fc.oneof(scalar, fc.array(scalar, { maxLength: 3 })), b: scalar },
      { requiredKeys: [] },
    );
    const branch: fc.Arbitrary<Document> = fc.oneof(
      { weight: 6, arbitrary: scalar.map((v) => ({ a: v })) },
      scalar.map((v) => ({ a: { $eq: v } })),
      fc.array(scalar, { maxLength: 3 }).map(($in) => ({ a: { $in } })),
      fc.constantFrom(/^a/, /b$/).map((r) => ({ a: r })),
      scalar.map((v) => ({ b: v })),
      fc.tuple(scalar, scalar).map(([a, b]) => ({ a, b })),
      fc.integer({ min: -2, max: 2 }).map((v) => ({ a: { $gt: v } })),
    );
    let run = 0;
    await fc.assert(
      fc.asyncProperty(
        fc.array(doc, { maxLength: 15 }),
        fc.array(branch, { minLength: 32, maxLength: 60 }),
        async (docs, or) => {
          const c = patched.db(DB).collection<Doc>(`orprop${run++}`);
          await c.createIndex({ a: 1 });
          if (docs.length) await c.insertMany(docs.map((d, i) => ({ ...d, _id: `d${i}` })));
          const want = mingoIds(await c.find().toArray(), { $or: or });
          expect(idSet(await c.find({ $or: or }).toArray())).toEqual(want);
          expect(await c.countDocuments({ $or: or })).toBe(want?.length);
        },
      ),
      { numRuns: 40 },
    );
  }, 120_000);

  it('a small `$or` and `$in` are still pushed down', async () => {
    const plan = (await many()
      .find({ $or: [{ n: 1 }, { n: { $in: [5, 7] } }] })
      .explain()) as Document;
    expect(plan).toMatchObject({ filterPushdown: true });
    expect(JSON.stringify(plan.queryPlanner.Plan)).toMatch(/INDEX/);
  });
});

describe('field names that differ only in case', () => {
  it('`status` and `Status` are indexed and queried apart', async () => {
    const results = await both(async (client) => {
      const c = client.db(DB).collection<Doc>('cases');
      await c.insertMany([
        { _id: 1, status: 'a', Status: 'b' },
        { _id: 2, status: 'b', Status: 'a' },
        { _id: 3, status: 'b' },
      ]);
      await c.createIndex({ status: 1 });
      await c.createIndex({ Status: 1 });
      await c.insertOne({ _id: 4, status: 'a', Status: 'a' });
      await c.updateOne({ _id: 1 }, { $set: { Status: 'c' } });
      return {
        indexes: (await c.listIndexes().toArray()).map((i) => i.name).sort(),
        lower: (await c.find({ status: 'a' }).sort({ _id: 1 }).toArray()).map((d) => d._id),
        upper: (await c.find({ Status: 'a' }).sort({ _id: 1 }).toArray()).map((d) => d._id),
        sorted: (await c.find().sort({ Status: -1, _id: 1 }).toArray()).map((d) => d._id),
      };
    });
    expect(results[0]).toEqual({
      indexes: ['Status_1', '_id_', 'status_1'],
      lower: [1, 4],
      upper: [2, 4],
      sorted: [1, 2, 4, 3],
    });
    // FerretDB as released cannot make the second index (its SQLite name, too, ignores case).
    expect(results[1]).toMatchObject({ error: expect.anything() });
  });
});
