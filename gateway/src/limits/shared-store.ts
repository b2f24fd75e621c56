import { createRequire } from 'node:module';
import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import type { SharedLimit } from './shared-counter.js';

type Counted = { current: number; ttl: number };
type LocalStoreCtor = new (
  continueExceeding?: boolean,
  exponentialBackoff?: boolean,
  cache?: number,
) => FastifyRateLimitStore & {
  incr(key: string, cb: (err: Error | null, res?: Counted) => void, win: number, max: number): void;
};
/** The plugin's own in-memory store (not in its typed exports). */
const LocalStore = createRequire(import.meta.url)(
  '@fastify/rate-limit/store/LocalStore',
) as LocalStoreCtor;

/**
 * One fixed-window count outside the plugin's limiters (the per-account one): shared across
 * gateways when `shared` is given, with the same fallback as the plugin's store, else local.
 */
export function windowCounter(
  shared: SharedLimit | undefined,
  onFallback: (err: unknown) => void,
  windowMs: number,
  max: number,
): (key: string) => Promise<Counted> {
  const store = shared
    ? new (sharedStore(shared, onFallback))({})
    : new LocalStore(false, false, 50_000);
  return (key) =>
    new Promise((resolve, reject) =>
      (store as InstanceType<LocalStoreCtor>).incr(
        key,
        (err, res) => (err || !res ? reject(err ?? new Error('no count')) : resolve(res)),
        windowMs,
        max,
      ),
    );
}

/**
 * A @fastify/rate-limit store whose windows are counted once across every gateway: each
 * increment is a take from the shared window (`SharedWindowCounter`, on a NATS key-value
 * bucket). While NATS is away, or when a take fails, the request is counted by the
 * plugin's in-memory store instead, as a single gateway always did.
 */
export function sharedStore(
  shared: SharedLimit,
  onFallback: (err: unknown) => void,
  cache = 50_000,
): FastifyRateLimitStoreCtor {
  return class SharedStore implements FastifyRateLimitStore {
    /** Neither continueExceeding nor exponentialBackoff: a window is fixed. */
    private readonly local = new LocalStore(false, false, cache);

    /** The plugin passes the window and the limit after the callback. */
    incr(key: string, cb: (err: Error | null, res?: Counted) => void, win = 0, max = 0): void {
      if (!shared.available()) return this.local.incr(key, cb, win, max);
      shared.take(key).then(
        // The plugin derives remaining as max - current and refuses when current > max.
        (take) =>
          cb(null, { current: take.allowed ? max - take.remaining : max + 1, ttl: take.resetMs }),
        (err: unknown) => {
          onFallback(err);
          this.local.incr(key, cb, win, max);
        },
      );
    }

    /** One limiter (`app.throttle`) with one set of options: its routes share the store. */
    child(): FastifyRateLimitStore {
      return this;
    }
  };
}
