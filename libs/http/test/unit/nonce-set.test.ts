import { describe, expect, it } from 'vitest';
import { SIGNATURE_WINDOW_MS } from '../../src/actor-header.js';
import { NonceSet } from '../../src/nonce-set.js';

describe('NonceSet: each signed request once, for as long as its signature verifies', () => {
  const window = SIGNATURE_WINDOW_MS;

  it('takes a nonce once and refuses it again for at least twice the window', () => {
    const t0 = 1_000_000;
    const set = new NonceSet(undefined, t0);
    expect(set.take('a'.repeat(20), t0)).toBe(true);
    expect(set.take('a'.repeat(20), t0)).toBe(false);
    // Taken just before a turn: still refused a full generation (2 × window) later.
    expect(set.take('b'.repeat(20), t0 + 2 * window - 1)).toBe(true);
    expect(set.take('b'.repeat(20), t0 + 2 * window)).toBe(false);
    expect(set.take('b'.repeat(20), t0 + 4 * window - 1)).toBe(false);
    expect(set.take('a'.repeat(20), t0 + 2 * window + 1)).toBe(false);
  });

  it('forgets nonces whose signatures can no longer verify, and holds no more than two generations', () => {
    const t0 = 5_000_000;
    const set = new NonceSet(undefined, t0);
    for (let i = 0; i < 100; i++) set.take(`nonce-${String(i).padStart(16, '0')}`, t0);
    expect(set.size).toBe(100);
    set.take('later-nonce-0000000000', t0 + 2 * window);
    expect(set.size).toBe(101);
    set.take('latest-nonce-000000000', t0 + 4 * window);
    expect(set.size).toBe(2);
    // Long idle: both generations dropped at once.
    set.take('after-a-pause-00000000', t0 + 100 * window);
    expect(set.size).toBe(1);
  });
});
