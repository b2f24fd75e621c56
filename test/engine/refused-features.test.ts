import { Long } from 'mongodb';
import { describe, expect, it } from 'vitest';
import { bothEngines } from './both-engines.js';

/**
 * Features this engine does not have are refused with an error naming them, never answered
 * (infra/ferretdb/go/refuse.go): `$text` (27, MongoDB's answer where no text index exists, and
 * none can here), transactions (20, a standalone MongoDB's code) and text indexes (238). Each
 * case also says what FerretDB as released answers, the wrong or unnamed answer replaced.
 */
const DB = 'refusedfeatures';
const { patched, unpatched, both } = bothEngines(DB);

type Refusal = { code?: number; errmsg?: string };

/** An operation's error as its code and message, or what it answered. */
const outcome = (op: Promise<unknown>): Promise<Refusal | { answered: unknown }> =>
  op.then(
    (answered) => ({ answered }),
    (e: Refusal) => ({ code: e.code, errmsg: e.errmsg }),
  );

describe('$text', () => {
  const textFilter = { $text: { $search: 'coffee' } };

  it('is refused over a collection with no documents, where FerretDB answered []', async () => {
    const find = (client: typeof patched) =>
      outcome(client.db(DB).collection('empty').find(textFilter).toArray());
    expect(await find(unpatched)).toEqual({ answered: [] });
    expect(await find(patched)).toEqual({
      code: 27,
      errmsg: expect.stringMatching(/text index required for \$text query.*not supported/),
    });
  });

  it('is refused, naming $text, however the filter holds it and whatever the collection holds', async () => {
    await both((client) =>
      client
        .db(DB)
        .collection('notes')
        .insertOne({ _id: 1, body: 'coffee' } as never),
    );
    const notes = patched.db(DB).collection('notes');
    const cases: [string, () => Promise<unknown>][] = [
      ['find', () => notes.find(textFilter).toArray()],
      ['find in $or', () => notes.find({ $or: [textFilter, { body: 'tea' }] }).toArray()],
      ['count', () => notes.countDocuments(textFilter)],
      ['aggregate', () => notes.aggregate([{ $match: textFilter }]).toArray()],
      ['delete', () => notes.deleteMany(textFilter)],
      ['update', () => notes.updateMany(textFilter, { $set: { seen: true } })],
      ['findAndModify', () => notes.findOneAndUpdate(textFilter, { $set: { seen: true } })],
      ['distinct', () => notes.distinct('body', textFilter)],
    ];
    for (const [what, op] of cases)
      expect([what, await outcome(op())]).toEqual([
        what,
        { code: 27, errmsg: expect.stringContaining('$text') },
      ]);
    // Nothing was changed, and the document is there to be read.
    expect(await notes.find({}).toArray()).toEqual([{ _id: 1, body: 'coffee' }]);
    // FerretDB as released: an unknown operator once a document is read.
    expect(await outcome(unpatched.db(DB).collection('notes').find(textFilter).toArray())).toEqual({
      code: 2,
      errmsg: expect.stringContaining('unknown top level operator: $text'),
    });
  });
});

describe('transactions', () => {
  const refusal = {
    code: 20,
    errmsg: expect.stringContaining('Transactions are not supported'),
  };

  it('are refused, naming them, and write nothing', async () => {
    for (const client of [patched, unpatched]) {
      const session = client.startSession();
      try {
        session.startTransaction();
        const inserted = await outcome(
          client
            .db(DB)
            .collection('tx')
            .insertOne({ _id: 1 } as never, { session }),
        );
        if (client === patched) expect(inserted).toEqual(refusal);
        else
          expect(inserted).toMatchObject({
            code: 9,
            errmsg: expect.stringContaining('autocommit'),
          });
        await session.abortTransaction().catch(() => undefined);
      } finally {
        await session.endSession();
      }
    }
    expect(await patched.db(DB).collection('tx').countDocuments()).toBe(0);
  });

  it('are refused on a read, which FerretDB answered outside any transaction', async () => {
    await both((client) =>
      client
        .db(DB)
        .collection('txread')
        .insertOne({ _id: 1 } as never),
    );
    const read = (client: typeof patched) =>
      outcome(
        client.db(DB).command({
          find: 'txread',
          filter: {},
          lsid: { id: client.startSession().id!.id },
          txnNumber: 1,
          startTransaction: true,
          autocommit: false,
        }),
      );
    expect(await read(unpatched)).toMatchObject({ answered: { ok: 1 } });
    expect(await read(patched)).toEqual(refusal);
  });

  it('refuses commitTransaction and abortTransaction naming transactions', async () => {
    for (const command of ['commitTransaction', 'abortTransaction'])
      expect(await outcome(patched.db('admin').command({ [command]: 1 }))).toEqual(refusal);
  });

  it('leaves a retryable write, which carries a transaction number alone, as it was', async () => {
    const session = patched.startSession();
    try {
      const answer = await patched.db(DB).command({
        insert: 'retryable',
        documents: [{ _id: 1 }],
        lsid: session.id,
        txnNumber: Long.fromNumber(1),
      });
      expect(answer).toMatchObject({ ok: 1, n: 1 });
    } finally {
      await session.endSession();
    }
    expect(await patched.db(DB).collection('retryable').countDocuments()).toBe(1);
  });
});

describe('text indexes', () => {
  it('are refused, naming them, where FerretDB answered 27 naming no feature', async () => {
    await both((client) =>
      client
        .db(DB)
        .collection('texts')
        .insertOne({ _id: 1 } as never),
    );
    const create = (client: typeof patched) =>
      outcome(client.db(DB).collection('texts').createIndex({ body: 'text' }));
    expect(await create(unpatched)).toEqual({
      code: 27,
      errmsg: expect.stringContaining("can't find index with key"),
    });
    expect(await create(patched)).toEqual({
      code: 238,
      errmsg: 'Text indexes are not supported by this engine (index key { body: "text" })',
    });
    expect(
      await outcome(patched.db(DB).collection('texts').createIndex({ at: '2dsphere' })),
    ).toEqual({
      code: 238,
      errmsg: '"2dsphere" indexes are not supported by this engine (index key { at: "2dsphere" })',
    });
    expect(await patched.db(DB).collection('texts').indexExists('body_text')).toBe(false);
  });
});
