import { describe, expect, it } from 'vitest';
import { GroupedCalls } from '../../src/store/grouped-calls.js';

describe('GroupedCalls: one write for the requests a key gathered meanwhile', () => {
  it('sends one request at once, the ones made while it is out together next, in order', async () => {
    const writes: Array<[string, number[]]> = [];
    let release!: () => void;
    const first = new Promise<void>((r) => (release = r));
    const grouped = new GroupedCalls<number, number>(async (key, items) => {
      writes.push([key, items]);
      if (writes.length === 1) await first;
      return items.map((n) => n * 10);
    });
    const a = grouped.add('u', 1);
    const rest = [grouped.add('u', 2), grouped.add('u', 3), grouped.add('v', 4)];
    expect(writes).toEqual([
      ['u', [1]],
      ['v', [4]],
    ]);
    release();
    expect(await Promise.all([a, ...rest])).toEqual([10, 20, 30, 40]);
    expect(writes).toEqual([
      ['u', [1]],
      ['v', [4]],
      ['u', [2, 3]],
    ]);
  });

  it('fails each request of a failed write, and goes on with the next', async () => {
    let calls = 0;
    const grouped = new GroupedCalls<number, number>(async (_key, items) => {
      if (++calls === 2) throw new Error('engine away');
      return items;
    });
    const results = await Promise.allSettled([1, 2, 3].map((n) => grouped.add('u', n)));
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'rejected', 'rejected']);
    expect(await grouped.add('u', 4)).toBe(4);
  });

  it('keeps a group to its size limit', async () => {
    const sizes: number[] = [];
    const grouped = new GroupedCalls<number, number>(async (_key, items) => {
      sizes.push(items.length);
      return items;
    }, 2);
    await Promise.all([1, 2, 3, 4, 5, 6].map((n) => grouped.add('u', n)));
    expect(sizes).toEqual([1, 2, 2, 1]);
  });
});
