import { describe, expect, it } from 'vitest';
import { settlementOf } from '../../src/delivery/settlement.js';

const policy = { baseMs: 1000, maxDelayMs: 60_000, windowMs: 3600_000 };
const at = new Date('2025-03-01T12:00:00Z');
const fresh = { roundAttempts: 0, armedAt: at };
const mid = () => 0.5;

describe('what an attempt leaves on the delivery', () => {
  it('marks a 2xx succeeded', () => {
    expect(
      settlementOf(policy, fresh, { kind: 'response', status: 204, retryAfter: null }, at),
    ).toEqual({
      state: 'succeeded',
      nextAttemptAt: at,
      lastResponseCode: 204,
      lastError: null,
      lastAttemptAt: at,
      attempted: true,
    });
  });

  it('schedules a retry after a 503, backing off with the attempts of this round', () => {
    const first = settlementOf(
      policy,
      fresh,
      { kind: 'response', status: 503, retryAfter: null },
      at,
      mid,
    );
    expect(first).toMatchObject({ state: 'pending', lastResponseCode: 503, lastError: 'HTTP 503' });
    expect(first.nextAttemptAt.getTime() - at.getTime()).toBe(750);
    const fourth = settlementOf(
      policy,
      { ...fresh, roundAttempts: 3 },
      { kind: 'error', error: 'network', message: 'ECONNREFUSED' },
      at,
      mid,
    );
    expect(fourth).toMatchObject({
      state: 'pending',
      lastResponseCode: null,
      lastError: 'network: ECONNREFUSED',
    });
    expect(fourth.nextAttemptAt.getTime() - at.getTime()).toBe(6000);
  });

  it('waits for Retry-After on a 429', () => {
    const s = settlementOf(
      policy,
      fresh,
      { kind: 'response', status: 429, retryAfter: '30' },
      at,
      mid,
    );
    expect(s.nextAttemptAt.getTime() - at.getTime()).toBe(30_000);
  });

  it('fails when the next attempt would fall outside the window, or at once on a 4xx', () => {
    const late = { roundAttempts: 5, armedAt: new Date(at.getTime() - 3599_000) };
    expect(
      settlementOf(policy, late, { kind: 'error', error: 'timeout', message: 'slow' }, at).state,
    ).toBe('failed');
    expect(
      settlementOf(policy, fresh, { kind: 'response', status: 404, retryAfter: null }, at),
    ).toMatchObject({
      state: 'failed',
      lastResponseCode: 404,
    });
  });
});
