import type { Actor } from '@momentum/contracts';
import { LRUCache } from 'lru-cache';

/**
 * Verified keys, by SHA-256 fingerprint of the whole key (never the key itself), so a
 * request after the first costs no bcrypt. Entries expire after a short TTL (a shorter one
 * for refusals), the least recently used goes first when the cache is full, and entries are
 * dropped at once when an event says the key, its agent or its user's teams changed.
 */
export interface CachedVerdict {
  actor: Actor | null;
  keyId: string;
}

/** What the cache reads the time from (`performance`; a test passes its own). */
export interface Clock {
  now(): number;
}

export class KeyCache {
  private readonly entries: LRUCache<string, CachedVerdict>;
  /**
   * Bumped by every drop: a verdict whose verification began before a drop (a revocation
   * arriving while it was computed) is not cached, since it may predate the change.
   */
  private gen = 0;

  constructor(
    private readonly ttlMs: number,
    private readonly negativeTtlMs = 5_000,
    maxEntries = 50_000,
    clock: Clock = performance,
  ) {
    // ttlResolution 0: read the clock on each lookup rather than arm a timer to cache it.
    this.entries = new LRUCache({ max: maxEntries, ttlResolution: 0, perf: clock });
  }

  get(fingerprint: string): CachedVerdict | undefined {
    return this.entries.get(fingerprint);
  }

  get generation(): number {
    return this.gen;
  }

  /**
   * Caches a verdict unless a drop happened since `generation` was read (when its
   * verification began); returns whether it was cached.
   */
  setIfCurrent(
    generation: number,
    fingerprint: string,
    keyId: string,
    actor: Actor | null,
  ): boolean {
    if (generation !== this.gen) return false;
    this.set(fingerprint, keyId, actor);
    return true;
  }

  set(fingerprint: string, keyId: string, actor: Actor | null): void {
    const ttl = actor ? this.ttlMs : this.negativeTtlMs;
    // A TTL of 0 turns caching off (lru-cache would read it as "never expires").
    if (ttl > 0) this.entries.set(fingerprint, { actor, keyId }, { ttl });
  }

  /** Drop every verdict matching the predicate; returns how many went. */
  dropWhere(match: (v: CachedVerdict) => boolean): number {
    this.gen++;
    const matching: string[] = [];
    for (const [fp, verdict] of this.entries.entries()) if (match(verdict)) matching.push(fp);
    for (const fp of matching) this.entries.delete(fp);
    return matching.length;
  }

  dropKey(keyId: string) {
    return this.dropWhere((v) => v.keyId === keyId);
  }
  /** The user's own keys and the keys of the agents they own. */
  dropUser(userId: string) {
    return this.dropWhere((v) => v.actor?.userId === userId);
  }
  dropAgent(agentId: string) {
    return this.dropWhere((v) => v.actor?.type === 'agent' && v.actor.id === agentId);
  }

  /** Every verdict (the gateway's NATS connection came back: it may have missed events). */
  clear(): void {
    this.gen++;
    this.entries.clear();
  }

  get size() {
    return this.entries.size;
  }
}
