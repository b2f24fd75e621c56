/**
 * Key ids the directory said it does not know (or knows revoked or inactive), so that a flood of one
 * forged key id costs one internal round trip, not one per request. Forgotten after a TTL,
 * and all at once when a key is created anywhere this gateway hears of (a new key's id is
 * random, but an operator's ADMIN_API_KEY may have been tried before identity stored it).
 */
export class UnknownKeyIds {
  /** Key id → when it is forgotten, and the verdict-cache epoch it was learnt in. */
  private readonly until = new Map<string, { expiry: number; epoch: number }>();
  private gen = 0;

  constructor(
    private readonly ttlMs: number,
    private readonly maxEntries = 50_000,
  ) {}

  /**
   * `epoch` is the verdict cache's generation: any drop there (a revocation, an agent switched
   * back on, a membership change, a reconnect) also voids what was learnt before it, since a
   * key id refused as inactive may be valid again.
   */
  has(keyId: string, epoch = 0, now = Date.now()): boolean {
    const entry = this.until.get(keyId);
    if (entry === undefined) return false;
    if (entry.expiry > now && entry.epoch === epoch) return true;
    this.until.delete(keyId);
    return false;
  }

  get generation(): number {
    return this.gen;
  }

  /** Remembers the key id unless a key was created since `generation` was read. */
  addIfCurrent(generation: number, keyId: string, epoch = 0, now = Date.now()): void {
    if (this.ttlMs <= 0 || generation !== this.gen) return;
    if (this.until.size >= this.maxEntries) {
      const oldest = this.until.keys().next().value;
      if (oldest !== undefined) this.until.delete(oldest);
    }
    this.until.set(keyId, { expiry: now + this.ttlMs, epoch });
  }

  clear(): void {
    this.gen++;
    this.until.clear();
  }

  get size() {
    return this.until.size;
  }
}
