import { statSync } from 'node:fs';
import path from 'node:path';
import type { MongoClient } from 'mongodb';
import { describe, expect, inject, it } from 'vitest';
import { bothEngines } from './both-engines.js';

/**
 * A database's write-ahead log starts over instead of growing while writes go on
 * (infra/ferretdb/go/wal.go). FerretDB as released never let it: an update reads its
 * document and writes it with the read still open, so the checkpoint that follows the
 * write could not copy the newest pages, and the log, never all copied, never started over.
 */
const DB = 'walbound';
const DOCS = 20;
const { patched, unpatched } = bothEngines(DB);

/** Size of the database's log file, MiB. */
const walMiB = (dir: string) => statSync(path.join(dir, `${DB}.sqlite-wal`)).size / 2 ** 20;

const docs = (client: MongoClient, name: string) =>
  client.db(DB).collection<{ _id: string; pad: string; n: number }>(name);

/** `n` updates in turn over DOCS documents of 3 KB each (one page and an overflow page). */
async function updates(client: MongoClient, name: string, n: number, from = 0) {
  const coll = docs(client, name);
  for (let i = from; i < from + n; i++)
    await coll.updateOne(
      { _id: `d${i % DOCS}` },
      { $set: { pad: `${i}`.padEnd(3000, 'x'), n: i } },
    );
}

async function seed(client: MongoClient, name: string) {
  await docs(client, name).insertMany(
    Array.from({ length: DOCS }, (_, i) => ({ _id: `d${i}`, pad: '', n: 0 })),
  );
}

describe('the write-ahead log', () => {
  it('starts over under a stream of updates; as released it grows with every one', async () => {
    await Promise.all([seed(patched, 'stream'), seed(unpatched, 'stream')]);
    await Promise.all([updates(patched, 'stream', 1500), updates(unpatched, 'stream', 1500)]);

    expect(walMiB(inject('patchedDir'))).toBeLessThan(4);
    expect(walMiB(inject('unpatchedDir'))).toBeGreaterThan(10);
  }, 180_000);

  it('held by an open cursor, grows; once it is closed, is emptied', async () => {
    const dir = inject('patchedDir');
    await seed(patched, 'held');
    // A cursor with documents left keeps its read (FerretDB holds the query's rows for the
    // next batch), and no log can start over under a read.
    const cursor = docs(patched, 'held').find({}, { batchSize: 2 });
    await cursor.next();
    await updates(patched, 'held', 1500);
    const held = walMiB(dir);
    await cursor.close();
    // The next look at the log (every 64 writes) finds it long and empties it.
    await updates(patched, 'held', 200, 1500);

    expect(held).toBeGreaterThan(10);
    expect(walMiB(dir)).toBeLessThan(4);
  }, 180_000);
});
