import { createHash } from 'node:crypto';
import type { KV, NatsConnection } from 'nats';

/**
 * What the gateways share lives in NATS JetStream key-value buckets (the platform runs
 * NATS already): `<PREFIX>_gateway_idempotency` and `<PREFIX>_gateway_rate_<windowMs>`.
 * Writes that decide something are compare-and-set on the key's revision, so any number of
 * gateways agree without a lock.
 */
export async function openBucket(
  nc: NatsConnection,
  name: string,
  options: { ttlMs: number; maxBytes: number; timeoutMs?: number; replicas?: number },
): Promise<KV> {
  const js = nc.jetstream({ timeout: options.timeoutMs ?? 2000 });
  return js.views.kv(name.replace(/[^A-Za-z0-9_-]/g, '_'), {
    history: 1,
    ttl: options.ttlMs,
    max_bytes: options.maxBytes,
    // Copies JetStream keeps (NATS_REPLICAS): 3 on a three-node cluster.
    replicas: options.replicas ?? 1,
    timeout: options.timeoutMs ?? 2000,
  });
}

/** A bucket key for any string: keys allow only `[-/_=.A-Za-z0-9]`. */
export const kvKey = (value: string) => createHash('sha256').update(value).digest('base64url');

/** The server refused a compare-and-set: someone else wrote the key since we read it. */
export const lostRace = (err: unknown) =>
  (err as { api_error?: { err_code?: number } })?.api_error?.err_code === 10071;

/**
 * Whether the connection to NATS is up now, from its status events: while it is down the
 * shared state is not asked (each request would wait for a timeout) and every gateway
 * falls back to its own memory.
 */
export class Connectivity {
  private up = true;

  constructor(nc: NatsConnection) {
    void (async () => {
      for await (const status of nc.status()) {
        if (status.type === 'disconnect') this.up = false;
        else if (status.type === 'reconnect') this.up = true;
      }
    })().catch(() => undefined);
  }

  get connected(): boolean {
    return this.up;
  }
}
