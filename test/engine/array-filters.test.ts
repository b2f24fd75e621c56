import fc from 'fast-check';
import { Query } from 'mingo';
import { update as mingoUpdate } from 'mingo/updater';
import { type Document } from 'mongodb';
import { describe, expect, it } from 'vitest';
import { bothEngines } from './both-engines.js';

/** Documents with the test's own ids. */
type Doc = Document & { _id: number | string };

/**
 * The positional operators `$[]` and `$[<identifier>]` with `arrayFilters`, in update,
 * updateMany and findAndModify, as MongoDB documents them (infra/ferretdb/go/arrayfilters.go);
 * FerretDB 1.24 refused `arrayFilters` and `$[]`. Random updates are compared with mingo, an
 * implementation of MongoDB's query and update language in the test process. The plain
 * positional `$` is refused, naming it.
 */
const DB = 'arrayfilters';
const { patched, both } = bothEngines(DB);

let n = 0;

/** The document after an update of `doc` (or the error's code and message). */
async function after(doc: Document, update: Document, arrayFilters?: Document[]) {
  const c = patched.db(DB).collection<Doc>(`c${n++}`);
  await c.insertOne({ _id: 1, ...doc });
  try {
    await c.updateOne({ _id: 1 }, update, arrayFilters ? { arrayFilters } : {});
  } catch (e) {
    const { code, message } = e as { code: number; message: string };
    return { code, message };
  }
  const { _id, ...rest } = (await c.findOne({ _id: 1 })) as Document;
  return rest;
}

const mentions = [
  { id: 'u1', name: 'Ann' },
  { id: 'u2', name: 'Bob' },
  { id: 'u1', name: 'Ann' },
];

describe('`$[<identifier>]` with arrayFilters', () => {
  it('changes exactly the elements the filter matches (the erasure of a mentioned person)', async () => {
    expect(
      await after(
        { mentions },
        { $set: { 'mentions.$[m].id': 'gone', 'mentions.$[m].name': 'Deleted user' } },
        [{ 'm.id': 'u1' }],
      ),
    ).toEqual({
      mentions: [
        { id: 'gone', name: 'Deleted user' },
        { id: 'u2', name: 'Bob' },
        { id: 'gone', name: 'Deleted user' },
      ],
    });
  });

  it('takes an operator on the element itself, nested identifiers and `$[]`', async () => {
    // MongoDB's documented examples: `grades.$[element]` with `{element: {$gte: 100}}`.
    expect(
      await after({ grades: [95, 102, 90, 150] }, { $set: { 'grades.$[element]': 100 } }, [
        { element: { $gte: 100 } },
      ]),
    ).toEqual({ grades: [95, 100, 90, 100] });
    expect(await after({ v: [1, 5, 9] }, { $inc: { 'v.$[]': 10 } })).toEqual({ v: [11, 15, 19] });
    expect(
      await after(
        { g: [{ xs: [1, 2] }, { xs: [3] }, { ys: 1 }] },
        { $set: { 'g.$[h].xs.$[x]': 0 } },
        [{ 'h.xs': { $exists: true } }, { x: { $gt: 1 } }],
      ),
    ).toEqual({ g: [{ xs: [1, 0] }, { xs: [0] }, { ys: 1 }] });
    // A field the matched elements lack is created in them.
    expect(
      await after({ mentions }, { $set: { 'mentions.$[m].seen': true } }, [{ 'm.id': 'u2' }]),
    ).toEqual({ mentions: [mentions[0], { ...mentions[1], seen: true }, mentions[2]] });
  });

  it('matches nothing: the document is matched and not modified', async () => {
    const c = patched.db(DB).collection<Doc>(`c${n++}`);
    await c.insertOne({ _id: 1, mentions });
    const written = await c.updateOne(
      { _id: 1 },
      { $set: { 'mentions.$[m].name': 'x' } },
      { arrayFilters: [{ 'm.id': 'nobody' }] },
    );
    expect([written.matchedCount, written.modifiedCount]).toEqual([1, 0]);
  });

  it('applies to every document of an updateMany, and in findOneAndUpdate', async () => {
    const c = patched.db(DB).collection<Doc>(`c${n++}`);
    await c.insertMany([
      { _id: 1, mentions },
      { _id: 2, mentions: [{ id: 'u2', name: 'Bob' }] },
      { _id: 3, mentions: [{ id: 'u1', name: 'Ann' }] },
    ]);
    const many = await c.updateMany(
      { 'mentions.id': 'u1' },
      { $set: { 'mentions.$[m].id': 'gone' } },
      { arrayFilters: [{ 'm.id': 'u1' }] },
    );
    expect([many.matchedCount, many.modifiedCount]).toEqual([2, 2]);
    expect(await c.countDocuments({ 'mentions.id': 'u1' })).toBe(0);
    expect(await c.countDocuments({ 'mentions.id': 'gone' })).toBe(2);
    const found = await c.findOneAndUpdate(
      { _id: 2 },
      { $set: { 'mentions.$[m].name': 'Robert' } },
      { arrayFilters: [{ 'm.id': 'u2' }], returnDocument: 'after' },
    );
    expect(found?.mentions).toEqual([{ id: 'u2', name: 'Robert' }]);
  });

  it('is refused as MongoDB refuses it; FerretDB as released refused it all', async () => {
    const cases: [Document, Document[] | undefined, number, RegExp][] = [
      [{ $set: { 'v.$[q]': 1 } }, undefined, 2, /No array filter found for identifier 'q'/],
      [{ $set: { v: 1 } }, [{ q: 1 }], 9, /array filter for identifier 'q' was not used/],
      [{ $set: { 'v.$[q]': 1 } }, [{ q: 1, r: 2 }], 9, /single top-level field name/],
      [{ $set: { 'v.$[Q]': 1 } }, [{ Q: 1 }], 2, /beginning with a lowercase letter/],
      [{ $set: { 'v.$[q]': 1 } }, [{ q: 1 }, { q: 2 }], 9, /multiple array filters/],
      [{ $set: { 'nope.$[]': 1 } }, undefined, 2, /The path 'nope' must exist/],
      [{ $set: { 's.$[]': 1 } }, undefined, 2, /non-array element s/],
      [{ $set: { 'v.$': 1 } }, undefined, 238, /positional operator '\$'/],
    ];
    for (const [update, filters, code, message] of cases)
      expect(await after({ v: [1, 2], s: 'x' }, update, filters)).toEqual({
        code,
        message: expect.stringMatching(message),
      });
    const [, released] = await both(async (client) => {
      const c = client.db(DB).collection<Doc>(`r${n++}`);
      await c.insertOne({ _id: 1, v: [1] });
      return c.updateOne({ _id: 1 }, { $set: { 'v.$[q]': 2 } }, { arrayFilters: [{ q: 1 }] });
    });
    expect(released).toEqual({ error: 238 });
  });
});

