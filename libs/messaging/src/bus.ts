import {
  AckPolicy,
  DeliverPolicy,
  JSONCodec,
  connect,
  headers as natsHeaders,
  type ConsumerMessages,
  type JetStreamClient,
  type JetStreamManager,
  type NatsConnection,
} from 'nats';
import PQueue from 'p-queue';
import {
  serviceSubjects,
  streamNameFor,
  subjectFor,
  type EventEnvelope,
  type ServiceName,
} from '@momentum/contracts';
import { context } from '@opentelemetry/api';
import {
  consumerRedeliveries,
  eventsHandled,
  eventsPublished,
  contextOfStored,
  endSpan,
  inProcessSpan,
  injectHeaders,
  startPublishSpan,
  type StoredTrace,
} from '@momentum/telemetry';
import { natsConnectOptions } from './nats-options.js';
import { AckBatch } from './ack-batch.js';

/** The reply a responder sends when its handler threw. */
const RPC_FAILED = '__rpcFailed';

const codec = JSONCodec<unknown>();
const nanos = (ms: number) => ms * 1_000_000;

export interface Logger {
  info(obj: unknown, msg?: string): void;
  warn(obj: unknown, msg?: string): void;
  error(obj: unknown, msg?: string): void;
}

export interface ConsumeOptions {
  /** The stream (owning service) to read from. */
  from: ServiceName;
  /** Durable consumer name; one per consuming service and purpose. */
  durable: string;
  /** Event types to receive, e.g. `issues.issue.created`. */
  types: string[];
  /** How many messages are handled at once. */
  concurrency?: number;
  handler: (event: EventEnvelope) => Promise<void>;
  /**
   * Called (once, at start, beside consuming) when events this consumer never handled are
   * gone from the stream: its position expired past the stream's retention, or it was
   * made anew on a stream that has dropped its oldest events. A read model rebuilds here
   * instead of drifting.
   */
  onPositionLost?: (gap: PositionGap) => Promise<unknown>;
}

/** Where a consumer stands against what its stream still holds. */
export interface PositionGap {
  /** The stream sequence handled up to (0 for a consumer made anew). */
  handledUpTo: number;
  /** The oldest sequence the stream still holds. */
  firstHeld: number;
}

/**
 * Events were lost to this consumer: the stream's oldest held sequence lies beyond the one
 * after what it handled (a consumer made anew has handled nothing).
 */
export function positionLost(gap: PositionGap): boolean {
  return gap.firstHeld > gap.handledUpTo + 1;
}

/**
 * NATS JetStream for one service: its own stream `<PREFIX>_<SERVICE>` with subjects
 * `<prefix>.<service>.>`, publish with the event id as message id (so a replayed
 * outbox entry is deduplicated), durable consumers with explicit ack/nak and bounded
 * concurrency, and drain on shutdown.
 */
export class EventBus {
  private readonly consumers: ConsumerMessages[] = [];
  private readonly running = new Set<Promise<void>>();
  private readonly acks = new AckBatch();
  /** Between a disconnect and the reconnect that follows it (readiness). */
  reconnecting = false;

  private constructor(
    readonly nc: NatsConnection,
    private readonly js: JetStreamClient,
    private readonly jsm: JetStreamManager,
    readonly prefix: string,
    private readonly log: Logger,
    /** Copies JetStream keeps of each stream this bus creates (NATS_REPLICAS). */
    readonly replicas = 1,
  ) {}

  static async connect(
    url: string,
    prefix: string,
    name: string,
    log: Logger,
    { replicas = 1 }: { replicas?: number } = {},
  ): Promise<EventBus> {
    const nc = await connect({
      ...natsConnectOptions(url),
      name,
      maxReconnectAttempts: -1,
      reconnectTimeWait: 250,
      timeout: 3000,
      // No Error made per request to carry the caller's stack into a later timeout: each
      // JetStream publish is a request, so the stacks would cost CPU on every write (nats.js
      // documents the option for publishers).
      noAsyncTraces: true,
    });
    const jsm = await nc.jetstreamManager();
    const bus = new EventBus(nc, nc.jetstream(), jsm, prefix, log, replicas);
    void (async () => {
      for await (const status of nc.status()) {
        if (status.type === 'disconnect') bus.reconnecting = true;
        if (status.type === 'reconnect') bus.reconnecting = false;
        if (status.type === 'disconnect' || status.type === 'reconnect')
          log.warn({ nats: status.type }, 'nats connection');
      }
    })();
    return bus;
  }

