/**
 * How much one subscription may take of this process: attempts in flight at once, and
 * attempts started per second (a token bucket). They keep a slow or flooded receiver from
 * holding every slot, so others are not delayed. They are politeness, not correctness, and
 * per process: with R replicas a receiver sees at most R × the limits.
 */
export interface LimitsOptions {
  concurrency: number;
  ratePerSecond: number;
  now?: () => number;
}

interface Bucket {
  inFlight: number;
  tokens: number;
  refilledAt: number;
}

export class SubscriptionLimits {
  private readonly buckets = new Map<string, Bucket>();
  private readonly now: () => number;

  constructor(private readonly options: LimitsOptions) {
    this.now = options.now ?? Date.now;
  }

  /** Takes a slot and a token for one attempt, or answers false (try later). */
  tryAcquire(subscriptionId: string): boolean {
    const b = this.bucket(subscriptionId);
    if (b.inFlight >= this.options.concurrency || b.tokens < 1) return false;
    b.inFlight++;
    b.tokens--;
    return true;
  }

  /** Frees the slot; `refund` gives the token back too (the attempt never started). */
  release(subscriptionId: string, options: { refund?: boolean } = {}): void {
    const b = this.buckets.get(subscriptionId);
    if (!b) return;
    b.inFlight = Math.max(0, b.inFlight - 1);
    if (options.refund) b.tokens = Math.min(this.options.ratePerSecond, b.tokens + 1);
  }

  /**
   * Subscriptions that cannot start an attempt now; the scheduler does not fetch their rows.
   * An idle, full bucket is the same as none: it is forgotten here, so the map stays small.
   */
  saturated(): string[] {
    const out: string[] = [];
    for (const [id, b] of this.buckets) {
      const tokens = this.refill(b);
      if (b.inFlight >= this.options.concurrency || tokens < 1) out.push(id);
      else if (b.inFlight === 0 && tokens >= this.options.ratePerSecond) this.buckets.delete(id);
    }
    return out;
  }

  private bucket(id: string): Bucket {
    let b = this.buckets.get(id);
    if (!b) {
      b = { inFlight: 0, tokens: this.options.ratePerSecond, refilledAt: this.now() };
      this.buckets.set(id, b);
    }
    this.refill(b);
    return b;
  }

  private refill(b: Bucket): number {
    const now = this.now();
    const rate = this.options.ratePerSecond;
    b.tokens = Math.min(rate, b.tokens + ((now - b.refilledAt) / 1000) * rate);
    b.refilledAt = now;
    return b.tokens;
  }
}
