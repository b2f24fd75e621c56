import { describe, expect, it } from 'vitest';
import { DEFAULT_IDEMPOTENCY_LIMITS, IdempotencyStore } from '../../src/idempotency/store.js';

const response = (text: string, status = 201) => ({
  status,
  contentType: 'application/json',
  body: Buffer.from(text),
});
const DAY = 24 * 60 * 60_000;

/** A clock the test moves (lru-cache reads 0 as "no start time": any other start will do). */
const clock = () => {
  const c = { t: 1_000_000, now: () => c.t };
  return c;
};

describe('IdempotencyStore', () => {
  it('new → in progress → replay of the first response; another fingerprint is a mismatch', () => {
    const store = new IdempotencyStore();
    expect(store.begin('k', 'fp1')).toEqual({ kind: 'new' });
    expect(store.begin('k', 'fp1')).toEqual({ kind: 'in_progress' });
    expect(store.begin('k', 'fp2')).toEqual({ kind: 'mismatch' });
    expect(store.complete('k', 'fp1', response('{"a":1}'))).toBe(true);
    expect(store.begin('k', 'fp1')).toEqual({ kind: 'replay', response: response('{"a":1}') });
    expect(store.begin('k', 'fp2')).toEqual({ kind: 'mismatch' });
  });

  it('remembers for 24 hours by default', () => {
    expect(DEFAULT_IDEMPOTENCY_LIMITS.ttlMs).toBe(DAY);
    const c = clock();
    const store = new IdempotencyStore(DEFAULT_IDEMPOTENCY_LIMITS, c);
    store.begin('k', 'fp');
    store.complete('k', 'fp', response('x'));
    c.t += DAY;
    expect(store.begin('k', 'fp').kind).toBe('replay');
    c.t += 1;
    expect(store.begin('k', 'fp').kind).toBe('new');
  });

  it('abandon frees an in-progress key (a failed first attempt may be retried), never a finished one', () => {
    const store = new IdempotencyStore();
    store.begin('k', 'fp');
    store.abandon('k', 'fp');
    expect(store.begin('k', 'fp').kind).toBe('new');
    store.complete('k', 'fp', response('x'));
    store.abandon('k', 'fp');
    expect(store.begin('k', 'fp').kind).toBe('replay');
  });

  it('an in-progress mark expires so a lost request does not block its key forever', () => {
    const c = clock();
    const store = new IdempotencyStore(DEFAULT_IDEMPOTENCY_LIMITS, c);
    store.begin('k', 'fp');
    c.t += DEFAULT_IDEMPOTENCY_LIMITS.pendingTtlMs;
    expect(store.begin('k', 'fp').kind).toBe('in_progress');
    c.t += 1;
    expect(store.begin('k', 'fp').kind).toBe('new');
  });

  it('is bounded by entries and bytes, the least recently used first out', () => {
    const store = new IdempotencyStore({
      ...DEFAULT_IDEMPOTENCY_LIMITS,
      maxEntries: 2,
      maxBytes: 10_000,
    });
    for (const k of ['a', 'b', 'c']) {
      store.begin(k, 'fp');
      store.complete(k, 'fp', response(k));
    }
    expect(store.size).toBe(2);
    expect(store.begin('a', 'fp').kind).toBe('new');

    const bytes = new IdempotencyStore({ ...DEFAULT_IDEMPOTENCY_LIMITS, maxBytes: 1000 });
    for (const k of ['a', 'b', 'c']) {
      bytes.begin(k, 'fp');
      bytes.complete(k, 'fp', response('x'.repeat(400)));
    }
    expect(bytes.storedBytes).toBeLessThanOrEqual(1000);
    expect(bytes.begin('c', 'fp').kind).toBe('replay');
    expect(bytes.begin('a', 'fp').kind).toBe('new');
  });

  it('a response over the per-entry limit is not kept and its key is freed', () => {
    const store = new IdempotencyStore({ ...DEFAULT_IDEMPOTENCY_LIMITS, maxEntryBytes: 10 });
    store.begin('k', 'fp');
    expect(store.complete('k', 'fp', response('x'.repeat(11)))).toBe(false);
    expect(store.begin('k', 'fp').kind).toBe('new');
  });
});
