import fc from 'fast-check';
import { Double, type Document } from 'mongodb';
import { describe, expect, it } from 'vitest';
import { bothEngines } from './both-engines.js';

/** Documents with the test's own ids. */
type Doc = Document & { _id: number | string };

/**
 * A stored double is found by an equality, an `$in` or a range on its exact value, across the
 * whole range of doubles (infra/ferretdb/go/pushdown.go). The key column holds SQLite's parse
 * of the document's text, which the pure-Go SQLite (no long double) rounds one unit off for
 * about one double in six drawn from the whole range, while the query bound Go's exact value:
 * those stored doubles were not found. The query's value now goes through the same parse.
 */
const DB = 'doubles';
const { patched, both } = bothEngines(DB);

/** Any finite double: its 64 bits drawn at random, so every exponent is as likely. */
const anyDouble = fc
  .tuple(fc.integer({ min: 0, max: 2 ** 32 - 1 }), fc.integer({ min: 0, max: 2 ** 32 - 1 }))
  .map(([hi, lo]) => {
    const view = new DataView(new ArrayBuffer(8));
    view.setUint32(0, hi);
    view.setUint32(4, lo);
    return view.getFloat64(0);
  })
  .filter(Number.isFinite);
const double = fc.oneof(anyDouble, fc.double({ noNaN: true, noDefaultInfinity: true }));

let run = 0;

/** The values of `values` that an equality, an `$in` or a range on them does not find once. */
async function missed(name: string, values: number[]) {
  const c = patched.db(DB).collection<Doc>(name);
  await c.createIndex({ d: 1 });
  await c.insertMany(values.map((d, i) => ({ _id: i, d: new Double(d) })));
  const counts = await Promise.all(
    values.map(async (d) => {
      const v = new Double(d);
      return Promise.all([
        c.countDocuments({ d: v }),
        c.countDocuments({ d: { $in: [v, 'x'] } }),
        c.countDocuments({ d: { $gte: v, $lte: v } }),
      ]);
    }),
  );
  return values.filter((_, i) => counts[i]?.some((n) => n !== 1) ?? true);
}

describe('stored doubles compared exactly', () => {
  it('equality, $in and ranges find each stored double', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.uniqueArray(double, { minLength: 20, maxLength: 40, comparator: 'SameValueZero' }),
        async (values) => {
          expect(await missed(`d${run++}`, values)).toEqual([]);
        },
      ),
      { numRuns: 10 },
    );
  });

  it('the doubles the build before did not find, and their order', async () => {
    // Drawn by the property above; each missed its own equality on the build before.
    const values = [
      2.3440339575053552e-169, -4.305756501755002e-299, 1.1621371802145535e-145,
      1.7482845924737882e292, -1.6042609203298723e245, 3.536222970570338e296,
      -3.572444163046049e-242, 5.292853685426376e-112, 1.7976931348623157e308, 5e-324,
    ];
    expect(await missed('fixed', values)).toEqual([]);
    const sorted = await both(async (client) => {
      const c = client.db(DB).collection<Doc>('fixed2');
      await c.createIndex({ d: 1 });
      await c.insertMany(values.map((d, _id) => ({ _id, d: new Double(d) })));
      return (await c.find().sort({ d: 1 }).toArray()).map((x) => x._id);
    });
    expect(sorted[0]).toEqual(sorted[1]);
  });
});
