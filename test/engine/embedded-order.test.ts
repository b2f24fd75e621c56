import { describe, expect, it } from 'vitest';
import { bothEngines } from './both-engines.js';

/**
 * MongoDB moves a document's own `_id` to the front and keeps every embedded document's
 * fields in the order written; documents compare field by field in that order. FerretDB as
 * released moved `_id` first at every level, so an embedded document no longer equalled
 * what was written: a filter or a `$pullAll` with the written value matched nothing.
 */
const DB = 'embeddedorder';
const { both } = bothEngines(DB);

/** An entry as the issues service writes one: its `_id` after the fields it spreads. */
const entry = (id: string) => ({ action: 'status_changed', _id: id, at: new Date(7) });
type Entry = ReturnType<typeof entry>;
type Stored = { _id: string; title?: string; list?: Entry[]; one?: Entry };

describe('embedded documents keep the order they were written in', () => {
  it("stores an embedded `_id` in place and a document's own first", async () => {
    const [mine, theirs] = await both(async (client) => {
      const coll = client.db(DB).collection<Stored>('stored');
      await coll.insertOne({
        title: 't',
        _id: 'd',
        list: [entry('e1')],
        one: entry('e0'),
      });
      await coll.updateOne({ _id: 'd' }, { $push: { list: entry('e2') } });
      const doc = (await coll.findOne({ _id: 'd' }))!;
      return {
        top: Object.keys(doc),
        list: doc.list!.map((e) => Object.keys(e)),
        one: Object.keys(doc.one!),
      };
    });
    expect(mine).toEqual({
      top: ['_id', 'title', 'list', 'one'],
      list: [
        ['action', '_id', 'at'],
        ['action', '_id', 'at'],
      ],
      one: ['action', '_id', 'at'],
    });
    // As released: `_id` first in every embedded document.
    expect(theirs).toMatchObject({
      list: [
        ['_id', 'action', 'at'],
        ['_id', 'action', 'at'],
      ],
    });
  });

  it('matches and pulls an embedded document by the value written', async () => {
    const [mine, theirs] = await both(async (client) => {
      const coll = client.db(DB).collection<Stored>('matched');
      await coll.insertOne({ _id: 'd', list: [entry('e1'), entry('e2')] });
      const whole = await coll.countDocuments({ _id: 'd', list: [entry('e1'), entry('e2')] });
      const pulled = await coll.updateOne({ _id: 'd' }, { $pullAll: { list: [entry('e1')] } });
      const cleared = await coll.updateOne(
        { _id: 'd', list: [entry('e2')] },
        { $unset: { list: '' } },
      );
      const left = (await coll.findOne({ _id: 'd' }))!;
      return {
        whole,
        pulled: pulled.modifiedCount,
        cleared: cleared.modifiedCount,
        left: 'list' in left,
      };
    });
    expect(mine).toEqual({ whole: 1, pulled: 1, cleared: 1, left: false });
    expect(theirs).toEqual({ whole: 0, pulled: 0, cleared: 0, left: true });
  });
});
