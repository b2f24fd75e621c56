import { describe, expect, it } from 'vitest';
import { DEFAULT_IDEMPOTENCY_LIMITS, IdempotencyStore } from '../../src/idempotency/store.js';

const response = (text: string, status = 201) => ({
  status,
  contentType: 'application/json',
  body: Buffer.from(text),
});
const DAY = 24 * 60 * 60_000;

describe('IdempotencyStore', () => {
  it('new → in progress → replay of the first response; another fingerprint is a mismatch', () => {
    const store = new IdempotencyStore();
    expect(store.begin('k', 'fp1', 0)).toEqual({ kind: 'new' });
    expect(store.begin('k', 'fp1', 1)).toEqual({ kind: 'in_progress' });
    expect(store.begin('k', 'fp2', 1)).toEqual({ kind: 'mismatch' });
    expect(store.complete('k', 'fp1', response('{"a":1}'), 2)).toBe(true);
    expect(store.begin('k', 'fp1', 3)).toEqual({ kind: 'replay', response: response('{"a":1}') });
    expect(store.begin('k', 'fp2', 3)).toEqual({ kind: 'mismatch' });
  });

  it('remembers for 24 hours by default', () => {
    expect(DEFAULT_IDEMPOTENCY_LIMITS.ttlMs).toBe(DAY);
    const store = new IdempotencyStore();
    store.begin('k', 'fp', 0);
    store.complete('k', 'fp', response('x'), 0);
    expect(store.begin('k', 'fp', DAY - 1).kind).toBe('replay');
    expect(store.begin('k', 'fp', DAY).kind).toBe('new');
  });

  it('abandon frees an in-progress key (a failed first attempt may be retried), never a finished one', () => {
    const store = new IdempotencyStore();
    store.begin('k', 'fp', 0);
    store.abandon('k', 'fp');
    expect(store.begin('k', 'fp', 0).kind).toBe('new');
    store.complete('k', 'fp', response('x'), 0);
    store.abandon('k', 'fp');
    expect(store.begin('k', 'fp', 0).kind).toBe('replay');
  });

  it('an in-progress mark expires so a lost request does not block its key forever', () => {
    const store = new IdempotencyStore();
    store.begin('k', 'fp', 0);
    expect(store.begin('k', 'fp', DEFAULT_IDEMPOTENCY_LIMITS.pendingTtlMs).kind).toBe('new');
  });

  it('is bounded by entries and bytes, oldest first out', () => {
    const store = new IdempotencyStore({
      ...DEFAULT_IDEMPOTENCY_LIMITS,
      maxEntries: 2,
      maxBytes: 10_000,
    });
    for (const k of ['a', 'b', 'c']) {
      store.begin(k, 'fp', 0);
      store.complete(k, 'fp', response(k), 0);
    }
    expect(store.size).toBe(2);
    expect(store.begin('a', 'fp', 1).kind).toBe('new');

    const bytes = new IdempotencyStore({ ...DEFAULT_IDEMPOTENCY_LIMITS, maxBytes: 1000 });
    for (const k of ['a', 'b', 'c']) {
      bytes.begin(k, 'fp', 0);
      bytes.complete(k, 'fp', response('x'.repeat(400)), 0);
    }
    expect(bytes.storedBytes).toBeLessThanOrEqual(1000);
    expect(bytes.begin('c', 'fp', 1).kind).toBe('replay');
    expect(bytes.begin('a', 'fp', 1).kind).toBe('new');
  });

  it('a response over the per-entry limit is not kept and its key is freed', () => {
    const store = new IdempotencyStore({ ...DEFAULT_IDEMPOTENCY_LIMITS, maxEntryBytes: 10 });
    store.begin('k', 'fp', 0);
    expect(store.complete('k', 'fp', response('x'.repeat(11)), 0)).toBe(false);
    expect(store.begin('k', 'fp', 0).kind).toBe('new');
  });
});
