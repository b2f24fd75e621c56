import { randomUUID } from 'node:crypto';
import type { Connection } from 'mongoose';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { Feed } from '../../src/local-engine/feed.js';
import { FeedBusy, FeedLeaseLost } from '../../src/local-engine/feed-errors.js';
import { LOCAL_FEEDS_COLLECTION } from '../../src/local-engine/feed-row-ids.js';
import { FeedRows } from '../../src/local-engine/feed-rows.js';
import { isFerretDB, useLocalFeeds } from '../../src/local-engine/use-local-feeds.js';
import { connectMongo } from '../../src/storage/mongo.js';
import { eventually } from '../../src/testing.js';
import {
  all,
  ids,
  items,
  options,
  rowsOf,
  sleep,
  snap,
  stored,
  type Snap,
} from '../support/feed-fixtures.js';

/**
 * Feeds written by several processes of a service: each "process" is a Feed of its own (its
 * own in-process batches) on a connection of its own, all on one database.
 */
describe('Feed across processes', () => {
  const dbName = `feedprocs_${randomUUID().slice(0, 8)}`;
  let connections: Connection[] = [];
  const scope = () => randomUUID();
  /** One Feed per connection: as many "processes" as connections. */
  const processes = (extra: Partial<typeof options> = {}) =>
    connections.map((c) => new Feed<Snap>(c, 'owner', { ...options, ...extra }));

  beforeAll(async () => {
    const url = inject('mongoUrl');
    connections = await Promise.all([connectMongo(url, dbName), connectMongo(url, dbName)]);
  });
  afterAll(async () => {
    await connections[0]?.dropDatabase();
    await Promise.all(connections.map((c) => c.close()));
  });

  it('gives 40 adds to one scope from two processes 40 seqs, once each, counted exactly', async () => {
    const [a, b] = processes();
    const s = scope();
    const want = Array.from({ length: 40 }, (_, i) => `id${i}`);
    const by = (i: number) => (i % 2 === 0 ? a! : b!);
    await Promise.all(want.map((id, i) => by(i).add(s, id, snap(id, i))));
    expect(await a!.counts(s)).toEqual({ live: 0, stored: 0 });
    // Each settled from the other process: the entry is found by its id.
    await Promise.all(want.map((id, i) => by(i + 1).set(s, id, { state: 'live' })));
    expect(await b!.counts(s)).toEqual({ live: 40, stored: 40 });
    const entries = await all(a!.newestFirst(s));
    expect(entries.map((e) => e.seq)).toEqual(want.map((_, i) => 39 - i));
    expect(entries.map((e) => e.id).sort()).toEqual([...want].sort());
    const { snapshots, counts } = await b!.page(s, { skip: 0, limit: 10, wants: () => true });
    expect(snapshots).toEqual(entries.slice(0, 10).map((e) => e.snapshot));
    expect(counts).toEqual({ live: 40, stored: 40 });
  });

  it('keeps the highest revision of concurrent sets of one entry from two processes', async () => {
    const [a, b] = processes({ load: async () => null, revisionOf: (s) => s.rev ?? 0 });
    const s = scope();
    await a!.add(s, 'doc', snap('v0', 0, 0));
    const revisions = [7, 3, 20, 1, 12, 19, 5, 2, 16, 9, 11, 4, 18, 6, 14, 8, 15, 10, 17, 13];
    await Promise.all(
      revisions.map((rev, i) =>
        (i % 2 === 0 ? a! : b!).set(s, 'doc', {
          state: rev % 2 === 0 ? 'dead' : 'live',
          snapshot: snap(rev % 2 === 0 ? `gone${rev}` : `v${rev}`, 0, rev),
        }),
      ),
    );
    const [entry] = await all(b!.newestFirst(s));
    expect(entry).toMatchObject({ id: 'doc', state: 'dead', snapshot: snap('gone20', 0, 20) });
    expect(await a!.counts(s)).toEqual({ live: 0, stored: 1 });
  });

  it('takes over the lease of a batch that died once it expires, and recounts', async () => {
    const [a, b] = processes();
    const s = scope();
    await a!.addMany(s, items('d', 4));
    // A batch that died holding the lease after writing a block (d1 dead, uncounted) and a
    // leftover entry past the head, before its head write.
    const rows = connections[0]!.collection<{ _id: string; entries?: string }>(
      LOCAL_FEEDS_COLLECTION,
    );
    const ring1 = `owner|${s}|ring-1`;
    const block = JSON.parse(String((await rows.findOne({ _id: `owner|${s}|ring-0` }))!.entries));
    block[1][1] = 2;
    await rows.updateOne(
      { _id: `owner|${s}|ring-0` },
      { $set: { entries: JSON.stringify(block) } },
    );
    const leftover = [
      ['d3', 1, snap('d3', 3), [], 0],
      ['ghost', 1, snap('ghost'), [], 0],
    ];
    await rows.updateOne({ _id: ring1 }, { $set: { entries: JSON.stringify(leftover) } });
    const until = Date.now() + 400;
    await rows.updateOne(
      { _id: `owner|${s}|head` },
      { $set: { lease: 'died', leaseUntil: new Date(until) } },
    );
    // A writer that may not wait that long is told to come back (503).
    const impatient = new Feed<Snap>(connections[1]!, 'owner', { ...options, leaseWaitMs: 50 });
    const busy = await impatient.add(s, 'x', snap('x')).catch((err: unknown) => err);
    expect(busy).toBeInstanceOf(FeedBusy);
    expect(busy).toMatchObject({ statusCode: 503, headers: { 'Retry-After': '1' } });
    await b!.add(s, 'x', snap('x'));
    expect(Date.now()).toBeGreaterThanOrEqual(until);
    expect(await a!.counts(s)).toEqual({ live: 3, stored: 4 });
    await a!.set(s, 'x', { state: 'live' });
    expect((await all(b!.newestFirst(s))).map((e) => [e.id, e.seq, e.state])).toEqual([
      ['x', 4, 'live'],
      ['d3', 3, 'live'],
      ['d2', 2, 'live'],
      ['d1', 1, 'dead'],
      ['d0', 0, 'live'],
    ]);
    expect(await b!.counts(s)).toEqual({ live: 4, stored: 5 });
    expect((await rowsOf(connections[0]!, 'owner', s)).get('head')).toMatchObject({ lease: null });
  });

  it('leaves out entries past the head (a batch that died) and overwrites them', async () => {
    const [feed] = processes();
    const connection = connections[0]!;
    const s = scope();
    await feed!.addMany(s, items('d', 2));
    // A batch that died after writing its block and a location, before its head write.
    const rows = connection.collection<{ _id: string; entries?: string }>(LOCAL_FEEDS_COLLECTION);
    const ring0 = await rows.findOne({ _id: `owner|${s}|ring-0` });
    const leftover = [...JSON.parse(String(ring0!.entries)), ['ghost', 1, snap('ghost'), [], 0]];
    await rows.updateOne(
      { _id: `owner|${s}|ring-0` },
      { $set: { entries: JSON.stringify(leftover) } },
    );
    await rows.updateOne(
      { _id: `owner|${s}|@ghost` },
      { $set: { seq: 2, epoch: 0 } },
      { upsert: true },
    );
    expect(await ids(feed!.newestFirst(s))).toEqual(['d1', 'd0']);
    await feed!.set(s, 'ghost', { state: 'dead' });
    expect(await feed!.counts(s)).toEqual({ live: 2, stored: 2 });
    await feed!.addMany(s, items('x', 1));
    expect((await all(feed!.newestFirst(s))).map((e) => [e.id, e.seq])).toEqual([
      ['x0', 2],
      ['d1', 1],
      ['d0', 0],
    ]);
  });

  it('a batch that overruns its lease commits nothing, and the scope goes on', async () => {
    let slow = true;
    const [a, b] = processes({
      leaseMs: 200,
      load: async (id) => {
        if (slow) await sleep(300);
        return stored.get(id) ?? null;
      },
    });
    const s = scope();
    await a!.add(s, 'late', snap('late'));
    stored.set('late', snap('late, stored'));
    // The reader's settle decides (loads) under the lease for longer than the lease lasts.
    await all(a!.newestFirst(s));
    await sleep(350);
    expect(await a!.counts(s)).toEqual({ live: 0, stored: 0 });
    slow = false;
    await b!.add(s, 'next', snap('next'));
    await all(b!.newestFirst(s)); // settles 'late' for good
    await eventually(async () => (await b!.counts(s)).live === 1);
    expect(await a!.counts(s)).toEqual({ live: 1, stored: 1 });
  });

  it('fences a late row write: it cannot overwrite a row a later batch wrote', async () => {
    const rows = new FeedRows(connections[0]!, 'owner', 3, 2);
    const row = `owner|${scope()}|ring-0`;
    await rows.writeFenced([{ _id: row, set: { n: 0, entries: '["later"]' } }], 5);
    const late = rows.writeFenced([{ _id: row, set: { n: 0, entries: '["stale"]' } }], 4);
    await expect(late).rejects.toBeInstanceOf(FeedLeaseLost);
    const kept = await connections[1]!
      .collection<{ _id: string; entries?: string }>(LOCAL_FEEDS_COLLECTION)
      .findOne({ _id: row });
    expect(kept).toMatchObject({ entries: '["later"]', epoch: 5 });
  });

  it('voids a pending entry whose document never came once, read by two processes', async () => {
    const [a, b] = processes({ abandonAfterMs: 50 });
    const s = scope();
    await a!.add(s, 'never', snap('never'));
    await b!.add(s, 'came', snap('came'));
    stored.set('came', snap('came, stored'));
    await sleep(60);
    const reads = await Promise.all([a, b, a, b].map((feed) => all(feed!.newestFirst(s))));
    for (const read of reads) expect(read.map((e) => e.id)).toEqual(['came']);
    const states = async () =>
      (await rowsOf(connections[0]!, 'owner', s)).get('ring-0')!['entries'];
    await eventually(async () => {
      const entries = JSON.parse(String(await states())) as [string, number][];
      return entries[0]![1] === 3 && entries[1]![1] === 1;
    });
    expect(await a!.counts(s)).toEqual({ live: 1, stored: 1 });
  });

  it('keeps every feed of a database in the one fixed collection', async () => {
    const connection = await connectMongo(
      inject('mongoUrl'),
      `feedcolls_${randomUUID().slice(0, 8)}`,
    );
    try {
      const names = async () =>
        (await connection.db!.listCollections().toArray()).map((c) => c.name).sort();
      const before = await names();
      for (const name of ['owner', 'team', 'project']) {
        const feed = new Feed<Snap>(connection, name, options);
        for (const s of [scope(), scope(), scope()]) {
          await feed.addMany(s, items('d', 8));
          await feed.add(s, 'p', snap('p'));
          await feed.set(s, 'p', { state: 'live' });
        }
      }
      expect(await names()).toEqual([...before, LOCAL_FEEDS_COLLECTION].sort());
    } finally {
      await connection.dropDatabase();
      await connection.close();
    }
  });

  it('uses the feeds when told to, or on FerretDB when automatic', async () => {
    const [connection] = connections;
    const info = await connection!.db!.command({ buildInfo: 1 });
    const ferret = 'ferretdbVersion' in info;
    expect(await isFerretDB(connection!)).toBe(ferret);
    expect(await useLocalFeeds(connection!, 'auto')).toBe(ferret);
    expect(await useLocalFeeds(connection!, 'on')).toBe(true);
    expect(await useLocalFeeds(connection!, 'off')).toBe(false);
  });
});
