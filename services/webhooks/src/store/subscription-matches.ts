import { LRUCache } from 'lru-cache';
import type { SubscriptionDoc } from './models.js';

/**
 * The active subscriptions under each audience key (`user:…`, `team:…`), kept in memory so
 * an event costs no engine read when its keys were seen before: every event of a user or
 * team with no subscription would otherwise be one `find` on `subscriptions`. Kept exact by
 * subscription changes: a write through the store (and a subscription the failure record
 * disables) drops everything here and in every other replica (`forgetAll`, announced over
 * plain NATS, subscription-changes.ts). A read that was under way across a drop is answered
 * but not kept, so it cannot put back what was just dropped. `ttlMs` bounds how long a key
 * is trusted should an announcement be lost (a NATS outage); 0 turns the cache off.
 */
export class SubscriptionMatches {
  /** Null when `ttlMs` is 0: nothing is kept (lru-cache would read 0 as "never expires"). */
  private readonly byKey: LRUCache<string, SubscriptionDoc[]> | null;
  /** Rises with every drop. */
  private epoch = 0;

  constructor(
    private readonly read: (keys: string[]) => Promise<SubscriptionDoc[]>,
    ttlMs: number,
    maxKeys = 10_000,
  ) {
    this.byKey = ttlMs > 0 ? new LRUCache({ max: maxKeys, ttl: ttlMs, ttlResolution: 0 }) : null;
  }

  /** The active subscriptions under any of these keys. */
  async matching(keys: string[]): Promise<SubscriptionDoc[]> {
    if (!this.byKey) return this.read(keys);
    const found: SubscriptionDoc[] = [];
    const missing: string[] = [];
    for (const key of keys) {
      const hit = this.byKey.get(key);
      if (hit) found.push(...hit);
      else missing.push(key);
    }
    if (!missing.length) return found;
    const epoch = this.epoch;
    const docs = await this.read(missing);
    if (epoch === this.epoch) {
      for (const key of missing)
        this.byKey.set(
          key,
          docs.filter((d) => d.key === key),
        );
    }
    return found.concat(docs);
  }

  /** A subscription changed somewhere: nothing kept is trusted any more. */
  forgetAll(): void {
    this.epoch++;
    this.byKey?.clear();
  }
}
