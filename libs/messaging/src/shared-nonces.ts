import { StorageType, type KV } from 'nats';
import type { EventBus, Logger } from './bus.js';
import { busConnected } from './bus.js';

/** JetStream's answer to a write conditional on the key's last revision: the key exists. */
const KEY_EXISTS = 10071;
/** How long a claim waits for NATS before the process judges by its own set alone. */
const CLAIM_TIMEOUT_MS = 1000;
/** A failed opening of the bucket is tried again after this long, on the next claim. */
const REOPEN_MS = 10_000;
/** At most one warning per this long while claims fall back to the local set. */
const WARN_EVERY_MS = 60_000;
/**
 * About 80,000 nonces (some 100 bytes each): twice the window of 8,000 writes a second. Kept
 * small since JetStream reserves it against the server's memory store for each service.
 */
const MAX_BYTES = 8 * 1024 * 1024;

/**
 * The nonces of signed requests that change state, shared by every process of one service
 * (docs/SECURITY.md, Replay): a JetStream key-value bucket `<PREFIX>_nonces_<service>`, in
 * memory, forgetting each nonce after twice the signatures' window. A claim is one write
 * conditional on the key not existing (one NATS round trip): of two processes taking the
 * same nonce, one does. While NATS cannot be asked the claim is granted and a warning
 * logged (each process's own set still refuses a replay to it): a NATS outage must not turn
 * into refused writes, which the outbox otherwise lets through.
 */
export class SharedNonces {
  private bucket: KV | null = null;
  private openedAt = 0;
  private warnedAt = 0;

  private constructor(
    private readonly bus: EventBus,
    private readonly name: string,
    private readonly ttlMs: number,
    private readonly log: Logger,
  ) {}

  /** Opens the service's bucket now; when it cannot, tries again later and warns. */
  static async open(
    bus: EventBus,
    service: string,
    windowMs: number,
    log: Logger,
  ): Promise<SharedNonces> {
    const nonces = new SharedNonces(bus, `${bus.prefix}_nonces_${service}`, 2 * windowMs, log);
    await nonces.attach();
    return nonces;
  }

  /** True the first time any process of the service takes the nonce, false on a replay. */
  async claim(nonce: string): Promise<boolean> {
    if (!this.bucket && Date.now() - this.openedAt >= REOPEN_MS) await this.attach();
    const bucket = this.bucket;
    if (!bucket || !busConnected(this.bus)) return this.fallBack('NATS is not connected');
    try {
      await bucket.put(nonce, new Uint8Array(0), { previousSeq: 0 });
      return true;
    } catch (err) {
      if ((err as { api_error?: { err_code?: number } }).api_error?.err_code === KEY_EXISTS)
        return false;
      return this.fallBack((err as Error).message);
    }
  }

  private async attach(): Promise<void> {
    this.openedAt = Date.now();
    try {
      const js = this.bus.nc.jetstream({ timeout: CLAIM_TIMEOUT_MS });
      this.bucket = await js.views.kv(this.name, {
        history: 1,
        ttl: this.ttlMs,
        storage: StorageType.Memory,
        max_bytes: MAX_BYTES,
        replicas: this.bus.replicas,
        timeout: CLAIM_TIMEOUT_MS,
      });
    } catch (err) {
      this.fallBack(`its bucket ${this.name} did not open: ${(err as Error).message}`);
    }
  }

  private fallBack(why: string): true {
    const now = Date.now();
    if (now - this.warnedAt >= WARN_EVERY_MS) {
      this.warnedAt = now;
      this.log.warn(
        { why },
        'signed requests judged by this process’s own nonces only: a replay to another process of the service is not refused',
      );
    }
    return true;
  }
}
