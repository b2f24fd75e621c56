import fc from 'fast-check';
import type { Collection, Document, Sort } from 'mongodb';
import { describe, expect, it } from 'vitest';
import { bothEngines } from './both-engines.js';
import { oracleIds } from './oracle.js';

/**
 * Compound multikey indexes (infra/ferretdb/go/multikey.go, sideplan.go): an index led by a
 * field that holds arrays gets a side table of entries, one per document and element, which
 * a filter on the elements with the index's next keys, sorted as the index goes, walks up to
 * its limit; a count whose every condition is the index's counts its entries alone. The
 * answers are FerretDB's as released, as documents change (the triggers); explain shows the
 * walk (the released build pushes nothing down).
 */
const DB = 'multikey';
const { patched, unpatched, both } = bothEngines(DB);

let run = 0;

/** Ids of mixed types and unicode, so the `_id` order has brackets to keep apart. */
const idOf = (i: number) => (i % 5 === 0 ? i : i % 5 === 1 ? `é${i}` : `d${i}`);

/** The search indexes. */
async function makeIndexes(coll: Collection<Document>) {
  await coll.createIndex({ k: 1, t: 1, _id: 1 });
  await coll.createIndex({ k: 1, p: 1, _id: -1 });
  // The whole scope as keys: a count of the search's shape reads entries only (covered).
  await coll.createIndex({ k: 1, p: 1, t: 1, deleted: 1, _id: 1 });
}

/** A fresh collection on both engines with the search indexes and documents. */
async function seed(docs: Document[]): Promise<string> {
  const name = `m${run++}`;
  const setup = await both(async (client) => {
    const coll = client.db(DB).collection<{ _id: string | number }>(name);
    await makeIndexes(coll as unknown as Collection<Document>);
    if (docs.length) await coll.insertMany(docs.map((d, i) => ({ ...d, _id: idOf(i) })));
  });
  // A setup one build refuses (an index, a document) would make its run another test.
  expect(setup).toEqual([undefined, undefined]);
  return name;
}

const WORDS = ['x', 'y', 'z', 'ÿ', '😀', '', null, 1, 1.5];
const word = fc.constantFrom(...WORDS);
const keys = fc.oneof(
  { weight: 3, arbitrary: fc.array(word, { maxLength: 4 }) },
  { weight: 1, arbitrary: word },
);
const team = fc.constantFrom('t1', 't2', 2, null);
const doc = fc.record(
  {
    k: keys,
    t: team,
    p: fc.constantFrom('p1', 'p2'),
    deleted: fc.constantFrom(null, new Date(0)),
  },
  { requiredKeys: [] },
);

const one = <T>(values: fc.Arbitrary<T>) =>
  fc.oneof(
    values,
    fc.array(values, { minLength: 1, maxLength: 2 }).map(($in) => ({ $in })),
  );

/** The search's shape: elements, the scope, not deleted; with and without the scope. */
const filter = fc
  .record(
    { k: one(word), t: one(team), p: fc.constantFrom('p1', 'p2'), deleted: fc.constant(null) },
    { requiredKeys: ['k'] },
  )
  .map((f) => f as Document);

const sort = fc.constantFrom<Sort>({ _id: -1 }, { _id: 1 });

/**
 * Changes by operators: of the array's elements (an element set by its path is changed in
 * the stored array itself, the case most likely to go unseen), of another key, of a field no
 * index names.
 */
const inPlace = fc.oneof(
  { weight: 4, arbitrary: word.map((w) => ({ $set: { 'k.0': w } })) },
  { weight: 2, arbitrary: fc.constant({ $inc: { 'k.0': 1 } }) },
  word.map((w) => ({ $push: { k: w } })),
  word.map((w) => ({ $addToSet: { k: w } })),
  word.map((w) => ({ $pull: { k: w } })),
  fc.constant({ $pop: { k: 1 } }),
  team.map((t) => ({ $set: { t } })),
  fc.constant({ $set: { note: 'another field' } }),
) as fc.Arbitrary<Document>;

