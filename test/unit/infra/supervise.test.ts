import { describe, expect, it } from 'vitest';
// @ts-expect-error plain ESM helpers shared with the npm scripts
import { backoffMs } from '../../../scripts/lib/supervise.mjs';

describe('npm start: the wait before restarting a crashed process', () => {
  it('is 1 s, doubling with each crash in a row, at most 30 s', () => {
    const waits = [1, 2, 3, 4, 5, 6, 7, 20].map((n) => (backoffMs as (n: number) => number)(n));
    expect(waits).toEqual([1000, 2000, 4000, 8000, 16_000, 30_000, 30_000, 30_000]);
  });
});
