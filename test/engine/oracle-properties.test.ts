import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import fc from 'fast-check';
import { Binary, MongoClient, Timestamp, type Document, type Sort } from 'mongodb';
import { afterAll, describe, expect, inject, it } from 'vitest';
// @ts-expect-error plain ESM helper shared with the npm scripts
import { freePort, startFerretDB, stopEngine } from '../../scripts/lib/engines.mjs';
import { bothEngines } from './both-engines.js';
import { idSet, mingoIds } from './oracle.js';

/**
 * The build against MongoDB's semantics (mingo, oracle.ts) and FerretDB as released, where the
 * pushdown's own state could go wrong: values of kinds the other property tests leave out
 * (regular expressions, binData, timestamps), the engine restarted between writes (its marks
 * and side tables loaded again from the file), and two clients writing at once (the marks
 * learned from one client's arrays, the other's query answered by them). After the writes the
 * build's answer to each query must be what mingo answers over the build's own documents, read
 * whole. Each property runs a few cases: the layer stays fast.
 */
const DB = 'oracleprops';
type Doc = Document & { _id: string };
const { patched, both } = bothEngines(DB);

/** The build's documents, read whole (no filter of its own involved). */
const stored = (client: MongoClient, name: string) =>
  client.db(DB).collection<Doc>(name).find().toArray();

/** What mingo answers over the build's own documents. */
async function expectOracle(client: MongoClient, name: string, filter: Document) {
  const coll = client.db(DB).collection<Doc>(name);
  const want = mingoIds(await stored(client, name), filter);
  if (!want) return;
  expect(idSet(await coll.find(filter).toArray())).toEqual(want);
  expect(await coll.countDocuments(filter)).toBe(want.length);
}

let run = 0;

describe('regular expressions, binData and timestamps', () => {
  const text = fc.constantFrom('', 'a', 'ab', 'Ab', 'abc', 'b', 'ba', 'x\nab', 'é', 'a.c');
  const BIN = [
    new Binary(Buffer.from([]), 0),
    new Binary(Buffer.from([1]), 0),
    new Binary(Buffer.from([2]), 0),
    new Binary(Buffer.from([1]), 5),
    new Binary(Buffer.from([0, 1]), 0),
    new Binary(Buffer.from('0123456789abcdef0123456789abcdef', 'hex'), 4),
  ];
  const TS = [
    new Timestamp({ t: 0, i: 0 }),
    new Timestamp({ t: 1, i: 5 }),
    new Timestamp({ t: 2, i: 0 }),
    new Timestamp({ t: 1_700_000_000, i: 1 }),
    new Timestamp({ t: 1_700_000_000, i: 2 }),
    new Timestamp({ t: 4_000_000_000, i: 0 }), // past 2³¹: ordered unsigned
  ];
  const bin = fc.constantFrom(...BIN);
  const ts = fc.constantFrom(...TS);
  const orNull = <T>(a: fc.Arbitrary<T>) =>
    fc.oneof({ weight: 5, arbitrary: a }, fc.constant(null));
  const doc = fc.record(
    {
      r: fc.oneof({ weight: 4, arbitrary: orNull(text) }, fc.array(text, { maxLength: 3 })),
      bin: fc.oneof({ weight: 4, arbitrary: orNull(bin) }, fc.array(bin, { maxLength: 2 })),
      ts: orNull(ts),
    },
    { requiredKeys: [] },
  );
  const regex = fc.constantFrom(/^a/, /b$/, /A/i, /^$/, /a.c/, /^ab/m, /a\.c/, /^é/, /B/);
  const filter: fc.Arbitrary<Document> = fc.oneof(
    regex.map((r) => ({ r })),
    regex.map((r) => ({ r: { $regex: r.source, $options: r.flags } })),
    fc.tuple(regex, text).map(([r, t]) => ({ r: { $in: [r, t] } })),
    regex.map((r) => ({ r: { $not: r } })),
    regex.map((r) => ({ r: { $nin: [r] } })),
    bin.map((b) => ({ bin: b })),
    fc.array(bin, { maxLength: 3 }).map(($in) => ({ bin: { $in } })),
    bin.map(($ne) => ({ bin: { $ne } })),
    fc
      .tuple(fc.constantFrom('$gt', '$gte', '$lt', '$lte'), bin)
      .map(([op, b]) => ({ bin: { [op]: b } })),
    ts.map((t) => ({ ts: t })),
    fc.array(ts, { maxLength: 3 }).map(($in) => ({ ts: { $in } })),
    fc
      .tuple(fc.constantFrom('$gt', '$gte', '$lt', '$lte'), ts)
      .map(([op, t]) => ({ ts: { [op]: t } })),
    fc.tuple(ts, ts).map(([lo, hi]) => ({ ts: { $gte: lo, $lt: hi } })),
    fc.tuple(regex, ts).map(([r, t]) => ({ r, ts: { $lte: t } })),
  );
  const sort = fc.constantFrom<Sort>({ ts: 1, _id: 1 }, { ts: -1, _id: 1 }, { _id: 1 });

  it('the build answers as mingo and as FerretDB as released', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(doc, { maxLength: 12 }),
        fc.array(fc.tuple(filter, sort), { minLength: 1, maxLength: 6 }),
        async (docs, queries) => {
          const name = `kinds${run++}`;
          const setup = await both(async (client) => {
            const coll = client.db(DB).collection<Doc>(name);
            await coll.createIndex({ r: 1 });
            await coll.createIndex({ bin: 1, _id: 1 });
            await coll.createIndex({ ts: 1, _id: 1 });
            if (docs.length)
              await coll.insertMany(docs.map((d, i) => ({ ...d, _id: `d${i}` }) as Doc));
          });
          expect(setup).toEqual([undefined, undefined]);
          for (const [f, s] of queries) {
            const [mine, released] = await both((client) =>
              client.db(DB).collection<Doc>(name).find(f).sort(s).toArray(),
            );
            // The same documents in the same order (every sort ends with the unique _id).
            expect(Array.isArray(mine) ? mine.map((d) => d._id) : mine).toEqual(
              Array.isArray(released) ? released.map((d) => d._id) : released,
            );
            const want = mingoIds(await stored(patched, name), f);
            if (want) expect(idSet(mine)).toEqual(want);
          }
        },
      ),
      { numRuns: 40 },
    );
  }, 120_000);
});

