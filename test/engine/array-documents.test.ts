import { type Document } from 'mongodb';
import { describe, expect, it } from 'vitest';
import { bothEngines } from './both-engines.js';

/** Documents with the test's own ids. */
type Doc = Document & { _id: number };

/**
 * An equality with a document matches an array holding an element equal to it, as MongoDB's
 * does (infra/ferretdb/go/filter.go): `{list: {a: 1}}` finds `{list: [{a: 1}, {b: 2}]}`.
 * FerretDB 1.24, patched or not, compared the document with the array itself and found
 * nothing: a silent wrong answer, not a refusal.
 */
const DB = 'arraydocuments';
const { patched } = bothEngines(DB);

describe('an equality with a document on an array of documents', () => {
  it('matches the documents whose array holds an equal element, as MongoDB does', async () => {
    const c = patched.db(DB).collection<Doc>('lists');
    await c.insertMany([
      { _id: 1, list: [{ a: 1 }, { b: 2 }] },
      { _id: 2, list: [{ a: 1, b: 2 }] },
      { _id: 3, list: { a: 1 } },
      { _id: 4, list: [{ b: 2, a: 1 }] },
      { _id: 6, list: 'x' },
    ]);
    const ids = async (filter: Document) =>
      (await c.find(filter).sort({ _id: 1 }).toArray()).map((d) => d._id);
    expect(await ids({ list: { a: 1 } })).toEqual([1, 3]);
    expect(await ids({ list: { $eq: { a: 1 } } })).toEqual([1, 3]);
    // Fields in order, as MongoDB compares documents.
    expect(await ids({ list: { a: 1, b: 2 } })).toEqual([2]);
    expect(await ids({ list: { b: 2, a: 1 } })).toEqual([4]);
    expect(await c.countDocuments({ list: { b: 2 } })).toBe(1);
    expect(await c.countDocuments({ list: { a: 2 } })).toBe(0);
  });
});
