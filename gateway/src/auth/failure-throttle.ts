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

/** Where failures are also counted across gateways (shared-failures.ts); told of each one. */
export interface FailureSink {
  failed(address: string, keyId: string): void;
}

/**
 * Failed key verifications counted per client address, and per key id **from that address**,
 * in fixed windows. Checked before a secret is hashed: past a limit a forger gets 429 at no
 * bcrypt cost (an attempt counts when it starts and is forgiven when it succeeds, so
 * verifications running at once count too). The two counts are separate: an address's
 * failures block that address, and a key id's failures block that key id from the addresses
 * that forged it, never from another, so no one can lock a victim's key by forging it.
 * Keys this gateway has seen verified skip it (KeyResolver). Each failure is also handed
 * to the sink, which shares it with the other gateways and raises these counts to theirs
 * (`raise`).
 */
export class FailureThrottle {
  private readonly windows = new Map<string, Window>();
  private sink: FailureSink | undefined;

  constructor(
    readonly limits: FailureLimits,
    private readonly maxEntries = 100_000,
  ) {}

  /** Shares each failure from now on (set once the shared store is connected). */
  shareWith(sink: FailureSink): void {
    this.sink = sink;
  }

  /** Seconds to wait when the address, or this key id from it, is over its limit, else 0. */
  retryAfter(address: string, keyId: string, now = Date.now()): number {
    return Math.max(
      this.over(addressBucket(address), this.limits.perAddress, now),
      this.over(keyBucket(keyId, address), this.limits.perKey, now),
    );
  }

  /** One verification begins; it counts as failed until `forgive` says otherwise. */
  attempt(address: string, keyId: string, now = Date.now()): void {
    if (this.limits.perAddress > 0) this.bump(addressBucket(address), 1, now);
    if (this.limits.perKey > 0) this.bump(keyBucket(keyId, address), 1, now);
  }

  /** The verification succeeded: it was no failure. */
  forgive(address: string, keyId: string, now = Date.now()): void {
    if (this.limits.perAddress > 0) this.bump(addressBucket(address), -1, now);
    if (this.limits.perKey > 0) this.bump(keyBucket(keyId, address), -1, now);
  }

  /** The verification failed (a wrong secret): counted already; told to the other gateways. */
  failed(address: string, keyId: string): void {
    this.sink?.failed(address, keyId);
  }

  /**
   * What the gateways together have counted for the address (and the key id from it): this
   * process's counts are raised to it, never lowered.
   */
  raise(
    address: string,
    keyId: string,
    counts: { address?: number; key?: number },
    now = Date.now(),
  ): void {
    if (counts.address !== undefined) this.raiseTo(addressBucket(address), counts.address, now);
    if (counts.key !== undefined) this.raiseTo(keyBucket(keyId, address), counts.key, now);
  }

  private raiseTo(bucket: string, count: number, now: number): void {
    const w = this.current(bucket, now);
    if (w) w.count = Math.max(w.count, count);
    else if (count > 0) this.bump(bucket, count, now);
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

/** The window names, also the shared store's keys (hashed there). */
export const addressBucket = (address: string) => `a:${address}`;
export const keyBucket = (keyId: string, address: string) => `k:${keyId}@${address}`;