  /** Create the service's own stream (idempotent). */
  async ensureStream(service: ServiceName): Promise<void> {
    const name = streamNameFor(this.prefix, service);
    const config = {
      name,
      subjects: [serviceSubjects(this.prefix, service)],
      duplicate_window: nanos(2 * 60_000),
      max_age: nanos(7 * 24 * 3600_000),
      num_replicas: this.replicas,
    };
    try {
      const { config: stored } = await this.jsm.streams.info(name);
      if (stored.num_replicas !== this.replicas) {
        // Made before the setting changed (or by a process configured otherwise): say so;
        // changing a stream's copies is an operator's step (nats stream edit --replicas).
        this.log.warn(
          { stream: name, replicas: stored.num_replicas, configured: this.replicas },
          'stream replicas differ from NATS_REPLICAS',
        );
      }
    } catch {
      try {
        await this.jsm.streams.add(config);
      } catch (err) {
        // Another process of the same service may have created it first.
        await this.jsm.streams.info(name).catch(() => {
          throw err;
        });
      }
    }
  }

  /**
   * Publishes an event; the trace context it was stored with (`traceparent`, see makeEvent)
   * travels as NATS headers under a `publish <subject>` span, never in the body.
   */
  async publish(event: EventEnvelope & StoredTrace): Promise<void> {
    const { traceparent, tracestate, ...body } = event;
    const subject = subjectFor(this.prefix, event.type);
    const { span, ctx } = startPublishSpan(
      subject,
      traceparent ? contextOfStored({ traceparent, tracestate }) : context.active(),
    );
    const headers = natsHeaders();
    injectHeaders(ctx, headers);
    try {
      await this.js.publish(subject, codec.encode(body), {
        msgID: event.id,
        timeout: 5000,
        headers,
      });
      eventsPublished.inc({ type: event.type, outcome: 'ok' });
      endSpan(span);
    } catch (err) {
      eventsPublished.inc({ type: event.type, outcome: 'error' });
      endSpan(span, err);
      throw err;
    }
  }

  async consume(options: ConsumeOptions): Promise<void> {
    const stream = streamNameFor(this.prefix, options.from);
    // The producing service may not have started yet; its stream config is the same
    // wherever it is created.
    await this.ensureStream(options.from);
    const durable = `${options.durable}`.replace(/[^A-Za-z0-9_-]/g, '_');
    const wanted = new Set(options.types.map((t) => subjectFor(this.prefix, t)));
    const made = await this.jsm.consumers
      .add(stream, {
        durable_name: durable,
        ack_policy: AckPolicy.Explicit,
        deliver_policy: DeliverPolicy.All,
        // One filter subject: nats-server before 2.10 knows no `filter_subjects`.
        filter_subject: filterSubjectFor(wanted),
        ack_wait: nanos(30_000),
        max_ack_pending: 1000,
      })
      .then(() => true)
      .catch(async (err) => {
        // Exists already: fine, it keeps its position.
        await this.jsm.consumers.info(stream, durable).catch(() => {
          throw err;
        });
        return false;
      });
    if (options.onPositionLost)
      await this.checkPosition(stream, durable, made, options.onPositionLost);
    const consumer = await this.js.consumers.get(stream, durable);
    const concurrency = options.concurrency ?? 8;
    const messages = await consumer.consume({ max_messages: concurrency * 2 });
    this.consumers.push(messages);
    const handling = new PQueue({ concurrency });
    const loop = (async () => {
      for await (const msg of messages) {
        void handling.add(async () => {
          if (msg.info.redelivered) consumerRedeliveries.inc({ consumer: durable });
          // The filter may be wider than the types asked for (see filterSubjectFor).
          if (!wanted.has(msg.subject)) {
            eventsHandled.inc({ type: typeOf(this.prefix, msg.subject), outcome: 'skipped' });
            return this.acks.ack(msg);
          }
          const type = typeOf(this.prefix, msg.subject);
          try {
            const event = codec.decode(msg.data) as EventEnvelope;
            await inProcessSpan(
              msg.subject,
              msg.headers,
              { 'messaging.consumer.group.name': durable, 'messaging.message.id': event.id },
              () => options.handler(event),
            );
            eventsHandled.inc({ type, outcome: 'ok' });
            this.acks.ack(msg);
          } catch (err) {
            eventsHandled.inc({ type, outcome: 'error' });
            this.log.warn({ err, subject: msg.subject }, 'event handler failed; will retry');
            msg.nak(Math.min(5000, 250 * msg.info.redeliveryCount));
          }
        });
        // The next message is taken once this one has started: `concurrency` at once.
        await handling.onSizeLessThan(1);
      }
      await handling.onIdle();
    })();
    this.running.add(loop);
  }

