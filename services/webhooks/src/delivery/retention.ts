import type { Logger } from '@momentum/messaging';
import type { DeliveryStore } from '../store/delivery-store.js';

const HOUR = 3600_000;

/**
 * Finished deliveries leave the log after the retention period, so the log stays bounded
 * (the local engine has no TTL indexes). Hourly, in every replica: deleting what another
 * replica already deleted is harmless.
 */
export class DeliveryRetention {
  private timer: NodeJS.Timeout | undefined;

  constructor(
    private readonly deliveries: DeliveryStore,
    private readonly retentionMs: number,
    private readonly log: Logger,
    private readonly everyMs = HOUR,
  ) {}

  start(): void {
    this.timer = setInterval(() => void this.prune(), this.everyMs);
    this.timer.unref();
  }

  async prune(): Promise<void> {
    try {
      const removed = await this.deliveries.prune(new Date(Date.now() - this.retentionMs));
      if (removed) this.log.info({ removed }, 'old deliveries pruned');
    } catch (err) {
      this.log.warn({ err }, 'pruning old deliveries failed; the next run retries');
    }
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
  }
}
