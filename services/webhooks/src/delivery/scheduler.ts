import { randomUUID } from 'node:crypto';
import type { Logger } from '@momentum/messaging';
import type { DeliveryStore, DueDelivery } from '../store/delivery-store.js';
import type { DeliveryDoc } from '../store/models.js';
import type { SubscriptionLimits } from './limits.js';

export interface SchedulerDeps {
  deliveries: DeliveryStore;
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
  /** How often pending deliveries without `dueAt` are looked for (backfill). */
  backfillEveryMs?: number;
}

const BACKFILL_BATCH = 500;

/**
 * Finds due deliveries (pending, `dueAt` passed) and starts their attempts, in every replica.
 * It wakes every `intervalMs` and whenever work may have appeared (a new delivery, a finished
 * attempt, a redeliver). Correctness rests on the claim, never on this process: a due
 * delivery is read by all replicas, and the one whose conditional update wins attempts it. A
 * process that dies mid-attempt leaves a claim that runs out (its `dueAt`); another replica
 * then takes the delivery (the receiver may see it twice, with the same webhook-id: at least
 * once).
 *
 * Attempts run beside the loop (never awaited by it, nor by the event consumers), up to
 * `concurrency`; a subscription at its own limits is left out of the query, so a slow
 * receiver holds its few slots and nothing else.
 *
 * Pending deliveries written before `dueAt` existed have none, and the query cannot see them:
 * at start, and every `backfillEveryMs` (older processes of a rolling deploy still write
 * such), they are given one from their `nextAttemptAt`. Once none are left it is one indexed
 * read that finds nothing. A leftover `due` collection is no longer read.
 */
export class DeliveryScheduler {
  private timer: NodeJS.Timeout | undefined;
  private backfillTimer: NodeJS.Timeout | undefined;
  private readonly running = new Map<string, Promise<void>>();
  /** The pass in flight (or the last one): stop() waits for a claim it is writing. */
  private passing: Promise<void> = Promise.resolve();
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
    this.backfillTimer = setInterval(
      () => void this.backfill(),
      this.options.backfillEveryMs ?? 60_000,
    );
    this.backfillTimer.unref();
    void this.backfill();
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
    this.passing = this.pass().finally(() => {
      this.ticking = false;
      if (this.again) {
        this.again = false;
        this.kick();
      }
    });
  }

  /**
   * Stop looking; attempts in flight finish (each has its own deadline). A claim being
   * written lands first and its attempt runs too: left alone, it would hold the delivery
   * until the claim ran out (attempt timeout + margin) with nobody attempting it.
   */
  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearInterval(this.timer);
    if (this.backfillTimer) clearInterval(this.backfillTimer);
    await this.passing;
    await Promise.allSettled([...this.running.values()]);
  }

  private async pass(): Promise<void> {
    try {
      const free = this.options.concurrency - this.running.size;
      if (free <= 0) return;
      const now = new Date();
      // Claimed deliveries are due at their claim's end, so in-flight ones are not read.
      const rows = await this.deps.deliveries.due(now, free * 2, this.deps.limits.saturated());
      for (const row of rows) {
        if (this.stopped || this.running.size >= this.options.concurrency) break;
        if (!this.running.has(row._id)) await this.take(row, now);
      }
    } catch (err) {
      this.deps.log.warn({ err }, 'delivery scheduler pass failed; the next one retries');
    }
  }

  private async take(row: DueDelivery, now: Date): Promise<void> {
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
   * A due delivery the claim missed. Mostly another replica claimed it first, or it finished
   * meanwhile: that write moved its `dueAt` or took it out of the query, nothing to do. A
   * `dueAt` behind the record (only a process older than `dueAt` writes one) would come back
   * in every pass and take the place of due work: it moves to when the record says.
   */
  private async tidy(row: DueDelivery, now: Date): Promise<void> {
    const d = await this.deps.deliveries.find(row._id);
    if (d?.state !== 'pending') return;
    const until = d.claimedUntil > d.nextAttemptAt ? d.claimedUntil : d.nextAttemptAt;
    if (until > now && !(d.dueAt && d.dueAt >= until))
      await this.deps.deliveries.postpone(d, until);
  }

  /** Dates pending deliveries that have no `dueAt`, a batch at a time, until none are left. */
  private async backfill(): Promise<void> {
    try {
      let dated = 0;
      let n: number;
      do {
        n = await this.deps.deliveries.backfillDueAt(BACKFILL_BATCH);
        dated += n;
      } while (n === BACKFILL_BATCH && !this.stopped);
      if (dated) {
        this.deps.log.info({ dated }, 'pending deliveries without dueAt dated');
        this.kick();
      }
    } catch (err) {
      this.deps.log.warn({ err }, 'dating pending deliveries failed; the next run retries');
    }
  }
}
