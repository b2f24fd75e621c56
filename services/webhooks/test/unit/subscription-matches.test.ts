import { describe, expect, it } from 'vitest';
import { SubscriptionMatches } from '../../src/store/subscription-matches.js';
import type { SubscriptionDoc } from '../../src/store/models.js';

const sub = (id: string, key: string) => ({ _id: id, key }) as unknown as SubscriptionDoc;

/** A table of active subscriptions, read the way the store reads it, counting reads. */
function table(rows: SubscriptionDoc[]) {
  const reads: string[][] = [];
  const read = async (keys: string[]) => {
    reads.push(keys);
    return rows.filter((r) => keys.includes(r.key));
  };
  return { rows, reads, read };
}

describe('cached subscription matches', () => {
  it('reads a key once, then answers it from memory, keys with no subscription included', async () => {
    const t = table([sub('s1', 'user:u1'), sub('s2', 'team:t1')]);
    const m = new SubscriptionMatches(t.read, 60_000);
    const ids = async (keys: string[]) => (await m.matching(keys)).map((s) => s._id).sort();
    expect(await ids(['user:u1', 'team:t1'])).toEqual(['s1', 's2']);
    expect(await ids(['user:u1', 'team:t1'])).toEqual(['s1', 's2']);
    expect(await ids(['user:u2'])).toEqual([]);
    expect(await ids(['user:u2', 'team:t1'])).toEqual(['s2']);
    expect(t.reads).toEqual([['user:u1', 'team:t1'], ['user:u2']]);
  });

  it('forgetAll (a subscription changed) makes the next event read again and see the change', async () => {
    const t = table([]);
    const m = new SubscriptionMatches(t.read, 60_000);
    expect(await m.matching(['user:u1'])).toEqual([]);
    t.rows.push(sub('s1', 'user:u1'));
    m.forgetAll();
    expect((await m.matching(['user:u1'])).map((s) => s._id)).toEqual(['s1']);
    t.rows.length = 0;
    m.forgetAll();
    expect(await m.matching(['user:u1'])).toEqual([]);
    expect(t.reads).toHaveLength(3);
  });

  it('does not keep a read that a change overtook (it may hold the state before it)', async () => {
    const t = table([sub('s1', 'user:u1')]);
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    const m = new SubscriptionMatches(async (keys) => {
      const before = await t.read(keys);
      await gate;
      return before;
    }, 60_000);
    const pending = m.matching(['user:u1']);
    t.rows.length = 0; // deleted meanwhile…
    m.forgetAll(); // …and announced
    release();
    expect((await pending).map((s) => s._id)).toEqual(['s1']); // answered as read
    expect(await m.matching(['user:u1'])).toEqual([]); // but not kept
  });

  it('trusts a key no longer than ttlMs, and reads every time with 0', async () => {
    const t = table([sub('s1', 'user:u1')]);
    const off = new SubscriptionMatches(t.read, 0);
    await off.matching(['user:u1']);
    await off.matching(['user:u1']);
    expect(t.reads).toHaveLength(2);
    const short = new SubscriptionMatches(t.read, 20);
    await short.matching(['user:u1']);
    await new Promise((r) => setTimeout(r, 30));
    await short.matching(['user:u1']);
    expect(t.reads).toHaveLength(4);
  });
});
