import type { Model } from 'mongoose';
import type { EventEnvelope } from '@momentum/contracts';
import type { EventBus, Logger } from './bus.js';
import { watchOutbox, type OutboxStats } from '../telemetry/metrics.js';
import { PeerWatch } from './peers.js';

/**
 * Transactional outbox without transactions: a write stores its events in the written
 * document's `_outbox` array in the same atomic update. The relay publishes them and
 * pulls them off. A crash between the two leaves them in place; the sweep at startup
 * publishes them again, and the message id deduplicates. Later sweeps run only after a
 * flush failed: a sweep cannot use an index on FerretDB (it scans every document), so it
 * must not run every few seconds on a healthy service.
 *
 * Several processes may relay one document at once: each publishes what it read (JetStream
 * drops a repeat by message id) and pulls exactly those entries off in one atomic update,
 * which a concurrent write adding new events does not disturb. No queue or lock is needed.
 * The replicas of a service hear each other over NATS (`PeerWatch`): when one is lost
 * (killed, cut off) the survivors sweep once, so what it wrote but had not published goes
 * out within seconds, without waiting for it to come back.
 */
export const OUTBOX_FIELD = '_outbox';

/**
 * Any service's model: the relay reads and writes only `_id` and `_outbox`, and a
 * `Model<TaskDoc>` is not assignable to a narrower `Model<OutboxDoc>`.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type OutboxModel = Model<any>;

export interface OutboxDoc {
  _id: string;
  _outbox?: EventEnvelope[];
}

export class OutboxRelay {
  private timer: NodeJS.Timeout | undefined;
  private readonly pending = new Set<Promise<void>>();
  /**
   * Documents with a flush queued that has not started yet, with the events it will
   * publish: those its writers handed over, or `null` when one did not say and the flush
   * must read the document.
   */
  private readonly waiting = new Map<string, EventEnvelope[] | null>();
  private stopped = false;
  /** Whether some document may still hold events no flush will publish. */
  private dirty = true;
  private unwatch: (() => void) | undefined;
  private peers: PeerWatch | undefined;
  private lastStats: { at: number; stats: Promise<OutboxStats> } | undefined;

  constructor(
    private readonly bus: EventBus,
    private readonly models: OutboxModel[],
    private readonly log: Logger,
    private readonly sweepEveryMs = 5000,
  ) {}

  start(): void {
    this.unwatch = watchOutbox(() => this.stats());
    this.watchPeers();
    void this.sweep();
    this.timer = setInterval(() => void this.sweep(), this.sweepEveryMs);
    this.timer.unref();
  }

  /**
   * Publish one document's events now (called right after the write). A flush of the
   * document that has not started yet publishes these events too, so none is added: under
   * a burst of writes to one document, one flush takes the events of many.
   *
   * `written` is the document's outbox as the write returned it, when the writer has it:
   * the flush then publishes it without reading the document again. Entries another
   * process relayed meanwhile are published again and deduplicated by message id; entries
   * a later write added are that write's to hand over.
   */
  flush(model: OutboxModel, id: string, written?: readonly EventEnvelope[]): void {
    if (this.stopped) return;
    const key = `${model.modelName}:${id}`;
    if (this.waiting.has(key)) {
      const known = this.waiting.get(key);
      this.waiting.set(key, known && written ? union(known, written) : null);
      return;
    }
    this.waiting.set(key, written ? [...written] : null);
    const task = this.flushDoc(model, id, key).catch((err) => {
      this.dirty = true;
      this.log.warn({ err, id }, 'outbox flush failed; the sweep will retry');
    });
    this.pending.add(task);
    void task.finally(() => this.pending.delete(task));
  }

  async sweep(): Promise<void> {
    if (!this.dirty || this.stopped) return;
    this.dirty = false;
    for (const model of this.models) {
      try {
        const docs = await model
          .find({ [`${OUTBOX_FIELD}.0`]: { $exists: true } }, { [OUTBOX_FIELD]: 1 })
          .limit(500)
          .lean<OutboxDoc[]>();
        if (docs.length === 500) this.dirty = true;
        for (const doc of docs) await this.publishAll(model, doc);
      } catch (err) {
        this.dirty = true;
        this.log.warn({ err, model: model.modelName }, 'outbox sweep failed');
      }
    }
  }

  private async flushDoc(model: OutboxModel, id: string, key: string): Promise<void> {
    // One turn of the event loop first: flushes asked for by the writes of this turn are
    // taken by this one.
    await null;
    const written = this.waiting.get(key);
    this.waiting.delete(key);
    if (written) return this.publishAll(model, { _id: id, [OUTBOX_FIELD]: written });
    const doc = await model.findById(id, { [OUTBOX_FIELD]: 1 }).lean<OutboxDoc>();
    if (doc) await this.publishAll(model, doc);
  }

  private async publishAll(model: OutboxModel, doc: OutboxDoc): Promise<void> {
    const events = doc[OUTBOX_FIELD] ?? [];
    if (!events.length) return;
    const done: EventEnvelope[] = [];
    for (const event of events) {
      await this.bus.publish(event);
      done.push(event);
    }
    // `$pullAll` of the entries as read: FerretDB ignores a `$pull` with a condition on
    // sub-documents. No timestamps: clearing the outbox is not a change of the resource.
    await model.updateOne(
      { _id: doc._id },
      { $pullAll: { [OUTBOX_FIELD]: done } },
      { timestamps: false },
    );
  }

  /**
   * Entries waiting in this service's outboxes and the oldest one's age, for the gauges read
   * on each scrape: one query per model, only the entries' `occurredAt`, at most 1,000
   * documents, answered from the last read for 10 s so frequent scrapes cost nothing more.
   */
  stats(now = Date.now()): Promise<OutboxStats> {
    if (this.lastStats && now - this.lastStats.at < 10_000) return this.lastStats.stats;
    const stats = (async () => {
      let waiting = 0;
      let oldest = now;
      for (const model of this.models) {
        const docs = await model
          .find({ [`${OUTBOX_FIELD}.0`]: { $exists: true } }, { [`${OUTBOX_FIELD}.occurredAt`]: 1 })
          .limit(1000)
          .maxTimeMS(2000)
          .lean<Array<{ _outbox?: Array<{ occurredAt?: string }> }>>();
        for (const doc of docs) {
          for (const entry of doc[OUTBOX_FIELD] ?? []) {
            waiting++;
            const at = entry.occurredAt ? Date.parse(entry.occurredAt) : NaN;
            if (at < oldest) oldest = at;
          }
        }
      }
      return { waiting, oldestAgeSeconds: waiting ? Math.max(0, (now - oldest) / 1000) : 0 };
    })();
    this.lastStats = { at: now, stats };
    stats.catch(() => (this.lastStats = undefined));
    return stats;
  }

  /** The other processes of this service; a lost one makes this one sweep once. */
  private watchPeers(): void {
    const nc = (this.bus as Partial<EventBus>).nc;
    if (!nc) return;
    // The same models make the same service: its processes share the subject.
    const scope = this.models
      .map((m) => m.modelName ?? '')
      .join('_')
      .replace(/[^A-Za-z0-9_-]/g, '_');
    this.peers = new PeerWatch(nc, `${this.bus.prefix}.replicas.outbox.${scope}`, () => {
      this.dirty = true;
      void this.sweep();
    });
    this.peers.start();
  }

  async stop(): Promise<void> {
    this.unwatch?.();
    this.peers?.stop();
    this.stopped = true;
    if (this.timer) clearInterval(this.timer);
    await Promise.allSettled(this.pending);
  }
}

/** `a` and the events of `b` it lacks, by id, in order. */
function union(a: readonly EventEnvelope[], b: readonly EventEnvelope[]): EventEnvelope[] {
  const ids = new Set(a.map((event) => event.id));
  return [...a, ...b.filter((event) => !ids.has(event.id))];
}