  /** Calls `onLost` (not awaited) when events this consumer never handled have expired. */
  private async checkPosition(
    stream: string,
    durable: string,
    made: boolean,
    onLost: (gap: PositionGap) => Promise<unknown>,
  ): Promise<void> {
    const [held, consumer] = await Promise.all([
      this.jsm.streams.info(stream),
      this.jsm.consumers.info(stream, durable),
    ]);
    const gap = {
      handledUpTo: made ? 0 : consumer.ack_floor.stream_seq,
      firstHeld: held.state.first_seq,
    };
    if (!positionLost(gap)) return;
    this.log.warn({ stream, durable, ...gap }, 'events expired before this consumer read them');
    void onLost(gap).catch((err: unknown) =>
      this.log.error({ err, stream, durable }, 'recovering from a lost position failed'),
    );
  }

  /** Answer NATS request/reply lookups (core NATS, not JetStream). */
  respond(subject: string, handler: (data: unknown) => Promise<unknown>): void {
    this.nc.subscribe(`${this.prefix}.${subject}`, {
      callback: (err, msg) => {
        if (err) return;
        void handler(codec.decode(msg.data))
          .then((reply) => msg.respond(codec.encode(reply ?? null)))
          // A failed answer is not "nothing found": the asker must see an error (→ 503).
          .catch(() => msg.respond(codec.encode({ [RPC_FAILED]: true })));
      },
    });
  }

  async request<T>(subject: string, data: unknown, timeoutMs = 2000): Promise<T | null> {
    const reply = await this.nc.request(`${this.prefix}.${subject}`, codec.encode(data), {
      timeout: timeoutMs,
    });
    const decoded = codec.decode(reply.data);
    if (decoded && typeof decoded === 'object' && RPC_FAILED in decoded) {
      throw new Error(`${subject}: the responder failed`);
    }
    return decoded as T | null;
  }

  /** Subscribe without durability, e.g. for cache invalidation in every gateway process. */
  subscribe(subject: string, handler: (data: unknown) => void): void {
    this.nc.subscribe(subject, {
      callback: (err, msg) => {
        if (!err) handler(codec.decode(msg.data));
      },
    });
  }

  /** Stop consuming, let handlers finish, flush and close. */
  async drain(): Promise<void> {
    for (const c of this.consumers) await c.close().catch(() => undefined);
    await Promise.allSettled(this.running);
    this.acks.flush();
    if (!this.nc.isClosed()) await this.nc.drain().catch(() => undefined);
  }
}

/** The event type of a subject (`<prefix>.issues.issue.created` → `issues.issue.created`). */
const typeOf = (prefix: string, subject: string) => subject.slice(prefix.length + 1);

/** Whether the bus's connection is up (not closed, not reconnecting). */
export const busConnected = (bus: EventBus): boolean => !bus.nc.isClosed() && !bus.reconnecting;

/**
 * The one subject a consumer filters on: the subject itself for one type, else the
 * common leading tokens plus `>` (`p.issues.issue.created` + `p.issues.issue.updated` →
 * `p.issues.issue.>`); the consumer skips the rest.
 */
export function filterSubjectFor(subjects: ReadonlySet<string>): string {
  const list = [...subjects];
  if (list.length === 0) throw new Error('consume: at least one event type is needed');
  if (list.length === 1) return list[0]!;
  const split = list.map((s) => s.split('.'));
  const common: string[] = [];
  for (let i = 0; split.every((parts) => i < parts.length - 1 && parts[i] === split[0]![i]); i++)
    common.push(split[0]![i]!);
  return [...common, '>'].join('.');
}
