import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { ChildProcess } from 'node:child_process';
import { MongoClient, type Collection } from 'mongodb';
import { afterAll, describe, expect, it } from 'vitest';
// @ts-expect-error plain ESM helper shared with the npm scripts
import { freePort, startFerretDB, stopEngine } from '../../scripts/lib/engines.mjs';

/**
 * A transaction's frames reach the write-ahead log in one write (FerretDB patch level 18,
 * infra/ferretdb/go/sqlite-lib/walbatch.go); SQLite as released writes each frame as two, a
 * header and a page. Each test starts engines of its own: the write counts are the
 * process's (/proc/<pid>/io), which the other engine test files, running meanwhile against
 * the shared engines, must not add to.
 */
const INDEXED = ['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h', 'i'] as const;
const dirs: string[] = [];

/** Engines started and not stopped yet: a test that fails half-way leaves none running. */
const running = new Set<Engine>();

afterAll(async () => {
  await Promise.all([...running].map((engine) => stop(engine)));
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

interface Engine {
  child: ChildProcess;
  client: MongoClient;
  dir: string;
  port: number;
  patched: boolean;
}

async function start(patched: boolean, dir?: string, at?: number): Promise<Engine> {
  dir ??= mkdtempSync(path.join(tmpdir(), 'momentum-wal-writes-'));
  if (!dirs.includes(dir)) dirs.push(dir);
  const port: number = at ?? (await freePort());
  const child = (await startFerretDB({ dir, port, patched })) as ChildProcess;
  const client = await new MongoClient(`mongodb://127.0.0.1:${port}`).connect();
  const engine = { child, client, dir, port, patched };
  running.add(engine);
  return engine;
}

async function stop(engine: Engine, signal?: NodeJS.Signals) {
  running.delete(engine);
  await engine.client.close(true);
  if (signal) engine.child.kill(signal);
  await stopEngine(engine.child);
}

/** Write calls (write, pwrite, …) the process has made so far. */
const writeCalls = (engine: Engine) =>
  Number(/^syscw: (\d+)$/m.exec(readFileSync(`/proc/${engine.child.pid}/io`, 'utf8'))![1]);

type Doc = { _id: string; u: string; n: number; body: string } & Record<
  (typeof INDEXED)[number],
  number
>;

/** A collection indexed like the tasks: nine compound indexes led by the owner. */
async function tasks(engine: Engine, name: string): Promise<Collection<Doc>> {
  const coll = engine.client.db('walwrites').collection<Doc>(name);
  for (const field of INDEXED) await coll.createIndex({ u: 1, [field]: 1 });
  return coll;
}

const doc = (i: number, pad = 2000): Doc => ({
  _id: `d${i}`,
  u: 'owner',
  n: 0,
  body: 'x'.repeat(pad),
  ...(Object.fromEntries(INDEXED.map((f, k) => [f, i * (k + 1)])) as Record<
    (typeof INDEXED)[number],
    number
  >),
});

/** Write calls per insert and per update of a document with nine indexes, in turn. */
async function callsPerWrite(engine: Engine) {
  const coll = await tasks(engine, 'counted');
  const before = writeCalls(engine);
  for (let i = 0; i < 100; i++) await coll.insertOne(doc(i));
  const inserted = writeCalls(engine);
  for (let i = 0; i < 100; i++)
    await coll.updateOne({ _id: `d${i}` }, { $set: { a: -i, d: -i }, $inc: { n: 1 } });
  return { insert: (inserted - before) / 100, update: (writeCalls(engine) - inserted) / 100 };
}

describe('the write-ahead log, written a transaction at a time', () => {
  it('costs an insert or update a few write calls, not two per page it changes', async () => {
    const [patched, unpatched] = await Promise.all([start(true), start(false)]);
    try {
      const [mine, released] = await Promise.all([
        callsPerWrite(patched),
        callsPerWrite(unpatched),
      ]);
      // Each write: its frames (one call), the reply to the client, and its share of the
      // checkpoint every 64 writes. As released: a header and a page for each of the row's
      // and the eleven indexes' pages (the insert), or of the changed ones (the update).
      expect(mine.insert).toBeLessThan(5);
      expect(mine.update).toBeLessThan(5);
      expect(released.insert).toBeGreaterThan(15);
      expect(released.update).toBeGreaterThan(8);
    } finally {
      await Promise.all([stop(patched), stop(unpatched)]);
    }
  });

  it('keeps every acknowledged write through a kill, transactions of more frames than one write carries among them', async () => {
    let engine = await start(true);
    const coll = await tasks(engine, 'killed');
    // 200 documents of 12 KB in one insert: about 700 frames, written in pieces of 31.
    await coll.insertMany(Array.from({ length: 200 }, (_, i) => doc(i, 12_000)));
    // Small transactions (one document) and large ones (an update of all of them) in turn.
    for (let round = 1; round <= 3; round++) {
      await coll.updateMany({}, { $inc: { n: 1 } });
      for (let i = 0; i < 50; i++) await coll.updateOne({ _id: `d${i}` }, { $set: { a: -round } });
    }
    await coll.createIndex({ u: 1, n: 1 });
    await stop(engine, 'SIGKILL');

    engine = await start(true, engine.dir, engine.port);
    try {
      const again = engine.client.db('walwrites').collection<Doc>('killed');
      const all = await again.find({}).sort({ _id: 1 }).toArray();
      expect(all).toHaveLength(200);
      expect(all.every((d) => d.n === 3 && d.body.length === 12_000)).toBe(true);
      expect(all.filter((d) => d.a === -3)).toHaveLength(50);
      // Through the indexes (pushed down) the same: their pages came back with the rows'.
      expect(await again.countDocuments({ u: 'owner', a: -3 })).toBe(50);
      expect(await again.countDocuments({ u: 'owner', n: 3 })).toBe(200);
    } finally {
      await stop(engine);
    }
  });
});
