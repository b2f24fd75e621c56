import { randomUUID } from 'node:crypto';
import type { Connection } from 'mongoose';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { Feed } from '../../src/local-engine/feed.js';
import { pageOf } from '../../src/local-engine/feed-page.js';
import { connectMongo } from '../../src/storage/mongo.js';
import { eventually } from '../../src/testing.js';
import {
  all,
  countCalls,
  ids,
  items,
  options,
  rowsOf,
  snap,
  stored,
  type Snap,
} from '../support/feed-fixtures.js';

describe('Feed on a real engine', () => {
  let connection: Connection;
  const scope = () => randomUUID();
  const feedOf = (name = 'owner', extra: Partial<typeof options> = {}) =>
    new Feed<Snap>(connection, name, { ...options, ...extra });

  beforeAll(async () => {
    connection = await connectMongo(inject('mongoUrl'), `feedtest_${randomUUID().slice(0, 8)}`);
  });
  afterAll(async () => {
    await connection?.dropDatabase();
    await connection?.close();
  });

  it('drops a change whose snapshot is of an older revision than the stored one', async () => {
    const feed = feedOf('owner', { load: async () => null, revisionOf: (s) => s.rev ?? 0 });
    const s = scope();
    await feed.add(s, 'a', snap('v0', 0, 0));
    await feed.set(s, 'a', { state: 'live', snapshot: snap('v0', 0, 0) });
    // Two writes' refreshes arriving newest first: the older one changes nothing.
    await feed.set(s, 'a', { state: 'dead', snapshot: snap('gone', 0, 2) });
    await feed.set(s, 'a', { state: 'live', snapshot: snap('v1', 0, 1) });
    expect(await all(feed.newestFirst(s))).toEqual([
      { id: 'a', seq: 0, state: 'dead', snapshot: snap('gone', 0, 2), words: [] },
    ]);
    expect(await feed.counts(s)).toEqual({ live: 0, stored: 1 });
    // The same revision again (a retried refresh) and a newer one apply.
    await feed.set(s, 'a', { state: 'live', snapshot: snap('back', 0, 2) });
    await feed.set(s, 'a', { state: 'live', snapshot: snap('v3', 0, 3) });
    expect((await all(feed.newestFirst(s))).map((e) => e.snapshot)).toEqual([snap('v3', 0, 3)]);
    expect(await feed.counts(s)).toEqual({ live: 1, stored: 1 });
  });

  it('moves an entry through pending, live and dead by document id, counting by state', async () => {
    const feed = feedOf();
    const s = scope();
    await feed.add(s, 'a', snap('A'));
    expect(await ids(feed.newestFirst(s))).toEqual([]);
    expect(await feed.counts(s)).toEqual({ live: 0, stored: 0 });
    await feed.set(s, 'a', { state: 'live' });
    expect(await ids(feed.newestFirst(s))).toEqual(['a']);
    expect(await feed.counts(s)).toEqual({ live: 1, stored: 1 });
    await feed.set(s, 'a', { state: 'dead' });
    expect(await feed.counts(s)).toEqual({ live: 0, stored: 1 });
    expect((await all(feed.newestFirst(s))).map((e) => e.state)).toEqual(['dead']);
    await feed.set(s, 'a', { state: 'live' });
    // An id the feed has no entry for, here or in another scope: nothing changes.
    await feed.set(s, 'b', { state: 'dead', snapshot: snap('wrong') });
    await feed.set(scope(), 'a', { state: 'dead' });
    expect(await feed.counts(s)).toEqual({ live: 1, stored: 1 });
    expect(await all(feed.newestFirst(s))).toEqual([
      { id: 'a', seq: 0, state: 'live', snapshot: snap('A'), words: [] },
    ]);
    expect(await feed.counts(scope())).toEqual({ live: 0, stored: 0 });
  });

  it('adds an id once: adding it again changes nothing', async () => {
    const feed = feedOf();
    const s = scope();
    await feed.add(s, 'a', snap('A'));
    await Promise.all([feed.add(s, 'a', snap('again')), feed.add(s, 'b', snap('B'))]);
    await feed.add(s, 'a', snap('and again'));
    await feed.set(s, 'a', { state: 'live' });
    await feed.set(s, 'b', { state: 'live' });
    expect((await all(feed.newestFirst(s))).map((e) => [e.id, e.seq, e.snapshot.title])).toEqual([
      ['b', 1, 'B'],
      ['a', 0, 'A'],
    ]);
  });

  it('stores snapshots and words, and replaces them on set', async () => {
    const feed = feedOf();
    const s = scope();
    await feed.add(s, 'a', snap('A', 1000), ['alpha', 'first']);
    await feed.add(s, 'b', snap('B', 2000));
    await feed.set(s, 'a', { state: 'live' });
    await feed.set(s, 'b', { state: 'live' });
    const entries = await all(feed.newestFirst(s));
    expect(entries).toEqual([
      { id: 'b', seq: 1, state: 'live', snapshot: snap('B', 2000), words: [] },
      { id: 'a', seq: 0, state: 'live', snapshot: snap('A', 1000), words: ['alpha', 'first'] },
    ]);
    expect(entries[1]!.snapshot.at).toBeInstanceOf(Date);
    await feed.set(s, 'a', { snapshot: snap('A2', 5000) });
    await feed.set(s, 'b', { words: ['beta'] });
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
    await feed.addMany(s, list);
    const entries = await all(feed.newestFirst(s));
    expect(entries.map((e) => e.id)).toEqual(list.map((i) => i.id).reverse());
    expect(entries.map((e) => e.seq)).toEqual(list.map((_, i) => 19 - i));
    expect(await feed.counts(s)).toEqual({ live: 20, stored: 20 });
    // d1 sits in block 0, now in cold-0.
    await feed.set(s, 'd1', { state: 'dead', snapshot: snap('d1-x', 99) });
    const old = (await all(feed.newestFirst(s))).find((e) => e.id === 'd1');
    expect(old).toEqual({ id: 'd1', seq: 1, state: 'dead', snapshot: snap('d1-x', 99), words: [] });
    expect(await feed.counts(s)).toEqual({ live: 19, stored: 20 });
    // Blocks 0..6: 5 and 6 in the ring, 0..4 cold; a location row per entry.
    const rows = await rowsOf(connection, 'owner', s);
    const blocks = ['head', 'ring-0', 'ring-1', 'cold-0', 'cold-1', 'cold-2', 'cold-3', 'cold-4'];
    expect([...rows.keys()].sort()).toEqual([...blocks, ...list.map((i) => `@${i.id}`)].sort());
    expect(rows.get('ring-0')!['n']).toBe(6);
    expect(rows.get('ring-1')!['n']).toBe(5);
    expect(rows.get('@d13')!['seq']).toBe(13);
    expect(rows.get('head')).toMatchObject({ next: 20, live: 19, stored: 20, lease: null });
    // Appending continues the last block, then rotates again.
    await feed.add(s, 'p', snap('p'));
    await feed.addMany(s, items('q', 2));
    expect((await all(feed.newestFirst(s))).slice(0, 3).map((e) => [e.id, e.seq])).toEqual([
      ['q1', 22],
      ['q0', 21],
      ['d19', 19],
    ]);
    expect(await feed.counts(s)).toEqual({ live: 21, stored: 22 });
  });

  it('does the writes submitted together as one batch, a ring rotation included', async () => {
    const feed = feedOf();
    const s = scope();
    await feed.addMany(s, items('d', 6)); // blocks 0 (ring-0) and 1 (ring-1)
    const [reads, leases] = [
      countCalls(connection, 'findOne'),
      countCalls(connection, 'findOneAndUpdate'),
    ];
    // A change in block 0, then adds that open block 2 in ring-0 (block 0, changed, moves to
    // cold-0), a change of the first add, an unknown id, and adds that open block 3 in
    // ring-1 (block 1 moves to cold-1).
    await Promise.all([
      feed.set(s, 'd1', { state: 'dead', snapshot: snap('d1-x', 99) }),
      feed.add(s, 'p0', snap('p0', 6)),
      feed.add(s, 'p1', snap('p1', 7)),
      feed.set(s, 'p0', { state: 'live' }),
      feed.set(s, 'not-d2', { state: 'dead' }),
      feed.addMany(s, items('q', 2)),
    ]);
    // One lease; the locations of d1, p0, p1 and not-d2, block 0, and the ring row block 3
    // takes (block 2 took ring-0 from block 0 in memory; new blocks are not looked for).
    expect(leases.stop()).toBe(1);
    expect(reads.stop()).toBe(6);
    const entries = await all(feed.newestFirst(s));
    expect(entries.map((e) => [e.id, e.seq, e.state])).toEqual([
      ['q1', 9, 'live'],
      ['q0', 8, 'live'],
      ['p0', 6, 'live'],
      ...['d5', 'd4', 'd3', 'd2'].map((id) => [id, Number(id.slice(1)), 'live']),
      ['d1', 1, 'dead'],
      ['d0', 0, 'live'],
    ]);
    expect(await feed.counts(s)).toEqual({ live: 8, stored: 9 });
    const rows = await rowsOf(connection, 'owner', s);
    expect(
      [...rows]
        .filter(([k]) => !k.startsWith('@'))
        .map(([k, r]) => `${k}:${String(r['n'] ?? '')}`)
        .sort(),
    ).toEqual(['cold-0:0', 'cold-1:1', 'head:', 'ring-0:2', 'ring-1:3'].sort());
  });

  it('pageOf skips and limits over wanted entries and stops reading early', async () => {
    const feed = feedOf();
    const s = scope();
    await feed.addMany(s, items('d', 300));
    await feed.set(s, 'd297', { state: 'dead' });
    await feed.set(s, 'd292', { state: 'dead' });
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

  it('keeps feeds of different names and scopes apart, and refuses a | in either', async () => {
    const [owner, team] = [feedOf('owner'), feedOf('team')];
    const [s, other] = [scope(), scope()];
    await owner.addMany(s, items('o', 1));
    await team.addMany(s, items('t', 2));
    await owner.addMany(other, items('x', 1));
    expect(await ids(owner.newestFirst(s))).toEqual(['o0']);
    expect(await ids(team.newestFirst(s))).toEqual(['t1', 't0']);
    expect(await ids(owner.newestFirst(other))).toEqual(['x0']);
    expect(await ids(team.newestFirst(other))).toEqual([]);
    await team.set(s, 'o0', { state: 'dead' }); // o0 is in owner/s, not in team/s
    expect(await owner.counts(s)).toEqual({ live: 1, stored: 1 });
    expect(await team.counts(s)).toEqual({ live: 2, stored: 2 });
    expect(() => feedOf('own|er')).toThrow(/\|/);
    await expect(owner.add('a|b', 'x', snap('x'))).rejects.toThrow(/\|/);
    await expect(owner.counts('')).rejects.toThrow(/non-empty/);
  });

  it('addAcross groups items by scope and leaves out those without one', async () => {
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
    await feed.addAcross(
      input,
      (i) => i.scope,
      (i) => ({ id: i.id, snapshot: snap(i.id), words: [i.id] }),
    );
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
    await feed.add(s, 'stored-1', snap('old'));
    stored.set('stored-1', snap('as stored'));
    const [shown] = await all(feed.newestFirst(s));
    expect(shown).toMatchObject({ id: 'stored-1', seq: 0, state: 'live' });
    expect(shown!.snapshot.title).toBe('as stored');
    await eventually(async () => (await feed.counts(s)).live === 1);
    expect(await feed.counts(s)).toEqual({ live: 1, stored: 1 });
  });
});
