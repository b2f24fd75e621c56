import { describe, expect, it } from 'vitest';
import { bothEngines } from './both-engines.js';

/**
 * TTL indexes (infra/ferretdb/go/ttl.go). FerretDB as released refuses `expireAfterSeconds`;
 * the patched engine keeps it with the index, lists it, and deletes, as MongoDB's TTL monitor
 * does, each document whose indexed field holds a date (or an array holding one) older than
 * that. The engines here look every second (test/engine/setup.ts).
 */
const DB = 'ttlindexes';
const { patched, both } = bothEngines(DB);
const NOT_IMPLEMENTED = 238;

type Doc = { _id: string; at?: unknown };

describe('TTL indexes', () => {
  it('deletes what expired and keeps everything else', async () => {
    const old = new Date(Date.now() - 60_000);
    const later = new Date(Date.now() + 3_600_000);
    const docs: Doc[] = [
      { _id: 'old', at: old },
      { _id: 'old-in-array', at: [later, old] },
      { _id: 'later', at: later },
      { _id: 'later-in-array', at: [later] },
      { _id: 'a-string', at: old.toISOString() },
      { _id: 'a-number', at: old.getTime() },
      { _id: 'null', at: null },
      { _id: 'missing' },
    ];
    const [mine, theirs] = await both(async (client) => {
      const coll = client.db(DB).collection<Doc>('expiring');
      await coll.insertMany(docs);
      const name = await coll.createIndex({ at: 1 }, { expireAfterSeconds: 1 });
      return (await coll.listIndexes().toArray()).find((i) => i.name === name);
    });
    expect(mine).toMatchObject({ key: { at: 1 }, name: 'at_1', expireAfterSeconds: 1 });
    expect(theirs).toEqual({ error: NOT_IMPLEMENTED });

    const coll = patched.db(DB).collection<Doc>('expiring');
    const ids = async () => (await coll.find({}, { sort: { _id: 1 } }).toArray()).map((d) => d._id);
    const deadline = Date.now() + 10_000;
    while ((await ids()).includes('old') && Date.now() < deadline)
      await new Promise((r) => setTimeout(r, 100));
    expect(await ids()).toEqual([
      'a-number',
      'a-string',
      'later',
      'later-in-array',
      'missing',
      'null',
    ]);
    // A document written later expires on the next look.
    await coll.insertOne({ _id: 'old-again', at: old });
    const again = Date.now() + 10_000;
    while ((await ids()).includes('old-again') && Date.now() < again)
      await new Promise((r) => setTimeout(r, 100));
    expect(await ids()).not.toContain('old-again');
  });

  it('deletes a backlog of several batches (a thousand per hold of the write lock)', async () => {
    const coll = patched.db(DB).collection<Doc>('backlog');
    const old = new Date(Date.now() - 60_000);
    await coll.insertMany(Array.from({ length: 2_500 }, (_, i) => ({ _id: `d${i}`, at: old })));
    await coll.insertOne({ _id: 'kept', at: new Date(Date.now() + 3_600_000) });
    await coll.createIndex({ at: 1 }, { expireAfterSeconds: 0 });
    const deadline = Date.now() + 15_000;
    while ((await coll.countDocuments()) > 1 && Date.now() < deadline)
      await new Promise((r) => setTimeout(r, 200));
    expect(await coll.find().toArray()).toEqual([{ _id: 'kept', at: expect.any(Date) }]);
  });

  it.each([
    ['a compound index', { a: 1, b: 1 }, 3600, 67],
    ['the _id index', { _id: 1 }, 3600, 197],
    ['a negative expiry', { c: 1 }, -1, 67],
    ['an expiry past 2^31 - 1', { c: 1 }, 2 ** 31, 67],
    ['an expiry that is not a number', { c: 1 }, 'soon', 67],
  ])('refuses %s as MongoDB does', async (_what, key, expireAfterSeconds, code) => {
    const [mine, theirs] = await both((client) =>
      client.db(DB).command({
        createIndexes: 'refused',
        indexes: [{ key, name: 'ttl', expireAfterSeconds }],
      }),
    );
    expect(mine).toEqual({ error: code });
    expect(theirs).toEqual({ error: NOT_IMPLEMENTED });
  });

  it('refuses the same index asked for with another expiry, and accepts it with the same', async () => {
    const coll = patched.db(DB).collection('conflict');
    await coll.createIndex({ at: 1 }, { name: 'expiry', expireAfterSeconds: 60 });
    await expect(
      coll.createIndex({ at: 1 }, { name: 'expiry', expireAfterSeconds: 60 }),
    ).resolves.toBe('expiry');
    await expect(
      coll.createIndex({ at: 1 }, { name: 'expiry', expireAfterSeconds: 120 }),
    ).rejects.toMatchObject({ code: 85 });
    await expect(coll.createIndex({ at: 1 }, { name: 'expiry' })).rejects.toMatchObject({
      code: 85,
    });
    const listed = await coll.listIndexes().toArray();
    expect(listed.find((i) => i.name === 'expiry')).toMatchObject({ expireAfterSeconds: 60 });
  });
});
