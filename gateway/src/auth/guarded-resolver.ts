import type { GatewayConfig } from '../config.js';
import { FailureThrottle } from './failure-throttle.js';
import { HashPool } from '@momentum/keys';
import type { KeyCache } from './key-cache.js';
import { KeyResolver, type KeyDirectory } from './key-resolver.js';
import { UnknownKeyIds } from './unknown-keys.js';

export interface GuardedResolver {
  resolver: KeyResolver;
  unknown: UnknownKeyIds;
  pool: HashPool;
  /** The failure counts, to be shared with the other gateways (SharedGatewayState). */
  throttle: FailureThrottle;
}

/**
 * The key resolver as the gateway runs it: failures throttled before hashing, bcrypt on
 * worker threads behind a bounded queue, unknown key ids asked once.
 */
export function guardedResolver(
  config: GatewayConfig,
  directory: KeyDirectory,
  cache: KeyCache,
): GuardedResolver {
  const pool = new HashPool({
    workers: config.KEY_VERIFY_WORKERS,
    maxQueued: config.KEY_VERIFY_QUEUE,
  });
  const unknown = new UnknownKeyIds(config.UNKNOWN_KEY_TTL_MS);
  const throttle = new FailureThrottle({
    perAddress: config.AUTH_FAILURES_PER_ADDRESS,
    perKey: config.AUTH_FAILURES_PER_KEY,
    windowMs: config.AUTH_FAILURE_WINDOW_MS,
  });
  const resolver = new KeyResolver(directory, cache, {
    compare: (secret, hash) => pool.compare(secret, hash),
    throttle,
    unknown,
  });
  return { resolver, unknown, pool, throttle };
}
