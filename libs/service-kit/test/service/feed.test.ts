import { randomUUID } from 'node:crypto';
import type { Connection } from 'mongoose';
import { afterAll, beforeAll, describe, expect, inject, it, vi } from 'vitest';
import { Feed, type FeedEntry, type FeedOptions } from '../../src/feed.js';
import { onceForFeeds } from '../../src/feed-backfill.js';
import { pageOf } from '../../src/feed-page.js';
import { KeyedSerializer } from '../../src/keyed-serializer.js';
import { connectMongo } from '../../src/mongo.js';
import { eventually } from '../../src/testing.js';

interface Snap {
  title: string;
  at: Date;
}

/** The "documents" behind the entries: what `load` finds. */
const stored = new Map<string, Snap>();

const options: FeedOptions<Snap> = {
  toJson: (s) => s,
  load: async (id) => stored.get(id) ?? null,
  stateOf: () => 'live',
  fromJson: (v) => {
    const o = v as { title: string; at: string };
    return { title: o.title, at: new Date(o.at) };
  },
  blockSize: 3,
  ringBlocks: 2,
};
const snap = (title: string, ms = 0): Snap => ({ title, at: new Date(Date.UTC(2024, 0, 1) + ms) });
const items = (p: string, n: number) =>
  Array.from({ length: n }, (_, i) => ({ id: `${p}${i}`, snapshot: snap(`${p}${i}`, i) }));

/** Counts the rows read through the connection's collections (findOne) until stopped. */
function countReads(connection: Connection) {
  const proto = Object.getPrototypeOf(connection.collection('_probe')) as {
    findOne: (...args: unknown[]) => unknown;
  };
  const spy = vi.spyOn(proto, 'findOne');
  return {
    stop: () => {
      const count = spy.mock.calls.length;
      spy.mockRestore();
      return count;
    },
  };
}

async function all<S>(entries: AsyncIterable<FeedEntry<S>>): Promise<FeedEntry<S>[]> {
  const out: FeedEntry<S>[] = [];
  for await (const e of entries) out.push(e);
  return out;
}
const ids = async <S>(entries: AsyncIterable<FeedEntry<S>>) =>
  (await all(entries)).map((e) => e.id);

