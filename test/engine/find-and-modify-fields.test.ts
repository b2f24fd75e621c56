import { describe, expect, it } from 'vitest';
import { bothEngines } from './both-engines.js';

/**
 * findAndModify's `fields` (infra/ferretdb/go/fields.go): the document answered, projected as
 * find projects it. FerretDB as released refuses the option (238); MongoDB takes it, and so
 * a client that wanted a written document without its outbox had to drop it itself.
 */
const DB = 'findandmodifyfields';
const { patched, both } = bothEngines(DB);
const NOT_IMPLEMENTED = 238;

type Doc = { _id: string; a?: number; b?: string; _outbox?: unknown[] };
const coll = (client: typeof patched, name: string) => client.db(DB).collection<Doc>(name);

describe("findAndModify's fields", () => {
  it('projects the document answered, before or after the update', async () => {
    const [mine, theirs] = await both(async (client) => {
      const c = coll(client, 'projected');
      await c.insertOne({ _id: 'd', a: 1, b: 'x', _outbox: [{ id: 'e1' }] });
      const after = await c.findOneAndUpdate(
        { _id: 'd' },
        { $inc: { a: 1 } },
        { returnDocument: 'after', projection: { _outbox: 0 } },
      );
      const before = await c.findOneAndUpdate(
        { _id: 'd' },
        { $inc: { a: 1 } },
        { returnDocument: 'before', projection: { a: 1 } },
      );
      const noId = await c.findOneAndUpdate(
        { _id: 'd' },
        { $set: { b: 'y' } },
        { returnDocument: 'after', projection: { _id: 0, b: 1 } },
      );
      const none = await c.findOneAndUpdate(
        { _id: 'missing' },
        { $set: { b: 'z' } },
        { projection: { a: 1 } },
      );
      return { after, before, noId, none, stored: await c.findOne({ _id: 'd' }) };
    });
    expect(mine).toEqual({
      after: { _id: 'd', a: 2, b: 'x' },
      before: { _id: 'd', a: 2 },
      noId: { b: 'y' },
      none: null,
      stored: { _id: 'd', a: 3, b: 'y', _outbox: [{ id: 'e1' }] },
    });
    expect(theirs).toEqual({ error: NOT_IMPLEMENTED });
  });

  it('projects an upserted and a removed document', async () => {
    const c = coll(patched, 'upserted');
    const upserted = await c.findOneAndUpdate(
      { _id: 'u' },
      { $set: { a: 1, b: 'x' } },
      { upsert: true, returnDocument: 'after', projection: { b: 0 } },
    );
    expect(upserted).toEqual({ _id: 'u', a: 1 });
    const removed = await c.findOneAndDelete({ _id: 'u' }, { projection: { b: 1 } });
    expect(removed).toEqual({ _id: 'u', b: 'x' });
    expect(await c.countDocuments()).toBe(0);
  });

  it('refuses a projection find refuses, before writing anything', async () => {
    const c = coll(patched, 'refused');
    await c.insertOne({ _id: 'd', a: 1, b: 'x' });
    const projection = { a: 1, b: 0 };
    const byFind = await c
      .findOne({ _id: 'd' }, { projection })
      .catch((e: { code?: number }) => ({ error: e.code }));
    const byFindAndModify = await c
      .findOneAndUpdate({ _id: 'd' }, { $inc: { a: 1 } }, { projection })
      .catch((e: { code?: number }) => ({ error: e.code }));
    expect(byFind).toEqual({ error: expect.any(Number) });
    expect(byFindAndModify).toEqual(byFind);
    expect(await c.findOne({ _id: 'd' })).toEqual({ _id: 'd', a: 1, b: 'x' });
  });
});
