import type { KV } from 'nats';
import { SharedWindowCounter, type Take } from '../limits/shared-counter.js';
import {
  addressBucket,
  keyBucket,
  type FailureSink,
  type FailureThrottle,
} from './failure-throttle.js';

/**
 * Failed key verifications counted once across every gateway, in the rate-limit key-value
 * bucket (keys `fail:a:<address>` and `fail:k:<keyId>@<address>`, hashed): each failure is
 * added there after its answer (never on the request's path), and the gateways' total raises
 * this process's count, so N gateways allow a limit plus at most N − 1, not N limits. Only
 * failures cost a write: a verified key, or a cached one, costs none.
 */
export class SharedFailures implements FailureSink {
  private readonly addresses: SharedWindowCounter;
  private readonly keys: SharedWindowCounter;

  constructor(
    kv: KV,
    private readonly throttle: FailureThrottle,
  ) {
    const { perAddress, perKey, windowMs } = throttle.limits;
    this.addresses = new SharedWindowCounter(kv, perAddress, windowMs);
    this.keys = new SharedWindowCounter(kv, perKey, windowMs);
  }

  failed(address: string, keyId: string): void {
    const { perAddress, perKey } = this.throttle.limits;
    // NATS away: this process's own count still holds; the failure is not shared.
    if (perAddress > 0)
      this.addresses
        .take(`fail:${addressBucket(address)}`)
        .then((t) => this.throttle.raise(address, keyId, { address: counted(t, perAddress) }))
        .catch(() => undefined);
    if (perKey > 0)
      this.keys
        .take(`fail:${keyBucket(keyId, address)}`)
        .then((t) => this.throttle.raise(address, keyId, { key: counted(t, perKey) }))
        .catch(() => undefined);
  }
}

/** How many failures the gateways have counted, from the counter's answer. */
const counted = (take: Take, max: number) => (take.allowed ? max - take.remaining : max);
