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
  private readonly byKey = new Map<string, { docs: SubscriptionDoc[]; at: number }>();
  /** Rises with every drop. */
  private epoch = 0;

  constructor(
    private readonly read: (keys: string[]) => Promise<SubscriptionDoc[]>,
    private readonly ttlMs: number,
    private readonly maxKeys = 10_000,
  ) {}

  /** The active subscriptions under any of these keys. */
  async matching(keys: string[]): Promise<SubscriptionDoc[]> {
    if (this.ttlMs <= 0) return this.read(keys);
    const now = Date.now();
    const found: SubscriptionDoc[] = [];
    const missing: string[] = [];
    for (const key of keys) {
      const hit = this.byKey.get(key);
      if (hit && now - hit.at < this.ttlMs) found.push(...hit.docs);
      else missing.push(key);
    }
    if (!missing.length) return found;
    const epoch = this.epoch;
    const docs = await this.read(missing);
    if (epoch === this.epoch) {
      for (const key of missing)
        this.remember(
          key,
          docs.filter((d) => d.key === key),
          now,
        );
    }
    return found.concat(docs);
  }

  /** A subscription changed somewhere: nothing kept is trusted any more. */
  forgetAll(): void {
    this.epoch++;
    this.byKey.clear();
  }

  private remember(key: string, docs: SubscriptionDoc[], at: number): void {
    this.byKey.delete(key);
    if (this.byKey.size >= this.maxKeys) {
      const oldest = this.byKey.keys().next().value;
      if (oldest !== undefined) this.byKey.delete(oldest);
    }
    this.byKey.set(key, { docs, at });
  }
}
