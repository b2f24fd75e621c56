import { describe, expect, it } from 'vitest';
import { backoffDelay } from '@momentum/contracts';

const at = (value: number) => () => value;

describe('backoffDelay', () => {
  it('doubles from baseMs with each failure, up to maxMs', () => {
    const steps = [1, 2, 3, 4, 5, 6, 7].map((n) =>
      backoffDelay(n, { baseMs: 1, maxMs: 50, jitter: 'full' }, at(1)),
    );
    expect(steps).toEqual([1, 2, 4, 8, 16, 32, 50]);
  });

  it('full jitter waits anywhere up to the step; equal jitter at least half of it', () => {
    const full = { baseMs: 100, maxMs: 10_000, jitter: 'full' } as const;
    const equal = { ...full, jitter: 'equal' } as const;
    expect(backoffDelay(3, full, at(0))).toBe(0);
    expect(backoffDelay(3, full, at(0.5))).toBe(200);
    expect(backoffDelay(3, equal, at(0))).toBe(200);
    expect(backoffDelay(3, equal, at(1))).toBe(400);
  });

  it('treats a first call (0 or fewer failures) as the first failure, and never overflows', () => {
    const policy = { baseMs: 5_000, maxMs: 6 * 3_600_000, jitter: 'equal' } as const;
    expect(backoffDelay(0, policy, at(1))).toBe(5_000);
    expect(backoffDelay(-3, policy, at(1))).toBe(5_000);
    expect(backoffDelay(10_000, policy, at(1))).toBe(6 * 3_600_000);
    expect(Number.isFinite(backoffDelay(Number.MAX_SAFE_INTEGER, policy))).toBe(true);
  });
});
