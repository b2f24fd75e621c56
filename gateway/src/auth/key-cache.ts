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

  get size() {
    return this.entries.size;
  }
}
