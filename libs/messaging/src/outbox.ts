import type { Model, mongo } from 'mongoose';
import { AppError, type EventEnvelope } from '@momentum/contracts';
import type { EventBus, Logger } from './bus.js';
import { outboxGaugeFailures, watchOutbox, type OutboxStats } from '@momentum/telemetry';
import { PeerWatch } from './peers.js';
import { OutboxPulls, type JoinedWrite } from './outbox-pulls.js';
import { WriteWindow } from './write-window.js';

/**
 * Transactional outbox without transactions: a write stores its events in the written
 * document's `_outbox` array in the same atomic update. The relay publishes them and
 * pulls them off. A crash or a throw between the two leaves them in place: a sweep finds
 * them — at startup, soon after a flush failed (the dirty flag), when a replica is lost,
 * and on a timer whatever happens (`fullSweepEveryMs`), so every committed write's events
 * go out eventually. The sweep and the backlog gauges read through one index on the
 * oldest waiting entry's time, partial on documents with entries waiting (OUTBOX_INDEX),
 * so their cost follows the backlog, not the collection.
 *
 * Several processes may relay one document at once: each publishes what it read (JetStream
 * drops a repeat by message id) and pulls exactly those entries off in one atomic update,
 * which a concurrent write adding new events does not disturb. No queue or lock is needed.
 * The replicas of a service hear each other over NATS (`PeerWatch`): when one is lost
 * (killed, cut off) the survivors sweep once, so what it wrote but had not published goes
 * out within seconds, without waiting for it to come back.
 *
 * The request path makes the one write; publishing and clearing follow the reply, and the
 * clearing of the writes of a moment is one `update` command (outbox-pulls.ts). Why each
 * document is still cleared, not passed by a relay watermark: on this engine a write's time
 * is taken before it commits, so a relay that moved its mark past a time could skip a write
 * stamped earlier that committed later (a process paused between the two), and the event
 * would be lost. A pending marker on the document itself is cleared only by the process that
 * published what the document holds, whatever the clocks and pauses.
 */
export const OUTBOX_FIELD = '_outbox';

/** The first waiting entry's time: present exactly while a document has entries waiting. */
const PENDING_KEY = `${OUTBOX_FIELD}.0.occurredAt`;
const PENDING = { [PENDING_KEY]: { $exists: true } };

/**
 * The index every outbox collection gets (declared on the model's schema and created at
 * start): documents with entries waiting, oldest first. Partial, so it holds only the
 * backlog.
 */
export const OUTBOX_INDEX = {
  keys: { [PENDING_KEY]: 1 },
  options: { name: 'outbox_pending', partialFilterExpression: PENDING },
} as const;

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

/**
 * A second write the document waits for, made with its outbox's pull in one update when
 * `filter` still matches (the document as the writer left it): `update` joins the
 * `$pull`. When it no longer matches, the pull goes alone and `otherwise` makes the
 * second write its own way.
 */
export interface SettleWithPull extends JoinedWrite {
  otherwise: () => Promise<void>;
}

/** A flush's pull held for its writer's next write of the document (`flushHolding`). */
export interface HeldPull {
  /** Once the events are out: the pull with `settle`'s write, in one update when it can. */
  join(settle: SettleWithPull): void;
  /** Once the events are out: the pull on its own. */
  alone(): void;
}

export interface OutboxRelayOptions {
  /** A sweep runs at least this often, dirty or not (ms; 30 s by default). */
  fullSweepEveryMs?: number;
  /**
   * How long a flush waits for others to publish with (ms; 5 by default): the publishes of
   * one window leave in one write (write-window.ts). The writer's reply never waits for it.
   */
  publishWindowMs?: number;
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
  private lastSweep = 0;
  private readonly fullSweepEveryMs: number;
  private readonly publishWindow: WriteWindow;
  private indexed: Promise<void> = Promise.resolve();
  private sweeping: Promise<void> | undefined;
  /** Each model's pulls of published entries, batched (outbox-pulls.ts). */
  private readonly pulls = new Map<OutboxModel, OutboxPulls>();

