/**
 * Key ids the directory said it does not know (or knows revoked), so that a flood of one
 * forged key id costs one internal round trip, not one per request. Forgotten after a TTL,
 * and all at once when a key is created anywhere this gateway hears of (a new key's id is
 * random, but an operator's ADMIN_API_KEY may have been tried before identity stored it).
 */
export class UnknownKeyIds {
  private readonly until = new Map<string, number>();
  private gen = 0;

  constructor(
    private readonly ttlMs: number,
    private readonly maxEntries = 50_000,
  ) {}

  has(keyId: string, now = Date.now()): boolean {
    const expiry = this.until.get(keyId);
    if (expiry === undefined) return false;
    if (expiry > now) return true;
    this.until.delete(keyId);
    return false;
  }

  get generation(): number {
    return this.gen;
  }

  /** Remembers the key id unless a key was created since `generation` was read. */
  addIfCurrent(generation: number, keyId: string, now = Date.now()): void {
    if (this.ttlMs <= 0 || generation !== this.gen) return;
    if (this.until.size >= this.maxEntries) {
      const oldest = this.until.keys().next().value;
      if (oldest !== undefined) this.until.delete(oldest);
    }
    this.until.set(keyId, now + this.ttlMs);
  }

  clear(): void {
    this.gen++;
    this.until.clear();
  }

  get size() {
    return this.until.size;
  }
}
