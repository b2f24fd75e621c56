import fc from 'fast-check';
import { type Document } from 'mongodb';
import { describe, expect, it } from 'vitest';
import { bothEngines } from './both-engines.js';

/**
 * The patched engine keeps each indexed field's rank and value in columns of its own, set by
 * each write, and an update sets only those of fields it changed (infra/ferretdb/go/keyed.go).
 * A column that missed a change would make an indexed query miss or misplace a document:
 * here documents written before their index exists, updates of indexed and unindexed fields,
 * and an index dropped, written past and made again are queried on both builds.
 */
const DB = 'keycolumns';
/** Documents with the test's own string ids. */
type Doc = Document & { _id: string };
const { patched, both } = bothEngines(DB);

const scalar = fc.oneof(
  fc.integer({ min: -2, max: 2 }),
  fc.constantFrom(0.5, 'a', 'b', '', true, false, null, new Date(5), new Date(6)),
);

/** A change of one document: `$set` or `$unset` of an indexed field (`a`) or another (`u`). */
const change = fc.record({
  id: fc.nat(9),
  field: fc.constantFrom('a', 'u'),
  to: fc.option(scalar, { nil: undefined }),
});

const step = fc.oneof(
  { weight: 6, arbitrary: change.map((c) => ({ kind: 'change' as const, ...c })) },
  { weight: 1, arbitrary: fc.constant({ kind: 'reindex' as const }) },
);

let run = 0;

const query = (name: string, value: unknown) =>
  both(async (client) =>
    (
      await client
        .db(DB)
        .collection<Doc>(name)
        .find({ a: { $in: [value, 0, 'b'] } })
        .sort({ a: 1, _id: 1 })
        .toArray()
    ).map((d) => d._id as string),
  );

describe('key columns follow every write', () => {
  it('answer as FerretDB as released after writes before the index, updates and a re-made index', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(scalar, { minLength: 10, maxLength: 10 }),
        fc.array(step, { maxLength: 12 }),
        scalar,
        async (values, steps, probe) => {
          const name = `k${run++}`;
          await both(async (client) => {
            const coll = client.db(DB).collection<Doc>(name);
            await coll.insertMany(values.map((a, i) => ({ _id: `d${i}`, a, u: i })));
            await coll.createIndex({ a: 1, _id: 1 });
          });
          for (const s of steps) {
            await both(async (client) => {
              const coll = client.db(DB).collection<Doc>(name);
              if (s.kind === 'reindex') {
                await coll.dropIndex('a_1__id_1');
                // Written while no index keys `a`: its columns are left as they were.
                await coll.updateMany({}, { $inc: { u: 1 }, $set: { a: 'b' } });
                await coll.createIndex({ a: 1, _id: 1 });
                return;
              }
              const update =
                s.to === undefined ? { $unset: { [s.field]: '' } } : { $set: { [s.field]: s.to } };
              await coll.updateOne({ _id: `d${s.id}` }, update);
            });
            const [mine, theirs] = await query(name, probe);
            expect(mine).toEqual(theirs);
          }
          const [mine, theirs] = await query(name, probe);
          expect(mine).toEqual(theirs);
        },
      ),
      { numRuns: 25 },
    );
  });

  it('serve an indexed query from the index made after the documents', async () => {
    const coll = patched.db(DB).collection<Doc>(`k${run++}`);
    await coll.insertMany(Array.from({ length: 20 }, (_, i) => ({ _id: `d${i}`, a: i % 4 })));
    await coll.createIndex({ a: 1, _id: 1 });
    await coll.updateOne({ _id: 'd0' }, { $set: { a: 3 } });
    const plan = (await coll.find({ a: 3 }).sort({ _id: 1 }).explain()) as Document;
    expect(plan.queryPlanner.Plan.join('\n')).toMatch(/USING (COVERING )?INDEX \S+_a_1__id_1/);
    expect((await coll.find({ a: 3 }).sort({ _id: 1 }).toArray()).map((d) => d._id)).toEqual([
      'd0',
      'd11',
      'd15',
      'd19',
      'd3',
      'd7',
    ]);
  });
});