/** One write of a sequence on collection `c`: values of `a` scalar or array, `b` scalar. */
const small = fc.oneof(fc.integer({ min: 0, max: 4 }), fc.constantFrom('x', 'y', null));
const aValue = fc.oneof(small, fc.array(small, { maxLength: 3 }));
const id = fc.integer({ min: 0, max: 9 }).map((i) => `d${i}`);
type Step =
  | { op: 'insert'; _id: string; a: unknown; b: unknown }
  | { op: 'set'; _id: string; a: unknown }
  | { op: 'setMany'; b: unknown; a: unknown }
  | { op: 'push'; _id: string; v: unknown }
  | { op: 'pull'; v: unknown }
  | { op: 'delete'; _id: string }
  | { op: 'index'; key: 'a' | 'b' | 'ab' }
  | { op: 'dropIndex'; key: 'a' | 'b' | 'ab' };
const step: fc.Arbitrary<Step> = fc.oneof(
  {
    weight: 4,
    arbitrary: fc.record({ op: fc.constant('insert' as const), _id: id, a: aValue, b: small }),
  },
  { weight: 3, arbitrary: fc.record({ op: fc.constant('set' as const), _id: id, a: aValue }) },
  fc.record({ op: fc.constant('setMany' as const), b: small, a: aValue }),
  fc.record({ op: fc.constant('push' as const), _id: id, v: small }),
  fc.record({ op: fc.constant('pull' as const), v: small }),
  fc.record({ op: fc.constant('delete' as const), _id: id }),
  fc.record({
    op: fc.constant('index' as const),
    key: fc.constantFrom('a' as const, 'b' as const, 'ab' as const),
  }),
  fc.record({
    op: fc.constant('dropIndex' as const),
    key: fc.constantFrom('a' as const, 'b' as const, 'ab' as const),
  }),
);
const KEYS = { a: { a: 1 }, b: { b: 1 }, ab: { a: 1, b: -1 } } as const;
const NAMES = { a: 'a_1', b: 'b_1', ab: 'a_1_b_-1' } as const;

