import { describe, expect, it } from 'vitest';
import { SubscriptionLimits } from '../../src/delivery/limits.js';

describe('per-subscription limits', () => {
  it('holds each subscription to its concurrency, independently of the others', () => {
    const limits = new SubscriptionLimits({ concurrency: 2, ratePerSecond: 100, now: () => 0 });
    expect(limits.tryAcquire('a')).toBe(true);
    expect(limits.tryAcquire('a')).toBe(true);
    expect(limits.tryAcquire('a')).toBe(false);
    expect(limits.tryAcquire('b')).toBe(true);
    expect(limits.saturated()).toEqual(['a']);
    limits.release('a');
    expect(limits.tryAcquire('a')).toBe(true);
  });

  it('starts at most the rate per second, refilling over time', () => {
    let now = 0;
    const limits = new SubscriptionLimits({ concurrency: 100, ratePerSecond: 3, now: () => now });
    for (let i = 0; i < 3; i++) {
      expect(limits.tryAcquire('a')).toBe(true);
      limits.release('a');
    }
    expect(limits.tryAcquire('a')).toBe(false);
    expect(limits.saturated()).toEqual(['a']);
    now = 340; // one token back
    expect(limits.tryAcquire('a')).toBe(true);
    limits.release('a');
    expect(limits.tryAcquire('a')).toBe(false);
  });

  it('gives the token back when an attempt never started, and forgets idle subscriptions', () => {
    let now = 0;
    const limits = new SubscriptionLimits({ concurrency: 5, ratePerSecond: 1, now: () => now });
    expect(limits.tryAcquire('a')).toBe(true);
    limits.release('a', { refund: true });
    expect(limits.tryAcquire('a')).toBe(true);
    limits.release('a');
    now = 5000;
    expect(limits.saturated()).toEqual([]);
    expect((limits as unknown as { buckets: Map<string, unknown> }).buckets.size).toBe(0);
  });
});
