import { describe, expect, it } from 'vitest';
import { nextAttemptAt, parseRetryAfter, retryDelay } from '../../src/domain/backoff.js';

const DAY = 24 * 3600_000;
const policy = { baseMs: 5000, maxDelayMs: 6 * 3600_000, windowMs: DAY };

describe('retry backoff', () => {
  it('doubles each step, with the jitter between half and the whole step', () => {
    for (let n = 1; n <= 6; n++) {
      const step = 5000 * 2 ** (n - 1);
      expect(retryDelay(n, policy, () => 0)).toBe(step / 2);
      expect(retryDelay(n, policy, () => 1)).toBe(step);
      const d = retryDelay(n, policy);
      expect(d).toBeGreaterThanOrEqual(step / 2);
      expect(d).toBeLessThanOrEqual(step);
    }
  });

  it('never waits longer than the cap, however many attempts failed', () => {
    expect(retryDelay(50, policy, () => 1)).toBe(policy.maxDelayMs);
    expect(retryDelay(5000, policy, () => 1)).toBe(policy.maxDelayMs);
  });

  it('spreads about fifteen attempts over about a day, then gives up', () => {
    for (const random of [() => 0, () => 0.5, () => 1]) {
      let now = 0;
      let failed = 0;
      for (;;) {
        failed++;
        const next = nextAttemptAt({
          failedAttempts: failed,
          retryAfterMs: null,
          now,
          armedAt: 0,
          policy,
          random,
        });
        if (next === null) break;
        now = next;
      }
      expect(failed).toBeGreaterThanOrEqual(12);
      expect(failed).toBeLessThanOrEqual(20);
      expect(now).toBeGreaterThan(0.6 * DAY);
      expect(now).toBeLessThanOrEqual(DAY);
    }
  });

  it('honours Retry-After (seconds or a date) but not beyond the cap', () => {
    const now = Date.parse('2025-03-01T12:00:00Z');
    expect(parseRetryAfter('120', now)).toBe(120_000);
    expect(parseRetryAfter('Sat, 01 Mar 2025 12:01:00 GMT', now)).toBe(60_000);
    expect(parseRetryAfter('Sat, 01 Mar 2025 11:00:00 GMT', now)).toBe(0);
    expect(parseRetryAfter('soon', now)).toBeNull();
    expect(parseRetryAfter(null, now)).toBeNull();
    const at = (retryAfterMs: number) =>
      nextAttemptAt({
        failedAttempts: 1,
        retryAfterMs,
        now,
        armedAt: now,
        policy,
        random: () => 0,
      });
    expect(at(120_000)).toBe(now + 120_000);
    expect(at(1000)).toBe(now + 2500); // the backoff is longer
    expect(at(100 * 3600_000)).toBe(now + policy.maxDelayMs);
  });

  it('gives up when the next attempt would fall outside the window since arming', () => {
    const armedAt = 0;
    expect(
      nextAttemptAt({
        failedAttempts: 1,
        retryAfterMs: null,
        now: DAY - 1000,
        armedAt,
        policy,
        random: () => 0,
      }),
    ).toBeNull();
    expect(
      nextAttemptAt({
        failedAttempts: 1,
        retryAfterMs: null,
        now: DAY - 10_000,
        armedAt,
        policy,
        random: () => 0,
      }),
    ).toBe(DAY - 7500);
  });
});
