import { randomUUID } from 'node:crypto';
import { MongoClient, type Collection } from 'mongodb';
import { cpuMs } from './cpu-usage.js';
import { percentiles, round } from './load.js';
import type { SeededStack } from './seeded-stack.js';

/**
 * The engine's own speed, measured in the same run and on the same engine as the API
 * figures: the raw driver operations an endpoint stands on, 16 at a time, each of the 16
 * clients with a connection of its own (as separate processes would). An API figure is
 * judged as a ratio to these, not to a number the code sets for itself.
 */
export interface RawFigure {
  ops: number;
  opsPerS: number;
  p50: number;
  p99: number;
  /** The engine process's CPU per operation (ms), when its pid was given. */
  engineCpuMsPerOp?: number;
}

export interface RawFigures {
  insertOne: RawFigure;
  findOneAndUpdate: RawFigure;
  /** Two `findOne`s by `_id` in a row, counted as one operation (what a GET by id reads). */
  twoFindOnes: RawFigure;
}

const CONCURRENCY = 16;
const SEED_DOCS = 1000;

interface RawDoc {
  _id: string;
  n: number;
  title: string;
  createdAt: Date;
}

/**
 * `enginePid`: the engine's process, whose CPU (utime + stime from /proc) each figure divides
 * by its operations: what the engine itself spends per raw operation.
 */
export async function rawFigures(
  stack: SeededStack,
  durationS: number,
  enginePid?: number,
): Promise<RawFigures> {
  const clients = await Promise.all(
    Array.from({ length: CONCURRENCY }, () => new MongoClient(stack.mongoUrl, { maxPoolSize: 1 })),
  );
  await Promise.all(clients.map((c) => c.connect()));
  const dbName = `${stack.dbPrefix}_raw`;
  const collections = clients.map((c) => c.db(dbName).collection<RawDoc>('docs'));
  try {
    const seeded = Array.from({ length: SEED_DOCS }, (_, n) => doc(n));
    await collections[0]!.insertMany(seeded);
    const ids = seeded.map((d) => d._id);
    const pick = () => ids[Math.floor(Math.random() * ids.length)]!;
    return {
      insertOne: await timed(collections, durationS, enginePid, (c) => c.insertOne(doc(0))),
      findOneAndUpdate: await timed(collections, durationS, enginePid, (c) =>
        c.findOneAndUpdate({ _id: pick() }, { $inc: { n: 1 } }, { returnDocument: 'after' }),
      ),
      twoFindOnes: await timed(collections, durationS, enginePid, async (c) => {
        await c.findOne({ _id: pick() });
        await c.findOne({ _id: pick() });
      }),
    };
  } finally {
    await clients[0]!
      .db(dbName)
      .dropDatabase()
      .catch(() => undefined);
    await Promise.all(clients.map((c) => c.close()));
  }
}

const doc = (n: number): RawDoc => ({
  _id: randomUUID(),
  n,
  title: `Raw document ${n}`,
  createdAt: new Date(),
});

/** Each collection (one client) runs `op` back to back for `durationS`; all at once. */
async function timed(
  collections: Collection<RawDoc>[],
  durationS: number,
  enginePid: number | undefined,
  op: (c: Collection<RawDoc>) => Promise<unknown>,
): Promise<RawFigure> {
  const until = Date.now() + durationS * 1000;
  const samples: number[] = [];
  const cpuBefore = enginePid ? cpuMs(enginePid) : 0;
  const started = Date.now();
  await Promise.all(
    collections.map(async (c) => {
      while (Date.now() < until) {
        const t = performance.now();
        await op(c);
        samples.push(performance.now() - t);
      }
    }),
  );
  const seconds = (Date.now() - started) / 1000;
  return {
    ops: samples.length,
    opsPerS: Math.round(samples.length / seconds),
    ...percentiles(samples),
    ...(enginePid
      ? { engineCpuMsPerOp: round((cpuMs(enginePid) - cpuBefore) / samples.length, 3) }
      : {}),
  };
}

export const ratio = (api: number, raw: number) => round(api / Math.max(raw, 1));