  /** `sweepEveryMs`: how often a dirty relay sweeps. */
  constructor(
    private readonly bus: EventBus,
    private readonly models: OutboxModel[],
    private readonly log: Logger,
    private readonly sweepEveryMs = 5000,
    options: OutboxRelayOptions = {},
  ) {
    this.fullSweepEveryMs = options.fullSweepEveryMs ?? 30_000;
    this.publishWindow = new WriteWindow(options.publishWindowMs ?? 5);
    for (const model of models) {
      const schema = model.schema as OutboxModel['schema'] | undefined;
      const declared = schema?.indexes().some(([keys]) => PENDING_KEY in keys);
      if (schema && !declared) schema.index(OUTBOX_INDEX.keys, OUTBOX_INDEX.options);
    }
  }

  start(): void {
    this.unwatch = watchOutbox(() => this.stats());
    this.watchPeers();
    this.indexed = this.createIndexes();
    void this.sweep();
    this.timer = setInterval(() => {
      if (Date.now() - this.lastSweep >= this.fullSweepEveryMs) this.dirty = true;
      void this.sweep();
    }, this.sweepEveryMs);
    this.timer.unref();
  }

  /** The pending index on every collection (created here: the app's indexes ran before). */
  private async createIndexes(): Promise<void> {
    for (const model of this.models) {
      const collection = model.collection as OutboxModel['collection'] | undefined;
      if (!collection) continue;
      await collection
        .createIndex(OUTBOX_INDEX.keys, OUTBOX_INDEX.options)
        .catch((err: unknown) => {
          this.log.warn({ err, model: model.modelName }, 'outbox index not created');
        });
    }
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
    this.track(id, this.flushDoc(model, id, key));
  }

  /** Work of a flush, awaited by `stop`; a failure leaves the relay dirty for a sweep. */
  private track(id: string, work: Promise<unknown>): void {
    const task = work.then(
      () => undefined,
      (err: unknown) => {
        this.dirty = true;
        this.log.warn({ err, id }, 'outbox flush failed; the sweep will retry');
      },
    );
    this.pending.add(task);
    void task.finally(() => this.pending.delete(task));
  }

  /**
   * Like `flush`, for a document its writer will write once more soon (a completion's XP
   * settling): the events are published now, and their pull waits to go with that write
   * as one statement (`join`, sent with other documents' pulls: OutboxPulls), or goes
   * alone (`alone`). Not merged with other flushes of the document: one that publishes
   * these events too is deduplicated by message id, and a pull of entries already gone is
   * a no-op.
   */
  flushHolding(model: OutboxModel, id: string, written: readonly EventEnvelope[]): HeldPull {
    const events = [...written];
    // Tracked alone too, so a refusal is logged and marks the relay dirty once.
    const published = this.stopped
      ? null
      : this.publishWindow.next().then(() => this.publishInOrder(events));
    if (published) this.track(id, published);
    const pull = () => this.pullsOf(model).pull(id, events);
    return {
      join: (settle) =>
        this.track(
          id,
          published
            ? published.then(
                async () => {
                  if (await this.pullsOf(model).pullJoined(id, events, settle)) return;
                  await pull();
                  await settle.otherwise();
                },
                () => settle.otherwise(),
              )
            : settle.otherwise(),
        ),
      alone: () => {
        if (published)
          this.track(
            id,
            published.then(pull, () => undefined),
          );
      },
    };
  }

  private async publishInOrder(events: readonly EventEnvelope[]): Promise<void> {
    for (const event of events) await this.bus.publish(event);
  }

  /**
   * Publish one stored event before the reply, for a write whose caller must be able to
   * rely on it having gone out (a revoked key, a removed member: every gateway is told).
   * The event then leaves the outbox. If NATS refuses, the change stays saved and the event
   * stays in the outbox for a flush and the sweeps; the caller gets 500, since it cannot rely
   * on the others knowing yet. The event id is the message id: a second publish is dropped.
   */
  async announce(model: OutboxModel, id: string, event: EventEnvelope): Promise<void> {
    try {
      await this.bus.publish(event);
    } catch {
      this.flush(model, id);
      throw new AppError(
        'INTERNAL_ERROR',
        'The change was saved but could not be announced yet; it will be retried shortly',
      );
    }
    // By its id, as the sweep pulls: exactly the entry published, whatever else the list
    // holds meanwhile. Clearing the outbox is no change of the resource: no timestamps.
    await model
      .updateOne(
        { _id: id },
        { $pull: { [OUTBOX_FIELD]: { id: event.id } } },
        { timestamps: false },
      )
      .catch(() => undefined);
  }

