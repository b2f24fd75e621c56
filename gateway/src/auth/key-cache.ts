import type { Actor } from '@momentum/contracts';

/**
 * Verified keys, by SHA-256 fingerprint of the whole key (never the key itself), so a
 * request after the first costs no bcrypt. Entries expire after a short TTL and are
 * dropped at once when an event says the key, its agent or its user's teams changed.
 */
export interface CachedVerdict {
  actor: Actor | null;
  keyId: string;
  expiresAt: number;
}

export class KeyCache {
  private readonly entries = new Map<string, CachedVerdict>();
  /**
   * Bumped by every drop: a verdict whose verification began before a drop (a revocation
   * arriving while it was computed) is not cached, since it may predate the change.
   */
  private gen = 0;

  constructor(
    private readonly ttlMs: number,
    private readonly negativeTtlMs = 5_000,
    private readonly maxEntries = 50_000,
  ) {}

  get(fingerprint: string, now = Date.now()): CachedVerdict | undefined {
    const hit = this.entries.get(fingerprint);
    if (!hit) return undefined;
    if (hit.expiresAt <= now) {
      this.entries.delete(fingerprint);
      return undefined;
    }
    return hit;
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
    now = Date.now(),
  ): boolean {
    if (generation !== this.gen) return false;
    this.set(fingerprint, keyId, actor, now);
    return true;
  }

  set(fingerprint: string, keyId: string, actor: Actor | null, now = Date.now()): void {
    if (this.entries.size >= this.maxEntries) {
      const oldest = this.entries.keys().next().value;
      if (oldest !== undefined) this.entries.delete(oldest);
    }
    const ttl = actor ? this.ttlMs : this.negativeTtlMs;
    this.entries.set(fingerprint, { actor, keyId, expiresAt: now + ttl });
  }

  /** Drop every verdict matching the predicate; returns how many went. */
  dropWhere(match: (v: CachedVerdict) => boolean): number {
    this.gen++;
    let dropped = 0;
    for (const [fp, verdict] of this.entries) {
      if (match(verdict)) {
        this.entries.delete(fp);
        dropped++;
      }
    }
    return dropped;
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
