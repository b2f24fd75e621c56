import type { NatsConnection } from 'nats';
import { IdempotencyStore, type IdempotencyBackend } from '../idempotency/store.js';
import { SharedIdempotencyStore } from '../idempotency/shared-store.js';
import { SharedWindowCounter } from '../limits/shared-counter.js';
import type { SharedLimit } from '../limits/rate-limit.js';
import { Connectivity, openBucket } from './kv.js';
import type { FailureThrottle } from '../auth/failure-throttle.js';
import { SharedFailures } from '../auth/shared-failures.js';

/**
 * The state every gateway shares, on NATS JetStream key-value buckets: the idempotency
 * store (`<PREFIX>_gateway_idempotency`, entries kept 24 h) and the rate-limit windows
 * (`<PREFIX>_gateway_rate_<windowMs>`). Handed to the app before NATS is connected
 * (`attach` binds the buckets); until then, and whenever NATS is away, each gateway uses
 * its own memory, as a single gateway always did.
 */
export class SharedGatewayState {
  private store: SharedIdempotencyStore | null = null;
  private counter: SharedWindowCounter | null = null;
  private connectivity: Connectivity | null = null;
  private readonly local = new IdempotencyStore();

  readonly idempotency: IdempotencyBackend = {
    begin: (key, fingerprint) => (this.store ?? this.local).begin(key, fingerprint),
    complete: (key, fingerprint, response) =>
      (this.store ?? this.local).complete(key, fingerprint, response),
    abandon: (key, fingerprint) => (this.store ?? this.local).abandon(key, fingerprint),
  };

  readonly rateLimit: SharedLimit = {
    available: () => this.counter !== null && this.connected(),
    take: (bucket) => this.counter!.take(bucket),
  };

  /** The per-account windows (`acct:<userId>`), in the same bucket with their own maximum. */
  readonly accountRateLimit: SharedLimit = {
    available: () => this.accountCounter !== null && this.connected(),
    take: (bucket) => this.accountCounter!.take(bucket),
  };
  private accountCounter: SharedWindowCounter | null = null;

  private failures: FailureThrottle | undefined;

  constructor(private readonly rate: { max: number; windowMs: number; accountMax?: number }) {}

  /** Failed key verifications to count with the other gateways once attached. */
  shareFailures(throttle: FailureThrottle): void {
    this.failures = throttle;
  }

  /** `replicas`: copies JetStream keeps of each bucket (NATS_REPLICAS). */
  async attach(nc: NatsConnection, prefix: string, replicas = 1): Promise<void> {
    this.connectivity = new Connectivity(nc);
    const idempotency = await openBucket(nc, `${prefix}_gateway_idempotency`, {
      ttlMs: 24 * 60 * 60_000,
      maxBytes: 1024 * 1024 * 1024,
      replicas,
    });
    this.store = new SharedIdempotencyStore(
      idempotency,
      () => this.connected(),
      undefined,
      this.local,
    );
    if (this.rate.max > 0 || this.failures) {
      const windows = await openBucket(nc, `${prefix}_gateway_rate_${this.rate.windowMs}`, {
        // A window's key is useless once the window is over; the bucket forgets it after two.
        ttlMs: 2 * this.rate.windowMs,
        maxBytes: 256 * 1024 * 1024,
        replicas,
      });
      if (this.rate.max > 0)
        this.counter = new SharedWindowCounter(windows, this.rate.max, this.rate.windowMs);
      if (this.rate.max > 0 && this.rate.accountMax)
        this.accountCounter = new SharedWindowCounter(
          windows,
          this.rate.accountMax,
          this.rate.windowMs,
        );
      this.failures?.shareWith(new SharedFailures(windows, this.failures));
    }
  }

  private connected(): boolean {
    return this.connectivity?.connected ?? false;
  }
}
