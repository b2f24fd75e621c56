import { randomUUID } from 'node:crypto';
import type { Logger } from '@momentum/messaging';
import type { DeliveryStore } from '../store/delivery-store.js';
import type { DueStore } from '../store/due-store.js';
import type { DeliveryDoc, DueDoc } from '../store/models.js';
import type { SubscriptionLimits } from './limits.js';

export interface SchedulerDeps {
  deliveries: DeliveryStore;
  due: DueStore;
  limits: SubscriptionLimits;
  attempt: (claimed: DeliveryDoc) => Promise<void>;
  log: Logger;
}

export interface SchedulerOptions {
  intervalMs: number;
  /** Attempts in flight at once in this process. */
  concurrency: number;
  /** How long a claim holds: longer than an attempt can take, so it never runs out mid-attempt. */
  claimMs: number;
}

/**
 * Finds due deliveries and starts their attempts, in every replica. It wakes every
 * `intervalMs` and whenever work may have appeared (a new delivery, a finished attempt, a
 * redeliver). Correctness rests on the claim, never on this process: a due row is read by
 * all replicas, and the one whose conditional update wins attempts it. A process that dies
 * mid-attempt leaves a claim that runs out; another replica then takes the delivery (the
 * receiver may see it twice, with the same webhook-id: at least once).
 *
 * Attempts run beside the loop (never awaited by it, nor by the event consumers), up to
 * `concurrency`; a subscription at its own limits is left out of the query, so a slow
 * receiver holds its few slots and nothing else.
 */
export class DeliveryScheduler {
  private timer: NodeJS.Timeout | undefined;
  private readonly running = new Map<string, Promise<void>>();
  private ticking = false;
  private again = false;
  private stopped = false;

  constructor(
    private readonly deps: SchedulerDeps,
    private readonly options: SchedulerOptions,
  ) {}

  start(): void {
    this.timer = setInterval(() => this.kick(), this.options.intervalMs);
    this.timer.unref();
    this.kick();
  }

  /** Look for due work now (one pass at a time; a kick during a pass runs another after it). */
  kick(): void {
    if (this.stopped) return;
    if (this.ticking) {
      this.again = true;
      return;
    }
    this.ticking = true;
    void this.pass().finally(() => {
      this.ticking = false;
      if (this.again) {
        this.again = false;
        this.kick();
      }
    });
  }

  /** Stop looking; attempts in flight finish (each has its own deadline). */
  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearInterval(this.timer);
    await Promise.allSettled([...this.running.values()]);
  }

  private async pass(): Promise<void> {
    try {
      const free = this.options.concurrency - this.running.size;
      if (free <= 0) return;
      const now = new Date();
      const rows = await this.deps.due.due(
        now,
        free * 2 + this.running.size,
        this.deps.limits.saturated(),
      );
      for (const row of rows) {
        if (this.stopped || this.running.size >= this.options.concurrency) break;
        if (!this.running.has(row._id)) await this.take(row, now);
      }
    } catch (err) {
      this.deps.log.warn({ err }, 'delivery scheduler pass failed; the next one retries');
    }
  }

  private async take(row: DueDoc, now: Date): Promise<void> {
    if (!this.deps.limits.tryAcquire(row.subscriptionId)) return;
    let claimed: DeliveryDoc | null = null;
    try {
      claimed = await this.deps.deliveries.claim(row._id, now, this.options.claimMs, randomUUID());
    } finally {
      if (!claimed) this.deps.limits.release(row.subscriptionId, { refund: true });
    }
    if (!claimed) return this.tidy(row, now);
    const run = this.deps
      .attempt(claimed)
      .catch((err) =>
        this.deps.log.warn({ err, deliveryId: row._id }, 'delivery attempt failed to complete'),
      )
      .finally(() => {
        this.running.delete(row._id);
        this.deps.limits.release(row.subscriptionId);
        this.kick();
      });
    this.running.set(row._id, run);
  }

  /**
   * A due row whose delivery could not be claimed: bring the row in line with the record.
   * Gone or finished (at the row's generation) → the row goes. Finished at an older
   * generation → a redeliver wrote this row and has not armed the delivery yet (or died
   * before it could): arm it. Pending but claimed or backing off → the row waits until then.
   */
  private async tidy(row: DueDoc, now: Date): Promise<void> {
    const d = await this.deps.deliveries.find(row._id);
    if (!d) return this.deps.due.remove(row._id, row.gen);
    if (d.state !== 'pending') {
      if (d.gen >= row.gen) return this.deps.due.remove(row._id, row.gen);
      await this.deps.deliveries.arm(d._id, d.gen, row.gen, now);
      return this.kick();
    }
    const until = d.claimedUntil > now ? d.claimedUntil : d.nextAttemptAt;
    if (until > now) await this.deps.due.postpone(row._id, row.dueAt, until);
  }
}