describe('Feed on a real engine', () => {
  let connection: Connection;
  const serializer = new KeyedSerializer();
  const scope = () => `s-${randomUUID().slice(0, 8)}`;
  const feedOf = (name = 'owner') => new Feed<Snap>(connection, name, serializer, options);

  beforeAll(async () => {
    connection = await connectMongo(inject('mongoUrl'), `feedtest_${randomUUID().slice(0, 8)}`);
  });
  afterAll(async () => {
    await connection?.dropDatabase();
    await connection?.close();
  });

  it('drops a change whose snapshot is of an older revision than the stored one', async () => {
    type Rev = Snap & { rev: number };
    const feed = new Feed<Rev>(connection, 'owner', serializer, {
      ...options,
      toJson: (s) => s,
      fromJson: (v) => ({ ...options.fromJson(v), rev: (v as Rev).rev }),
      load: async () => null,
      stateOf: (s) => (s.title.startsWith('gone') ? 'dead' : 'live'),
      revisionOf: (s) => s.rev,
    });
    const s = scope();
    const seq = await feed.add(s, 'a', { ...snap('v0'), rev: 0 });
    await feed.set(s, seq, 'a', { state: 'live', snapshot: { ...snap('v0'), rev: 0 } });
    // Two writes' refreshes arriving newest first: the older one changes nothing.
    await feed.set(s, seq, 'a', { state: 'dead', snapshot: { ...snap('gone'), rev: 2 } });
    await feed.set(s, seq, 'a', { state: 'live', snapshot: { ...snap('v1'), rev: 1 } });
    expect(await all(feed.newestFirst(s))).toEqual([
      { id: 'a', seq, state: 'dead', snapshot: { ...snap('gone'), rev: 2 }, words: [] },
    ]);
    expect(await feed.counts(s)).toEqual({ live: 0, stored: 1 });
    // The same revision again (a retried refresh) and a newer one apply.
    await feed.set(s, seq, 'a', { state: 'live', snapshot: { ...snap('back'), rev: 2 } });
    await feed.set(s, seq, 'a', { state: 'live', snapshot: { ...snap('v3'), rev: 3 } });
    expect((await all(feed.newestFirst(s))).map((e) => e.snapshot)).toEqual([
      { ...snap('v3'), rev: 3 },
    ]);
    expect(await feed.counts(s)).toEqual({ live: 1, stored: 1 });
  });

  it('moves an entry through pending, live and dead, counting only by state', async () => {
    const feed = feedOf();
    const s = scope();
    const seq = await feed.add(s, 'a', snap('A'));
    expect(seq).toBe(0);
    expect(await ids(feed.newestFirst(s))).toEqual([]);
    expect(await feed.counts(s)).toEqual({ live: 0, stored: 0 });
    await feed.set(s, seq, 'a', { state: 'live' });
    expect(await ids(feed.newestFirst(s))).toEqual(['a']);
    expect(await feed.counts(s)).toEqual({ live: 1, stored: 1 });
    await feed.set(s, seq, 'a', { state: 'dead' });
    expect(await feed.counts(s)).toEqual({ live: 0, stored: 1 });
    expect((await all(feed.newestFirst(s))).map((e) => e.state)).toEqual(['dead']);
    await feed.set(s, seq, 'a', { state: 'live' });
    expect(await feed.counts(s)).toEqual({ live: 1, stored: 1 });
    // Wrong id, or a seq never handed out: nothing changes.
    await feed.set(s, seq, 'b', { state: 'dead', snapshot: snap('wrong') });
    await feed.set(s, 1, 'a', { state: 'dead' });
    await feed.set(s, 7, 'a', { state: 'dead' });
    expect(await feed.counts(s)).toEqual({ live: 1, stored: 1 });
    expect(await all(feed.newestFirst(s))).toEqual([
      { id: 'a', seq: 0, state: 'live', snapshot: snap('A'), words: [] },
    ]);
    expect(await feed.counts(scope())).toEqual({ live: 0, stored: 0 });
  });

  it('stores snapshots and words, and replaces them on set', async () => {
    const feed = feedOf();
    const s = scope();
    const a = await feed.add(s, 'a', snap('A', 1000), ['alpha', 'first']);
    const b = await feed.add(s, 'b', snap('B', 2000));
    await feed.set(s, a, 'a', { state: 'live' });
    await feed.set(s, b, 'b', { state: 'live' });
    const entries = await all(feed.newestFirst(s));
    expect(entries).toEqual([
      { id: 'b', seq: 1, state: 'live', snapshot: snap('B', 2000), words: [] },
      { id: 'a', seq: 0, state: 'live', snapshot: snap('A', 1000), words: ['alpha', 'first'] },
    ]);
    expect(entries[1]!.snapshot.at).toBeInstanceOf(Date);
    expect(entries[1]!.snapshot.at.toISOString()).toBe('2024-01-01T00:00:01.000Z');
    await feed.set(s, a, 'a', { snapshot: snap('A2', 5000) });
    await feed.set(s, b, 'b', { words: ['beta'] });
    expect(await all(feed.newestFirst(s))).toEqual([
      { id: 'b', seq: 1, state: 'live', snapshot: snap('B', 2000), words: ['beta'] },
      { id: 'a', seq: 0, state: 'live', snapshot: snap('A2', 5000), words: ['alpha', 'first'] },
    ]);
    expect(await feed.counts(s)).toEqual({ live: 2, stored: 2 });
  });

  it('rotates blocks out of the ring into cold rows and still reads and sets them', async () => {
    const feed = feedOf();
    const s = scope();
    const list = items('d', 20);
    expect(await feed.addMany(s, list)).toEqual(list.map((_, i) => i));
    const entries = await all(feed.newestFirst(s));
    expect(entries.map((e) => e.id)).toEqual(list.map((i) => i.id).reverse());
    expect(entries.map((e) => e.seq)).toEqual(list.map((_, i) => 19 - i));
    expect(entries[19]!.snapshot).toEqual(snap('d0', 0));
    expect(await feed.counts(s)).toEqual({ live: 20, stored: 20 });
    // Seq 1 sits in block 0, now in cold-0.
    await feed.set(s, 1, 'd1', { state: 'dead', snapshot: snap('d1-x', 99) });
    const old = (await all(feed.newestFirst(s))).find((e) => e.seq === 1);
    expect(old).toEqual({ id: 'd1', seq: 1, state: 'dead', snapshot: snap('d1-x', 99), words: [] });
    expect(await feed.counts(s)).toEqual({ live: 19, stored: 20 });
    // Blocks 0..6: 5 and 6 in the ring, 0..4 cold.
    const rows = await connection.collection(`feed.owner.${s}`).find({}).toArray();
    expect(rows.map((r) => String(r._id)).sort()).toEqual(
      ['head', 'ring-0', 'ring-1', 'cold-0', 'cold-1', 'cold-2', 'cold-3', 'cold-4'].sort(),
    );
    const byId = new Map(rows.map((r) => [String(r._id), r]));
    expect(byId.get('ring-0')!['n']).toBe(6);
    expect(byId.get('ring-1')!['n']).toBe(5);
    expect(byId.get('head')).toMatchObject({ next: 20, live: 19, stored: 20 });
    // Appending continues the last block, then rotates again.
    expect(await feed.add(s, 'p', snap('p'))).toBe(20);
    expect(await feed.addMany(s, items('q', 2))).toEqual([21, 22]);
    expect((await ids(feed.newestFirst(s))).slice(0, 3)).toEqual(['q1', 'q0', 'd19']);
    expect(await feed.counts(s)).toEqual({ live: 21, stored: 22 });
  });

  it('gives 30 concurrent adds on one scope seqs 0..29', async () => {
    const feed = feedOf();
    const s = scope();
    const want = Array.from({ length: 30 }, (_, i) => `id${i}`);
    const seqs = await Promise.all(want.map((id, i) => feed.add(s, id, snap(id, i))));
    expect(seqs).toEqual(want.map((_, i) => i)); // distinct, in call order
    expect(await feed.counts(s)).toEqual({ live: 0, stored: 0 });
    await Promise.all(want.map((id, i) => feed.set(s, seqs[i]!, id, { state: 'live' })));
    expect(await feed.counts(s)).toEqual({ live: 30, stored: 30 });
    expect(await ids(feed.newestFirst(s))).toEqual([...want].reverse());
  });

  it('applies writes that queued behind a busy turn as one batch, a ring rotation included', async () => {
    const feed = feedOf();
    const s = scope();
    await feed.addMany(s, items('d', 6)); // blocks 0 (ring-0) and 1 (ring-1)
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    const held = serializer.run(`feed:owner:${s}`, () => gate);
    const reads = countReads(connection);
    // Queued together: a change in block 0, then adds that open block 2 in ring-0, moving
    // block 0 (with the change) to cold-0, a change of the first add, a stale id, and adds
    // that open block 3 in ring-1, moving block 1 to cold-1.
    const queued = Promise.all([
      feed.set(s, 1, 'd1', { state: 'dead', snapshot: snap('d1-x', 99) }),
      feed.add(s, 'p0', snap('p0', 6)),
      feed.add(s, 'p1', snap('p1', 7)),
      feed.set(s, 6, 'p0', { state: 'live' }),
      feed.set(s, 2, 'not-d2', { state: 'dead' }),
      feed.addMany(s, items('q', 2)),
    ]);
    release();
    await held;
    expect(await queued).toEqual([undefined, 6, 7, undefined, undefined, [8, 9]]);
    // One batch: the head and block 0 read once each, and the ring row block 3 takes (block
    // 1 leaves it for cold-1); block 2 left ring-0 in memory, new blocks are not looked for.
    expect(reads.stop()).toBe(3);
    const entries = await all(feed.newestFirst(s));
    expect(entries.map((e) => [e.id, e.seq, e.state])).toEqual([
      ['q1', 9, 'live'],
      ['q0', 8, 'live'],
      ['p0', 6, 'live'],
      ...['d5', 'd4', 'd3', 'd2'].map((id) => [id, Number(id.slice(1)), 'live']),
      ['d1', 1, 'dead'],
      ['d0', 0, 'live'],
    ]);
    expect(entries.find((e) => e.id === 'd1')!.snapshot).toEqual(snap('d1-x', 99));
    expect(await feed.counts(s)).toEqual({ live: 8, stored: 9 });
    const rows = await connection.collection(`feed.owner.${s}`).find({}).toArray();
    expect(rows.map((r) => `${String(r._id)}:${String(r['n'] ?? '')}`).sort()).toEqual(
      ['cold-0:0', 'cold-1:1', 'head:', 'ring-0:2', 'ring-1:3'].sort(),
    );
  });

  it('pageOf skips and limits over wanted entries and stops reading early', async () => {
    const feed = feedOf();
    const s = scope();
    const seqs = await feed.addMany(s, items('d', 300));
    await feed.set(s, seqs[297]!, 'd297', { state: 'dead' });
    await feed.set(s, seqs[292]!, 'd292', { state: 'dead' });
    let pulled = 0;
    async function* counted() {
      for await (const e of feed.newestFirst(s)) {
        pulled++;
        yield e;
      }
    }
    const page = async (skip: number, limit: number) => {
      pulled = 0;
      const snaps = await pageOf(counted(), { skip, limit, wants: (e) => e.state === 'live' });
      return snaps.map((x) => x.title);
    };
    expect(await page(0, 5)).toEqual(['d299', 'd298', 'd296', 'd295', 'd294']);
    expect(pulled).toBe(6);
    expect(await page(5, 5)).toEqual(['d293', 'd291', 'd290', 'd289', 'd288']);
    expect(pulled).toBe(12);
    expect(await page(290, 20)).toEqual(['d7', 'd6', 'd5', 'd4', 'd3', 'd2', 'd1', 'd0']);
    expect(pulled).toBe(300);
    expect(await page(0, 0)).toEqual([]);
    expect(pulled).toBe(0);
  });

  it('keeps feeds of different names and scopes apart', async () => {
    const owner = feedOf('owner');
    const team = feedOf('team');
    const s = scope();
    const other = scope();
    await owner.addMany(s, items('o', 1));
    await team.addMany(s, items('t', 2));
    await owner.addMany(other, items('x', 1));
    expect(await ids(owner.newestFirst(s))).toEqual(['o0']);
    expect(await ids(team.newestFirst(s))).toEqual(['t1', 't0']);
    expect(await ids(owner.newestFirst(other))).toEqual(['x0']);
    expect(await ids(team.newestFirst(other))).toEqual([]);
    // Seq 0 of team/s holds t0, not o0.
    await team.set(s, 0, 'o0', { state: 'dead' });
    expect(await owner.counts(s)).toEqual({ live: 1, stored: 1 });
    expect(await team.counts(s)).toEqual({ live: 2, stored: 2 });
    expect(await team.counts(other)).toEqual({ live: 0, stored: 0 });
  });

  it('addAcross groups items by scope and returns null where there is none', async () => {
    const feed = feedOf();
    const [s1, s2] = [scope(), scope()];
    const input = [
      { id: 'a', scope: s1 },
      { id: 'b', scope: null },
      { id: 'c', scope: s2 },
      { id: 'd', scope: s1 },
      { id: 'e', scope: s2 },
      { id: 'f', scope: s1 },
    ];
    const seqs = await feed.addAcross(
      input,
      (i) => i.scope,
      (i) => ({ id: i.id, snapshot: snap(i.id), words: [i.id] }),
    );
    expect(seqs).toEqual([0, null, 0, 1, 1, 2]);
    expect(await ids(feed.newestFirst(s1))).toEqual(['f', 'd', 'a']);
    expect(await ids(feed.newestFirst(s2))).toEqual(['e', 'c']);
    expect(await feed.counts(s1)).toEqual({ live: 3, stored: 3 });
  });

  it('reads on when an append moves a block out of the ring mid-read', async () => {
    const feed = feedOf();
    const s = scope();
    await feed.addMany(s, items('d', 6));
    const reading = feed.newestFirst(s);
    const first = await reading.next();
    // Block 2 takes ring-0, so block 0 moves to cold-0 while the reader is in block 1.
    await feed.addMany(s, items('x', 3));
    const rest: string[] = [];
    for await (const entry of reading) rest.push(entry.id);
    expect([first.value!.id, ...rest]).toEqual(['d5', 'd4', 'd3', 'd2', 'd1', 'd0']);
  });

  it('shows a pending entry whose document is stored, and settles it', async () => {
    // As after a crash between storing a document and showing its entry.
    const feed = feedOf();
    const s = scope();
    const seq = await feed.add(s, 'stored-1', snap('old'));
    stored.set('stored-1', snap('as stored'));
    const [shown] = await all(feed.newestFirst(s));
    expect(shown).toMatchObject({ id: 'stored-1', seq, state: 'live' });
    expect(shown!.snapshot.title).toBe('as stored');
    await eventually(async () => (await feed.counts(s)).live === 1);
    expect(await feed.counts(s)).toEqual({ live: 1, stored: 1 });
  });

  it('voids a pending entry whose document never came, once old', async () => {
    const feed = new Feed<Snap>(connection, 'owner', serializer, { ...options, abandonAfterMs: 0 });
    const s = scope();
    const seq = await feed.add(s, 'never', snap('never'));
    await new Promise((r) => setTimeout(r, 5));
    expect(await ids(feed.newestFirst(s))).toEqual([]);
    const raw = () => connection.collection(`feed.owner.${s}`).findOne({ _id: 'ring-0' as never });
    await eventually(async () => JSON.parse((await raw())!.entries)[seq][1] === 3);
    expect(await feed.counts(s)).toEqual({ live: 0, stored: 0 });
  });

  it('onceForFeeds runs its work once per name, and again after a failure', async () => {
    let runs = 0;
    const work = async () => {
      runs++;
    };
    await onceForFeeds(connection, 'tasks', work);
    await onceForFeeds(connection, 'tasks', work);
    expect(runs).toBe(1);
    await onceForFeeds(connection, 'issues', work);
    expect(runs).toBe(2);
    const fail = async () => {
      runs++;
      throw new Error('boom');
    };
    await expect(onceForFeeds(connection, 'failing', fail)).rejects.toThrow('boom');
    await onceForFeeds(connection, 'failing', work);
    await onceForFeeds(connection, 'failing', work);
    expect(runs).toBe(4);
  });
});
