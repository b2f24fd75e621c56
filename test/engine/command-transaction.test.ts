import { statSync } from 'node:fs';
import path from 'node:path';
import type { AnyBulkWriteOperation, MongoClient } from 'mongodb';
import { describe, expect, inject, it } from 'vitest';
import { bothEngines } from './both-engines.js';

/**
 * The statements of an `update` command share one transaction, one commit
 * (infra/ferretdb/go/command.go): FerretDB as released committed each statement on its own,
 * writing the pages it changed to the write-ahead log again each time. The answers, and the
 * documents left, are FerretDB's own: a statement sees what the ones before it wrote, one
 * that fails writes nothing and ends the command, the ones before it stay written.
 */
const DB = 'commandtx';
const { patched, unpatched, both } = bothEngines(DB);

interface Doc {
  _id: string;
  n: number;
  u?: number;
  tags?: number[];
}

const coll = (client: MongoClient, name: string) => client.db(DB).collection<Doc>(name);

async function seed(client: MongoClient, name: string, count: number) {
  await coll(client, name).createIndex({ u: 1 }, { unique: true });
  await coll(client, name).insertMany(
    Array.from({ length: count }, (_, i) => ({ _id: `d${i}`, n: 0, u: i, tags: [1, 2] })),
  );
}

/** A bulkWrite's answer, or the error's code and what it says was written. */
const bulk = (client: MongoClient, name: string, ops: AnyBulkWriteOperation<Doc>[]) =>
  coll(client, name)
    .bulkWrite(ops, { ordered: false })
    .then((r) => ({ matched: r.matchedCount, modified: r.modifiedCount, upserted: r.upsertedIds }))
    .catch((e: { code?: number }) => ({ error: e.code }));

const stored = (client: MongoClient, name: string) =>
  coll(client, name).find({}).sort({ _id: 1 }).toArray();

/** Size of the database's write-ahead log, KiB. */
const walKiB = (dir: string) => statSync(path.join(dir, `${DB}.sqlite-wal`)).size / 1024;

