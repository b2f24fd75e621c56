import { LRUCache } from 'lru-cache';
import type { Clock } from './key-cache.js';

/**
 * Key ids the directory said it does not know (or knows revoked or inactive), so that a flood of one
 * forged key id costs one internal round trip, not one per request. Forgotten after a TTL,
 * and all at once when a key is created anywhere this gateway hears of (a new key's id is
 * random, but an operator's ADMIN_API_KEY may have been tried before identity stored it).
 */
export class UnknownKeyIds {
  /** Key id → the verdict-cache epoch it was learnt in; each forgotten after the TTL. */
  private readonly until: LRUCache<string, number> | null;
  private gen = 0;

  constructor(ttlMs: number, maxEntries = 50_000, clock: Clock = performance) {
    // A TTL of 0 keeps nothing (lru-cache would read it as "never expires").
    this.until =
      ttlMs > 0
        ? new LRUCache({ max: maxEntries, ttl: ttlMs, ttlResolution: 0, perf: clock })
        : null;
  }

  /**
   * `epoch` is the verdict cache's generation: any drop there (a revocation, an agent switched
   * back on, a membership change, a reconnect) also voids what was learnt before it, since a
   * key id refused as inactive may be valid again.
   */
  has(keyId: string, epoch = 0): boolean {
    const learnt = this.until?.get(keyId);
    if (learnt === undefined) return false;
    if (learnt === epoch) return true;
    this.until!.delete(keyId);
    return false;
  }

  get generation(): number {
    return this.gen;
  }

  /** Remembers the key id unless a key was created since `generation` was read. */
  addIfCurrent(generation: number, keyId: string, epoch = 0): void {
    if (generation === this.gen) this.until?.set(keyId, epoch);
  }

  clear(): void {
    this.gen++;
    this.until?.clear();
  }

  get size() {
    return this.until?.size ?? 0;
  }
}