describe('compound multikey indexes answer as FerretDB as released', () => {
  it('finds, pipes and counts the same documents as they change', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(doc, { maxLength: 25 }),
        fc.array(
          fc.record({
            filter,
            sort,
            skip: fc.nat(2),
            limit: fc.nat(5),
            change: fc.record({
              id: fc.nat(29).map(idOf),
              to: fc.option(doc),
              // Or an operator's change in place, mostly of a stored document: the update
              // trigger fires only when it sets the keys' columns, which it does only for a
              // key whose value changed.
              op: fc.option(fc.record({ id: fc.nat(9).map(idOf), update: inPlace }), { freq: 2 }),
            }),
            // The indexes dropped before the change and made again after it: their side tables
            // go, and come back from the documents as they are then (kept, they answered as
            // they were at the drop).
            reindex: fc.nat(3).map((n) => n === 0),
          }),
          { minLength: 1, maxLength: 6 },
        ),
        async (docs, steps) => {
          const name = await seed(docs);
          for (const step of steps) {
            const results = await both(async (client) => {
              const coll = client.db(DB).collection(name);
              const { id, to, op } = step.change;
              if (step.reindex) await coll.dropIndexes();
              // Refused alike by both (an array operator on a scalar, say): the answers
              // that follow show the documents were left alike too.
              let refused = false;
              if (op)
                refused = await coll.updateOne({ _id: op.id } as Document, op.update).then(
                  () => false,
                  () => true,
                );
              else if (to === null) await coll.deleteOne({ _id: id } as Document);
              else await coll.replaceOne({ _id: id } as Document, to, { upsert: true });
              if (step.reindex) await makeIndexes(coll);
              const find = coll.find(step.filter).sort(step.sort).skip(step.skip);
              return {
                found: (await find.limit(step.limit).toArray()).map((d) => d._id),
                piped: (
                  await coll
                    .aggregate([
                      { $match: step.filter },
                      { $sort: step.sort },
                      ...(step.limit ? [{ $limit: step.limit }] : []),
                      { $project: { k: 1 } },
                    ])
                    .toArray()
                ).map((d) => [d._id, d.k]),
                refused,
                count: await coll.countDocuments(step.filter, {
                  skip: step.skip,
                  ...(step.limit ? { limit: step.limit } : {}),
                }),
                // After the indexes were made again, every word's documents (the step's filter
                // alone mostly matches none).
                ...(step.reindex && {
                  perWord: await Promise.all(WORDS.map((w) => coll.countDocuments({ k: w }))),
                }),
              };
            });
            expect(results[0]).toEqual(results[1]);
            // And as MongoDB's semantics do (mingo on the stored documents): the count, and
            // a page of matches as long as the skip and limit leave.
            const [mine] = results;
            const want = await oracleIds(unpatched, DB, name, step.filter);
            if (want && !('error' in mine)) {
              const left = Math.max(0, want.length - step.skip);
              const n = step.limit ? Math.min(step.limit, left) : left;
              expect(mine.count).toBe(n);
              expect(mine.found).toHaveLength(n);
              expect(want).toEqual(expect.arrayContaining(mine.found.map(String)));
            }
          }
        },
      ),
      { numRuns: 80 },
    );
  }, 300_000);
});

describe('what the patched engine walks (explain)', () => {
  it('walks the side index from the newest `_id` down, with no sort of its own', async () => {
    const name = await seed(
      Array.from({ length: 60 }, (_, i) => ({
        k: i % 3 === 0 ? ['x', 'y'] : ['y'],
        t: `t${i % 2}`,
        p: 'p1',
        deleted: null,
      })),
    );
    const coll = patched.db(DB).collection(name);
    const f = { k: { $in: ['x'] }, t: { $in: ['t1'] }, deleted: null };
    const plan = (await coll.find(f).sort({ _id: -1 }).limit(3).explain()) as Document;
    expect(plan).toMatchObject({ filterPushdown: true, sortPushdown: true, limitPushdown: true });
    const steps = (plan.queryPlanner.Plan as string[]).join('\n');
    expect(steps).toMatch(
      /SEARCH m USING COVERING INDEX \S+__mk_[0-9a-f]{8}__key \(k0r=\? AND k0v=\? AND k1r=\? AND k1v=\?\)/,
    );
    expect(steps).not.toMatch(/TEMP B-TREE/);
    const found = await coll.find(f).sort({ _id: -1 }).limit(3).toArray();
    expect(found.map((d) => d._id)).toEqual((await expected(name, f)).slice(0, 3));
    expect(found).toHaveLength(3);
  });

  it('keeps the entries when other fields change, and moves them when the keys do', async () => {
    const name = await seed([
      { k: ['x'], t: 't1' },
      { k: 'x', t: 't1' },
      { k: ['y'], t: 't1' },
    ]);
    const coll = patched.db(DB).collection(name);
    const count = () => coll.countDocuments({ k: 'x', t: 't1' });
    expect(await count()).toBe(2);
    await coll.updateOne({ _id: idOf(0) } as Document, { $set: { note: 'other field' } });
    expect(await count()).toBe(2);
    await coll.updateOne({ _id: idOf(2) } as Document, { $set: { k: ['y', 'x', 'x'] } });
    await coll.updateOne({ _id: idOf(1) } as Document, { $set: { t: 't2' } });
    expect(await count()).toBe(2);
    // In place: the array changes under the same field.
    await coll.updateOne({ _id: idOf(0) } as Document, { $push: { k: 'z' } } as Document);
    expect(await coll.countDocuments({ k: 'z', t: 't1' })).toBe(1);
    await coll.updateOne({ _id: idOf(0) } as Document, { $pull: { k: 'x' } } as Document);
    expect(await count()).toBe(1);
    await coll.updateOne({ _id: idOf(0) } as Document, { $set: { 'k.0': 'x' } });
    expect(await count()).toBe(2);
    expect(
      (await coll.find({ k: 'x', t: 't1' }).sort({ _id: 1 }).toArray()).map((d) => d._id),
    ).toEqual([idOf(0), idOf(2)]);
  });
});

/** The ids FerretDB as released finds for a filter, newest `_id` first. */
async function expected(name: string, f: Document) {
  const docs = await unpatched.db(DB).collection(name).find(f).sort({ _id: -1 }).toArray();
  return docs.map((d) => d._id);
}
