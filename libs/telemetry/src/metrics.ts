import {
  Counter,
  Gauge,
  Histogram,
  collectDefaultMetrics,
  register,
  type Metric,
} from 'prom-client';

/**
 * The Prometheus metrics of one process, in prom-client's default registry. Defined once here
 * so every package records into the same series; served by `metricsPlugin`
 * (services, on their own port) or `serveMetrics` (the gateway, on METRICS_PORT).
 */
export const metricsRegistry = register;

/**
 * A metric of the registry, made the first time: the registry is the process's, and a module
 * evaluated twice in one process (test runners do) must not register a name again.
 */
function once<M extends Metric>(name: string, make: () => M): M {
  return (register.getSingleMetric(name) as M | undefined) ?? make();
}

/**
 * How often the event-loop lag histogram samples (ms). prom-client's 10 ms default wakes an
 * idle process 100 times a second, and on a virtual machine each wake-up costs CPU; a lag
 * that matters (tens of ms and more) still shows in the percentiles at 100 ms.
 */
export const EVENT_LOOP_SAMPLE_MS = 100;

/** Process metrics (CPU, memory, event-loop lag, GC) and a `service` label on every series. */
export function startProcessMetrics(service: string): void {
  if (register.getSingleMetric('process_cpu_seconds_total')) return;
  register.setDefaultLabels({ service });
  collectDefaultMetrics({ register, eventLoopMonitoringPrecision: EVENT_LOOP_SAMPLE_MS });
}

export const httpRequestDuration = once(
  'http_request_duration_seconds',
  () =>
    new Histogram({
      name: 'http_request_duration_seconds',
      help: 'HTTP requests answered, by route pattern, method and status code',
      labelNames: ['route', 'method', 'status_code'] as const,
      buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    }),
);

export const admissionRefusals = once(
  'admission_refusals_total',
  () =>
    new Counter({
      name: 'admission_refusals_total',
      help: 'Requests refused with 503 because the admission queue was full',
    }),
);

export const rateLimitRefusals = once(
  'rate_limit_refusals_total',
  () =>
    new Counter({
      name: 'rate_limit_refusals_total',
      help: 'Requests refused with 429 by the gateway rate limit',
    }),
);

export const keyCacheLookups = once(
  'key_cache_lookups_total',
  () =>
    new Counter({
      name: 'key_cache_lookups_total',
      help: 'API key verdicts looked up in the gateway cache, by result (hit, miss)',
      labelNames: ['result'] as const,
    }),
);

export const eventsPublished = once(
  'events_published_total',
  () =>
    new Counter({
      name: 'events_published_total',
      help: 'Events published to JetStream, by event type and outcome (ok, error)',
      labelNames: ['type', 'outcome'] as const,
    }),
);

export const eventsHandled = once(
  'events_handled_total',
  () =>
    new Counter({
      name: 'events_handled_total',
      help: 'Events handled by a consumer, by event type and outcome (ok, error, skipped)',
      labelNames: ['type', 'outcome'] as const,
    }),
);

export const consumerRedeliveries = once(
  'event_consumer_redeliveries_total',
  () =>
    new Counter({
      name: 'event_consumer_redeliveries_total',
      help: 'Messages JetStream delivered again to a consumer (not acknowledged in time or refused)',
      labelNames: ['consumer'] as const,
    }),
);

export const engineOperationDuration = once(
  'engine_operation_duration_seconds',
  () =>
    new Histogram({
      name: 'engine_operation_duration_seconds',
      help: 'Database operations, by collection and operation (engine-monitoring.ts)',
      labelNames: ['collection', 'operation', 'outcome'] as const,
      buckets: [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5],
    }),
);

/** What the outbox gauges report: entries waiting to be published and the oldest one's age. */
export interface OutboxStats {
  waiting: number;
  oldestAgeSeconds: number;
}

/** Kept on the process (see `once`): the gauges read every relay of it. */
const SOURCES = Symbol.for('momentum.outboxSources');
const outboxSources = ((globalThis as Record<symbol, unknown>)[SOURCES] ??= new Set()) as Set<
  () => Promise<OutboxStats>
>;

/** Registers where the outbox gauges read from on each scrape (one per relay). */
export function watchOutbox(read: () => Promise<OutboxStats>): () => void {
  outboxSources.add(read);
  return () => outboxSources.delete(read);
}

/**
 * The sum over every relay. One that could not read (it logged and counted the failure)
 * makes both gauges NaN: an unknown backlog must not read as an empty one.
 */
async function readOutboxes(): Promise<OutboxStats> {
  const all = await Promise.all([...outboxSources].map((read) => read().catch(() => null)));
  if (all.some((s) => s === null)) return { waiting: NaN, oldestAgeSeconds: NaN };
  return all.reduce<OutboxStats>(
    (sum, s) => ({
      waiting: sum.waiting + s!.waiting,
      oldestAgeSeconds: Math.max(sum.oldestAgeSeconds, s!.oldestAgeSeconds),
    }),
    { waiting: 0, oldestAgeSeconds: 0 },
  );
}

export const outboxGaugeFailures = once(
  'outbox_gauge_failures_total',
  () =>
    new Counter({
      name: 'outbox_gauge_failures_total',
      help: 'Scrapes whose outbox backlog read failed or timed out (the outbox gauges show NaN)',
    }),
);

let lastOutboxRead: Promise<OutboxStats> | undefined;
/** Both gauges come from one read per scrape. */
const outboxOnce = () => {
  lastOutboxRead ??= readOutboxes().finally(() =>
    setTimeout(() => (lastOutboxRead = undefined), 0),
  );
  return lastOutboxRead;
};

export const outboxWaiting = once(
  'outbox_entries_waiting',
  () =>
    new Gauge({
      name: 'outbox_entries_waiting',
      help: 'Events stored in an outbox and not yet published (read on scrape)',
      async collect() {
        if (outboxSources.size) this.set((await outboxOnce()).waiting);
      },
    }),
);

export const outboxOldestAge = once(
  'outbox_oldest_entry_age_seconds',
  () =>
    new Gauge({
      name: 'outbox_oldest_entry_age_seconds',
      help: 'Age of the oldest event still waiting in an outbox, 0 when none waits (read on scrape)',
      async collect() {
        if (outboxSources.size) this.set((await outboxOnce()).oldestAgeSeconds);
      },
    }),
);

/** What the live-stream gauge reads on scrape (the gateway sets it). */
const liveStreams: { count?: () => number } = {};
/** The gateway names how to count its open live streams (`GET /api/events`). */
export const watchLiveStreams = (count: () => number): void => {
  liveStreams.count = count;
};

export const liveStreamsOpen = once(
  'live_streams_open',
  () =>
    new Gauge({
      name: 'live_streams_open',
      help: 'Open GET /api/events streams on this gateway (read on scrape)',
      collect() {
        if (liveStreams.count) this.set(liveStreams.count());
      },
    }),
);

export const liveStreamsEnded = once(
  'live_streams_ended_total',
  () =>
    new Counter({
      name: 'live_streams_ended_total',
      help: 'Live streams the gateway ended: `slow` (the client stopped reading), `revoked` (its key), `closed` (the client or a shutdown)',
      labelNames: ['reason'] as const,
    }),
);
