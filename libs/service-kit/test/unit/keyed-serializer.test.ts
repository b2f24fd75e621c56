import { describe, expect, it } from 'vitest';
import { KeyedSerializer } from '../../src/keyed-serializer.js';

describe('KeyedSerializer', () => {
  it('runs work of one key one at a time, in order, and other keys alongside', async () => {
    const s = new KeyedSerializer();
    const log: string[] = [];
    const step = (key: string, n: number, ms: number) =>
      s.run(key, async () => {
        log.push(`${key}${n}+`);
        await new Promise((r) => setTimeout(r, ms));
        log.push(`${key}${n}-`);
        return n;
      });
    const results = await Promise.all([step('a', 1, 20), step('a', 2, 1), step('b', 1, 5)]);
    expect(results).toEqual([1, 2, 1]);
    expect(log.indexOf('a1-')).toBeLessThan(log.indexOf('a2+'));
    expect(log.indexOf('b1+')).toBeLessThan(log.indexOf('a1-'));
    await new Promise((r) => setTimeout(r, 0));
    expect(s.size).toBe(0);
  });

  it('keeps going after a failure', async () => {
    const s = new KeyedSerializer();
    await expect(s.run('k', async () => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    await expect(s.run('k', async () => 'next')).resolves.toBe('next');
  });
});