describe('random updates through `$[]` and `$[<identifier>]`', () => {
  const scalar = fc.oneof(fc.integer({ min: -3, max: 3 }), fc.constantFrom('a', 'b', null));
  const element = fc.oneof(
    scalar,
    fc.record({ k: scalar, n: fc.integer({ min: 0, max: 5 }) }, { requiredKeys: [] }),
  );
  const doc = fc.record({ list: fc.array(element, { maxLength: 6 }) });
  const condition = fc.oneof(
    scalar.map((v) => ({ e: v })),
    scalar.map((v) => ({ 'e.k': v })),
    fc.integer({ min: 0, max: 5 }).map((v) => ({ 'e.n': { $gte: v } })),
    fc.integer({ min: -3, max: 3 }).map((v) => ({ e: { $lt: v } })),
    fc.array(scalar, { maxLength: 3 }).map(($in) => ({ 'e.k': { $in } })),
  );
  const change = fc.oneof(
    scalar.map((v) => ({ path: 'list.$[e]', update: { $set: { 'list.$[e]': v } }, uses: true })),
    scalar.map((v) => ({ path: 'k', update: { $set: { 'list.$[e].k': v } }, uses: true })),
    fc.constant({ path: 'n', update: { $unset: { 'list.$[e].n': '' } }, uses: true }),
    fc.constant({ path: 'all', update: { $set: { 'list.$[].seen': 1 } }, uses: false }),
  );

  it('each leaves the document as mingo leaves it', async () => {
    await fc.assert(
      fc.asyncProperty(doc, change, condition, async (d, { update, uses }, cond) => {
        const arrayFilters = uses ? [cond] : undefined;
        // The elements named, by mingo's query language on `{e: element}` as MongoDB applies an
        // array filter; then mingo's updater on their paths.
        const named = d.list.flatMap((e, i) => (!uses || new Query(cond).test({ e }) ? [i] : []));
        const [op, fields] = Object.entries(update)[0] as [string, Document];
        const [path, value] = Object.entries(fields)[0] as [string, unknown];
        const want = structuredClone(d) as Document;
        mingoUpdate(want, {
          [op]: Object.fromEntries(named.map((i) => [path.replace(/\$\[e?\]/, String(i)), value])),
        });
        // A field set in an element that is not a document: MongoDB refuses the update (28).
        const refused =
          op === '$set' &&
          path.includes('].') &&
          named.some((i) => typeof d.list[i] !== 'object' || d.list[i] === null);
        const got = await after(d, update, arrayFilters);
        if (refused) expect(got).toMatchObject({ code: 28 });
        else expect(got).toEqual(want);
      }),
      { numRuns: 80 },
    );
  }, 120_000);
});
