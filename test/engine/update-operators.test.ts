import { type Document } from 'mongodb';
import { describe, expect, it } from 'vitest';
import { bothEngines } from './both-engines.js';

/** Documents with the test's own ids. */
type Doc = Document & { _id: number | string };

/**
 * Update operators the build answers as MongoDB documents them, where FerretDB 1.24 accepted
 * them and did nothing (infra/ferretdb/go/update.go): `$pull` with a condition (a query on each
 * element: operators on a scalar, fields of a sub-document) and `$push` with `$each` and the
 * `$slice` and `$position` modifiers; `$push`'s `$sort` is refused with an error naming it.
 */
const DB = 'updateoperators';
const { patched } = bothEngines(DB);

let n = 0;

/** The document after an update of `doc`. */
async function after(doc: Document, update: Document) {
  const c = patched.db(DB).collection<Doc>(`c${n++}`);
  await c.insertOne({ _id: 1, ...doc });
  await c.updateOne({ _id: 1 }, update);
  const { _id, ...rest } = (await c.findOne({ _id: 1 })) as Document;
  return rest;
}

describe('$pull with a condition', () => {
  it('removes the sub-documents that match a condition on their fields', async () => {
    const list = [
      { a: 1, b: 'x' },
      { a: 2, b: 'y' },
      { a: 3, b: 'x' },
    ];
    expect(await after({ list }, { $pull: { list: { b: 'x' } } })).toEqual({
      list: [{ a: 2, b: 'y' }],
    });
    expect(await after({ list }, { $pull: { list: { a: { $gte: 2 }, b: 'x' } } })).toEqual({
      list: [
        { a: 1, b: 'x' },
        { a: 2, b: 'y' },
      ],
    });
    // The outbox's shape: entries published up to a time.
    const outbox = [
      { id: 'e1', at: new Date(1) },
      { id: 'e2', at: new Date(5) },
    ];
    expect(await after({ outbox }, { $pull: { outbox: { id: { $in: ['e1', 'e9'] } } } })).toEqual({
      outbox: [{ id: 'e2', at: new Date(5) }],
    });
  });

  it('removes the scalars that match an operator, and equal values as before', async () => {
    expect(await after({ v: [1, 5, 2, 8, 'x'] }, { $pull: { v: { $gte: 5 } } })).toEqual({
      v: [1, 2, 'x'],
    });
    expect(await after({ v: [1, 5, 2, 5] }, { $pull: { v: 5 } })).toEqual({ v: [1, 2] });
    expect(await after({ v: [{ a: 1 }, { a: 1, b: 2 }, 3] }, { $pull: { v: { a: 1 } } })).toEqual({
      v: [3],
    });
    expect(await after({ v: ['a', 'bb', 'c'] }, { $pull: { v: { $in: ['a', 'c'] } } })).toEqual({
      v: ['bb'],
    });
  });
});

describe('$push with modifiers', () => {
  it('keeps the last, the first or none of the elements with $slice', async () => {
    const each = { $each: [4, 5] };
    expect(await after({ v: [1, 2, 3] }, { $push: { v: { ...each, $slice: -3 } } })).toEqual({
      v: [3, 4, 5],
    });
    expect(await after({ v: [1, 2, 3] }, { $push: { v: { ...each, $slice: 2 } } })).toEqual({
      v: [1, 2],
    });
    expect(await after({ v: [1, 2, 3] }, { $push: { v: { ...each, $slice: 0 } } })).toEqual({
      v: [],
    });
    expect(await after({}, { $push: { v: { $each: [1, 2, 3], $slice: -2 } } })).toEqual({
      v: [2, 3],
    });
    expect(await after({ v: [1] }, { $push: { v: { $each: [], $slice: -5 } } })).toEqual({
      v: [1],
    });
  });

  it('inserts at $position', async () => {
    expect(await after({ v: [1, 2] }, { $push: { v: { $each: [9], $position: 0 } } })).toEqual({
      v: [9, 1, 2],
    });
    expect(
      await after({ v: [1, 2, 3] }, { $push: { v: { $each: [8, 9], $position: -1 } } }),
    ).toEqual({ v: [1, 2, 8, 9, 3] });
    expect(
      await after({ v: [1, 2] }, { $push: { v: { $each: [9], $position: 1, $slice: 2 } } }),
    ).toEqual({ v: [1, 9] });
  });

  it('refuses what it does not do, naming it, and leaves the document', async () => {
    const c = patched.db(DB).collection<Doc>('refused');
    await c.insertOne({ _id: 1, v: [3, 1] });
    await expect(
      c.updateOne({ _id: 1 }, { $push: { v: { $each: [2], $sort: 1 } } } as Document),
    ).rejects.toThrow(/\$sort/);
    await expect(
      c.updateOne({ _id: 1 }, { $push: { v: { $each: [2], $slice: 'x' } } } as Document),
    ).rejects.toThrow(/\$slice/);
    await expect(
      c.updateOne({ _id: 1 }, { $push: { v: { $each: [2], $x: 1 } } } as Document),
    ).rejects.toThrow(/\$x/);
    expect(await c.findOne({ _id: 1 })).toEqual({ _id: 1, v: [3, 1] });
  });
});