  /** One sweep at a time: a timer tick during a long sweep joins it. */
  sweep(): Promise<void> {
    this.sweeping ??= this.sweepOnce().finally(() => (this.sweeping = undefined));
    return this.sweeping;
  }

  private async sweepOnce(): Promise<void> {
    if (!this.dirty || this.stopped) return;
    this.dirty = false;
    this.lastSweep = Date.now();
    await this.indexed;
    for (const model of this.models) {
      try {
        const docs = await model
          .find(PENDING, { [OUTBOX_FIELD]: 1 })
          .sort({ [PENDING_KEY]: 1 })
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
    // The publish window first: flushes of this document asked for meanwhile are taken by
    // this one, and other documents' flushes publish with it.
    await this.publishWindow.next();
    const written = this.waiting.get(key);
    this.waiting.delete(key);
    if (written) return this.publishAll(model, { _id: id, [OUTBOX_FIELD]: written });
    const doc = await model.findById(id, { [OUTBOX_FIELD]: 1 }).lean<OutboxDoc>();
    if (doc) await this.publishAll(model, doc);
  }

  private async publishAll(model: OutboxModel, doc: OutboxDoc): Promise<void> {
    const events = doc[OUTBOX_FIELD] ?? [];
    if (!events.length) return;
    await this.publishInOrder(events);
    // A `$pull` of the entries as read, by id: exactly those published, never one written since.
    // No timestamps: clearing the outbox is not a change of the resource.
    // Through the driver: the outbox is Mixed, which mongoose does not cast, so walking the
    // update through mongoose would cost CPU on every write for nothing.
    // Batched with the other documents' pulls of the moment (outbox-pulls.ts).
    await this.pullsOf(model).pull(doc._id, events);
  }

  private pullsOf(model: OutboxModel): OutboxPulls {
    let pulls = this.pulls.get(model);
    if (!pulls) {
      const outboxes = model.collection as unknown as mongo.Collection<{ _id: string }>;
      pulls = new OutboxPulls(outboxes, OUTBOX_FIELD);
      this.pulls.set(model, pulls);
    }
    return pulls;
  }

  /**
   * Entries waiting in this service's outboxes and the oldest one's age, for the gauges read
   * on each scrape: one indexed query per model, oldest first, only the entries' times, at
   * most 1,000 documents, answered from the last read for 10 s so frequent scrapes cost
   * nothing more. A read that fails or times out is logged and counted
   * (`outbox_gauge_failures_total`) and the gauges show NaN, never a reassuring 0.
   */
  stats(now = Date.now()): Promise<OutboxStats> {
    if (this.lastStats && now - this.lastStats.at < 10_000) return this.lastStats.stats;
    const stats = (async () => {
      let waiting = 0;
      let oldest = now;
      for (const model of this.models) {
        const docs = await model
          .find(PENDING, { [`${OUTBOX_FIELD}.occurredAt`]: 1 })
          .sort({ [PENDING_KEY]: 1 })
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
    stats.catch((err: unknown) => {
      this.lastStats = undefined;
      outboxGaugeFailures.inc();
      this.log.warn({ err }, 'outbox gauges: the backlog could not be read');
    });
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

  /**
   * Stops flushing and sweeping once the flushes in flight have settled; only then says
   * goodbye to the other replicas — and not at all when a flush failed, so that they take
   * this one for lost and sweep what it left.
   */
  async stop(): Promise<void> {
    this.unwatch?.();
    this.stopped = true;
    if (this.timer) clearInterval(this.timer);
    this.publishWindow.closeNow();
    await Promise.allSettled(this.pending);
    this.peers?.stop({ goodbye: !this.dirty });
  }
}

/** `a` and the events of `b` it lacks, by id, in order. */
function union(a: readonly EventEnvelope[], b: readonly EventEnvelope[]): EventEnvelope[] {
  const ids = new Set(a.map((event) => event.id));
  return [...a, ...b.filter((event) => !ids.has(event.id))];
}