describe('the statements of an update command', () => {
  it('see what the ones before them wrote, with upserts, as released', async () => {
    await Promise.all([seed(patched, 'chain', 5), seed(unpatched, 'chain', 5)]);
    const ops: AnyBulkWriteOperation<Doc>[] = [
      { updateOne: { filter: { _id: 'd0' }, update: { $inc: { n: 1 } } } },
      // Matches only the document as the statement before left it.
      { updateOne: { filter: { _id: 'd0', n: 1 }, update: { $inc: { n: 10 } } } },
      { updateOne: { filter: { _id: 'd1' }, update: { $pullAll: { tags: [1] } } } },
      { updateOne: { filter: { _id: 'new' }, update: { $set: { n: 5, u: 100 } }, upsert: true } },
      { updateOne: { filter: { _id: 'new' }, update: { $inc: { n: 1 } } } },
      { updateOne: { filter: { _id: 'absent' }, update: { $inc: { n: 1 } } } },
    ];
    const [mine, theirs] = await both((client) => bulk(client, 'chain', ops));

    // FerretDB's own counts (the upsert not among the matched, its index 0), on both.
    expect(mine).toEqual({ matched: 4, modified: 4, upserted: { 0: 'new' } });
    expect(mine).toEqual(theirs);
    const [docs, released] = await Promise.all([
      stored(patched, 'chain'),
      stored(unpatched, 'chain'),
    ]);
    expect(docs).toEqual(released);
    expect(docs).toContainEqual({ _id: 'd0', n: 11, u: 0, tags: [1, 2] });
    expect(docs).toContainEqual({ _id: 'new', n: 6, u: 100 });
  });

  it('one that fails writes nothing and ends the command; the ones before it stay written', async () => {
    await Promise.all([seed(patched, 'fails', 5), seed(unpatched, 'fails', 5)]);
    const ops: AnyBulkWriteOperation<Doc>[] = [
      { updateOne: { filter: { _id: 'd0' }, update: { $set: { n: 1 } } } },
      // u: 2 is d2's: the unique index refuses it (its other change goes too).
      { updateOne: { filter: { _id: 'd1' }, update: { $set: { u: 2, n: 9 } } } },
      { updateOne: { filter: { _id: 'd3' }, update: { $set: { n: 3 } } } },
    ];
    const [mine, theirs] = await both((client) => bulk(client, 'fails', ops));

    // As an insert's (FerretDB as released answers 1 here: ferretdb-patch.mjs, change 2).
    expect(mine).toEqual({ error: 11000 });
    expect(theirs).toEqual({ error: 1 });
    const [docs, released] = await Promise.all([
      stored(patched, 'fails'),
      stored(unpatched, 'fails'),
    ]);
    expect(docs).toEqual(released);
    expect(docs.slice(0, 4).map((d) => [d._id, d.n, d.u])).toEqual([
      ['d0', 1, 0],
      ['d1', 0, 1],
      ['d2', 0, 2],
      ['d3', 0, 3],
    ]);
    // The engine takes writes after it, the failed statement's savepoint let go.
    await coll(patched, 'fails').updateOne({ _id: 'd4' }, { $set: { n: 4 } });
    expect(await coll(patched, 'fails').findOne({ _id: 'd4' })).toMatchObject({ n: 4 });
  });

  it('a multi-document statement among them is answered as released', async () => {
    await Promise.all([seed(patched, 'multi', 6), seed(unpatched, 'multi', 6)]);
    await Promise.all(
      [patched, unpatched].map((client) => coll(client, 'multi').createIndex({ n: 1 })),
    );
    const ops: AnyBulkWriteOperation<Doc>[] = [
      { updateOne: { filter: { _id: 'd0' }, update: { $set: { n: 3 } } } },
      // Along the index on n, each document moved ahead of where the walk is.
      { updateMany: { filter: { n: { $gte: 0 } }, update: { $inc: { n: 10 } } } },
    ];
    const [mine, theirs] = await both((client) => bulk(client, 'multi', ops));

    expect(mine).toEqual(theirs);
    const [docs, released] = await Promise.all([
      stored(patched, 'multi'),
      stored(unpatched, 'multi'),
    ]);
    expect(docs).toEqual(released);
    expect(docs.map((d) => d.n)).toEqual([13, 10, 10, 10, 10, 10]);
  });

  it('commit once: the log holds the pages they changed once, as released once per statement', async () => {
    // Under 100: as released, a command of 100 statements never answers (below).
    const count = 80;
    await Promise.all([seed(patched, 'pages', count), seed(unpatched, 'pages', count)]);
    const ops = pulls(count);
    const before = [walKiB(inject('patchedDir')), walKiB(inject('unpatchedDir'))];
    const [mine, theirs] = await both((client) => bulk(client, 'pages', ops));

    expect(mine).toEqual({ matched: count, modified: count, upserted: {} });
    expect(mine).toEqual(theirs);
    // 80 commits write a frame of at least one 4 KiB page each; the table's 80 rows fit in
    // a few pages, written once by one commit (the log may start over: then it holds less).
    expect(walKiB(inject('unpatchedDir')) - before[1]!).toBeGreaterThan(count * 4);
    expect(walKiB(inject('patchedDir')) - before[0]!).toBeLessThan(count);
  });

  it('a command of more statements than the pool has connections answers, one read open at a time', async () => {
    // As released, each statement's read stayed open to the command's end, one of the
    // pool's 100 connections each: the 100th waited for one forever, holding the
    // database's writes. Alone, and with a multi-document statement (no shared transaction).
    await seed(patched, 'many', 150);
    const many = await bulk(patched, 'many', pulls(150));
    const withMulti = await bulk(patched, 'many', [
      ...pulls(150).map((op, i) => ({
        updateOne: { filter: { _id: `d${i}` }, update: { $inc: { n: 1 } } },
      })),
      { updateMany: { filter: { n: 1 }, update: { $inc: { n: 1 } } } },
    ]);

    expect(many).toEqual({ matched: 150, modified: 150, upserted: {} });
    expect(withMulti).toEqual({ matched: 300, modified: 300, upserted: {} });
    expect(await coll(patched, 'many').countDocuments({ n: 2, tags: [2] })).toBe(150);
  });

  it('a first read of another collection meanwhile waits for the command, not for a timeout', async () => {
    // The first read of a collection since the engine started loads what the engine keeps
    // of it, and analyzes it: a write, which waits for the command's. Loading held the lock
    // the command's next statement needed, and both waited for SQLite's busy timeout (10 s).
    await seed(patched, 'busy', 2000);
    await patched.db(DB).createCollection('unread');
    await coll(patched, 'unread').createIndex({ n: 1 });
    const started = Date.now();
    const command = bulk(
      patched,
      'busy',
      Array.from({ length: 2000 }, (_, i) => ({
        updateOne: { filter: { _id: `d${i}` }, update: { $inc: { n: 1 } } },
      })),
    );
    await new Promise((resolve) => setTimeout(resolve, 20));
    const [written, found] = await Promise.all([
      command,
      coll(patched, 'unread').find({ n: 1 }).toArray(),
    ]);

    expect(written).toEqual({ matched: 2000, modified: 2000, upserted: {} });
    expect(found).toEqual([]);
    expect(Date.now() - started).toBeLessThan(5000);
  });
});

/** An outbox's batch of pulls: one `$pullAll` per document. */
const pulls = (count: number): AnyBulkWriteOperation<Doc>[] =>
  Array.from({ length: count }, (_, i) => ({
    updateOne: { filter: { _id: `d${i}` }, update: { $pullAll: { tags: [1] } } },
  }));
