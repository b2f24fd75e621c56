/** How many failed key verifications a window allows; 0 turns a limit off. */
export interface FailureLimits {
  perAddress: number;
  perKey: number;
  windowMs: number;
}

interface Window {
  count: number;
  resetAt: number;
}

/**
 * Failed key verifications counted per client address and per key id, in fixed windows
 * of this process's memory. Checked before a secret is hashed: past the limit a forger
 * gets 429 at no bcrypt cost, so sixteen connections of forged secrets cannot keep the
 * hashing busy (an attempt counts when it starts and is forgiven when it succeeds, so
 * verifications running at once count too). Keys this gateway has seen verified skip it
 * (KeyResolver), so their owners are never locked out by someone else's forgeries.
 */
export class FailureThrottle {
  private readonly windows = new Map<string, Window>();

  constructor(
    private readonly limits: FailureLimits,
    private readonly maxEntries = 100_000,
  ) {}

  /** Seconds to wait when the address or the key id is over its limit, else 0. */
  retryAfter(address: string, keyId: string, now = Date.now()): number {
    const waits = [
      this.over(`a:${address}`, this.limits.perAddress, now),
      this.over(`k:${keyId}`, this.limits.perKey, now),
    ];
    return Math.max(...waits);
  }

  /** One verification begins; it counts as failed until `forgive` says otherwise. */
  attempt(address: string, keyId: string, now = Date.now()): void {
    if (this.limits.perAddress > 0) this.bump(`a:${address}`, 1, now);
    if (this.limits.perKey > 0) this.bump(`k:${keyId}`, 1, now);
  }

  /** The verification succeeded: it was no failure. */
  forgive(address: string, keyId: string, now = Date.now()): void {
    if (this.limits.perAddress > 0) this.bump(`a:${address}`, -1, now);
    if (this.limits.perKey > 0) this.bump(`k:${keyId}`, -1, now);
  }

  private over(bucket: string, limit: number, now: number): number {
    if (limit <= 0) return 0;
    const w = this.current(bucket, now);
    return w && w.count >= limit ? Math.max(1, Math.ceil((w.resetAt - now) / 1000)) : 0;
  }

  private current(bucket: string, now: number): Window | undefined {
    const w = this.windows.get(bucket);
    if (w && w.resetAt <= now) {
      this.windows.delete(bucket);
      return undefined;
    }
    return w;
  }

  private bump(bucket: string, by: number, now: number): void {
    const w = this.current(bucket, now);
    if (w) {
      w.count = Math.max(0, w.count + by);
      return;
    }
    if (by < 0) return;
    if (this.windows.size >= this.maxEntries) this.evictOne(now);
    this.windows.set(bucket, { count: by, resetAt: now + this.limits.windowMs });
  }

  /** The oldest window goes (Map order is insertion order), expired or not. */
  private evictOne(now: number): void {
    for (const [bucket, w] of this.windows) {
      this.windows.delete(bucket);
      if (w.resetAt <= now) continue;
      return;
    }
  }
}