/** Runs a step; what MongoDB refuses too (an `_id` taken, an index not there) is no error here. */
async function apply(client: MongoClient, name: string, s: Step) {
  const c = client.db(DB).collection<Doc>(name);
  const quiet = (p: Promise<unknown>) =>
    p.then(
      () => undefined,
      (e: { code?: number }) => {
        // 11000: the _id is taken; 27: no such index; 26: no such collection (yet). Anything
        // else fails the property.
        if (e.code !== 11000 && e.code !== 27 && e.code !== 26) throw e;
      },
    );
  switch (s.op) {
    case 'insert':
      return quiet(c.insertOne({ _id: s._id, a: s.a, b: s.b }));
    case 'set':
      return quiet(c.updateOne({ _id: s._id }, { $set: { a: s.a } }));
    case 'setMany':
      return quiet(c.updateMany({ b: s.b }, { $set: { a: s.a } }));
    case 'push':
      // On a document whose `a` is an array or missing; MongoDB refuses a push onto a scalar.
      return quiet(
        c.updateOne({ _id: s._id, $or: [{ a: { $type: 'array' } }, { a: { $exists: false } }] }, {
          $push: { a: s.v },
        } as Document),
      );
    case 'pull':
      return quiet(c.updateMany({ a: { $type: 'array' } }, { $pull: { a: s.v } } as Document));
    case 'delete':
      return quiet(c.deleteOne({ _id: s._id }));
    case 'index':
      return quiet(c.createIndex(KEYS[s.key], { name: NAMES[s.key] }));
    case 'dropIndex':
      return quiet(c.dropIndex(NAMES[s.key]));
  }
}

const query: fc.Arbitrary<Document> = fc.oneof(
  small.map((a) => ({ a })),
  fc.array(small, { maxLength: 3 }).map(($in) => ({ a: { $in } })),
  fc.tuple(small, small).map(([a, b]) => ({ a, b })),
  fc
    .tuple(fc.constantFrom('$gt', '$gte', '$lt', '$lte'), small)
    .map(([op, v]) => ({ a: { [op]: v } })),
  small.map(($ne) => ({ a: { $ne } })),
  small.map((b) => ({ b })),
  fc.array(small, { minLength: 1, maxLength: 2 }).map(($all) => ({ a: { $all } })),
);

describe('an engine restarted between writes', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'momentum-restarts-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('answers as mingo over its own documents, before and after each restart', async () => {
    const port: number = await freePort();
    const url = `mongodb://127.0.0.1:${port}`;
    let child: unknown = await startFerretDB({ dir, port });
    let client = new MongoClient(url);
    let restartsDone = 0;
    const restart = async () => {
      await client.close();
      await stopEngine(child);
      child = await startFerretDB({ dir, port });
      client = new MongoClient(url);
      restartsDone++;
    };
    try {
      await fc.assert(
        fc.asyncProperty(
          fc.array(fc.oneof({ weight: 4, arbitrary: step }, fc.constant('restart' as const)), {
            minLength: 1,
            maxLength: 12,
          }),
          fc.array(query, { minLength: 1, maxLength: 4 }),
          async (steps, queries) => {
            const name = `restarts${run++}`;
            // At most two restarts a case (each costs a quarter of a second or so).
            let restarts = 0;
            for (const s of steps) {
              if (s !== 'restart') await apply(client, name, s);
              else if (restarts++ < 2) {
                for (const q of queries) await expectOracle(client, name, q);
                await restart();
              }
            }
            for (const q of queries) await expectOracle(client, name, q);
          },
        ),
        { numRuns: 20 },
      );
      expect(restartsDone).toBeGreaterThan(0); // the cases did restart it
    } finally {
      await client.close();
      await stopEngine(child);
    }
  }, 120_000);
});

describe('two clients writing at once', () => {
  it('each query answers as mingo over the documents both wrote', async () => {
    const other = new MongoClient(inject('patchedUrl'));
    await other.connect();
    try {
      await fc.assert(
        fc.asyncProperty(
          fc.array(step, { minLength: 1, maxLength: 15 }),
          fc.array(step, { minLength: 1, maxLength: 15 }),
          fc.array(query, { minLength: 1, maxLength: 4 }),
          async (mine, theirs, queries) => {
            const name = `writers${run++}`;
            // One client's writes, its queries too, between the other's.
            const write = async (client: MongoClient, steps: Step[]) => {
              for (const s of steps) {
                await apply(client, name, s);
                await client.db(DB).collection<Doc>(name).find(queries[0]!).toArray();
              }
            };
            await Promise.all([write(patched, mine), write(other, theirs)]);
            for (const q of queries) {
              await expectOracle(patched, name, q);
              await expectOracle(other, name, q);
            }
          },
        ),
        { numRuns: 25 },
      );
    } finally {
      await other.close();
    }
  }, 120_000);
});
