import { type Document } from 'mongodb';
import { describe, expect, it } from 'vitest';
import { bothEngines } from './both-engines.js';

/** Documents with the test's own ids. */
type Doc = Document & { _id: number | string };

/**
 * An index dropped and made again on a field that holds arrays (infra/ferretdb/go/indexes.go,
 * multikey.go): its side table of elements goes with the index, and the new index's is filled
 * from the documents as they are. The side table stayed, its triggers off the writes between,
 * and queries read it: `{tags: "b"}` found nothing and `{tags: "a"}` a document that no longer
 * holds it. Answers are compared with FerretDB as released.
 */
const DB = 'indexrebuild';
const { both } = bothEngines(DB);

describe('an index dropped and made again', () => {
  it('answers from the documents as they are, not from the side table of the old index', async () => {
    const results = await both(async (client) => {
      const c = client.db(DB).collection<Doc>('tags');
      await c.createIndex({ tags: 1 });
      await c.insertOne({ _id: 1, tags: ['a'] });
      expect(await c.countDocuments({ tags: 'a' })).toBe(1);
      await c.dropIndex('tags_1');
      await c.updateOne({ _id: 1 }, { $set: { tags: ['b'] } });
      await c.insertOne({ _id: 2, tags: ['b', 'c'] });
      await c.createIndex({ tags: 1 });
      return {
        b: (await c.find({ tags: 'b' }).sort({ _id: 1 }).toArray()).map((d) => d._id),
        a: await c.countDocuments({ tags: 'a' }),
        c: await c.countDocuments({ tags: { $in: ['c', 'x'] } }),
      };
    });
    expect(results[0]).toEqual({ b: [1, 2], a: 0, c: 1 });
    expect(results[0]).toEqual(results[1]);
  });

  it('a multikey index made while the collection is in use is used and kept', async () => {
    const results = await both(async (client) => {
      const c = client.db(DB).collection<Doc>('late');
      await c.insertMany([
        { _id: 1, k: ['x', 'y'] },
        { _id: 2, k: 'x' },
      ]);
      expect(await c.countDocuments({ k: 'x' })).toBe(2);
      await c.createIndex({ k: 1, _id: 1 });
      await c.updateOne({ _id: 1 }, { $pull: { k: 'x' } } as Document);
      await c.insertOne({ _id: 3, k: ['x'] });
      await c.dropIndex('k_1__id_1');
      await c.updateOne({ _id: 3 }, { $set: { k: ['z'] } });
      await c.createIndex({ k: 1, _id: 1 });
      return {
        x: (await c.find({ k: 'x' }).sort({ _id: -1 }).toArray()).map((d) => d._id),
        z: await c.countDocuments({ k: 'z' }),
      };
    });
    expect(results[0]).toEqual({ x: [2], z: 1 });
    expect(results[0]).toEqual(results[1]);
  });
});
