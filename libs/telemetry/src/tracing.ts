import { trace, type Tracer } from '@opentelemetry/api';
import { NodeTracerProvider } from '@opentelemetry/sdk-trace-node';
import { BatchSpanProcessor, type SpanExporter } from '@opentelemetry/sdk-trace-base';
import { detectResources, envDetector, resourceFromAttributes } from '@opentelemetry/resources';
import { OTLPTraceExporter as JsonExporter } from '@opentelemetry/exporter-trace-otlp-http';
import { OTLPTraceExporter as ProtobufExporter } from '@opentelemetry/exporter-trace-otlp-proto';
import { startIdOnlyTracing } from './id-only-tracing.js';

/** What `startTracing` set up: the process's service name and whether spans leave it. */
export interface TracingState {
  serviceName: string;
  /** The OTLP protocol spans are exported with, or null when nothing is exported. */
  exporting: 'http/json' | 'http/protobuf' | null;
  /**
   * `sdk`: spans recorded and exported; `ids`: no SDK, spans are ids for logs and
   * `traceparent` only (no exporter); `off`: OTEL_SDK_DISABLED, no ids at all.
   */
  mode: 'sdk' | 'ids' | 'off';
}

let provider: NodeTracerProvider | undefined;
let state: TracingState | undefined;

/** The tracer every Momentum package records its spans with (a no-op until startTracing). */
export const tracer = (): Tracer => trace.getTracer('momentum');

const PROTOCOLS = ['http/json', 'http/protobuf'] as const;
type Protocol = (typeof PROTOCOLS)[number];

/** The OTLP protocol asked for: the traces-specific variable first, http/protobuf by default (the spec's). */
export function otlpProtocol(env: NodeJS.ProcessEnv): Protocol {
  const asked = (
    env.OTEL_EXPORTER_OTLP_TRACES_PROTOCOL ||
    env.OTEL_EXPORTER_OTLP_PROTOCOL ||
    'http/protobuf'
  ).trim();
  if (!(PROTOCOLS as readonly string[]).includes(asked)) {
    throw new Error(
      `OTEL_EXPORTER_OTLP_PROTOCOL: ${asked} is not supported; use http/json or http/protobuf`,
    );
  }
  return asked as Protocol;
}

/** Where spans go: the traces endpoint as given, else the base endpoint + `/v1/traces`. */
export function tracesUrl(env: NodeJS.ProcessEnv): string | undefined {
  const traces = env.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT?.trim();
  if (traces) return traces;
  const base = env.OTEL_EXPORTER_OTLP_ENDPOINT?.trim();
  return base ? `${base.replace(/\/+$/, '')}/v1/traces` : undefined;
}

/** The batch processor's `OTEL_BSP_*` settings that are set (the SDK's defaults otherwise). */
function batchConfig(env: NodeJS.ProcessEnv) {
  const num = (name: string) => {
    const value = Number(env[name]);
    return env[name]?.trim() && Number.isFinite(value) && value >= 0 ? value : undefined;
  };
  const config = {
    scheduledDelayMillis: num('OTEL_BSP_SCHEDULE_DELAY'),
    exportTimeoutMillis: num('OTEL_BSP_EXPORT_TIMEOUT'),
    maxQueueSize: num('OTEL_BSP_MAX_QUEUE_SIZE'),
    maxExportBatchSize: num('OTEL_BSP_MAX_EXPORT_BATCH_SIZE'),
  };
  return Object.fromEntries(Object.entries(config).filter(([, v]) => v !== undefined));
}

/** Whether spans are exported: only with an endpoint, and not when turned off. */
export function exportsSpans(env: NodeJS.ProcessEnv): boolean {
  const endpoint = env.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT || env.OTEL_EXPORTER_OTLP_ENDPOINT;
  return Boolean(endpoint?.trim()) && env.OTEL_TRACES_EXPORTER?.trim() !== 'none';
}

/**
 * Starts the OpenTelemetry SDK for this process, first thing in each `main.ts`.
 *
 * - `service.name` is `OTEL_SERVICE_NAME`, else `momentum-<component>`; `OTEL_RESOURCE_ATTRIBUTES`
 *   adds to the resource.
 * - Spans are recorded and exported over OTLP only when `OTEL_EXPORTER_OTLP_ENDPOINT` (or
 *   `OTEL_EXPORTER_OTLP_TRACES_ENDPOINT`) is set: `OTEL_EXPORTER_OTLP_PROTOCOL` `http/protobuf`
 *   (default) or `http/json`, batched per `OTEL_BSP_SCHEDULE_DELAY`/`OTEL_BSP_*`.
 * - Without an endpoint the SDK is not started at all (id-only-tracing.ts): each request's
 *   trace id (its caller's `traceparent`, else a new one) and span id go into its log lines
 *   and the `traceparent` the gateway sends on, at the cost of two random ids.
 * - Sampling follows `OTEL_TRACES_SAMPLER`/`OTEL_TRACES_SAMPLER_ARG` (parent-based, always on
 *   by default), propagation `OTEL_PROPAGATORS` (W3C trace context and baggage by default).
 * - `OTEL_SDK_DISABLED=true` starts nothing: the API stays a no-op.
 *
 * The spans themselves are made by the shared packages (HTTP server, calls between processes,
 * engine commands, NATS publish and process), not by patching modules: the processes run as
 * bundles, where require hooks see nothing.
 */
export function startTracing(
  component: string,
  env: NodeJS.ProcessEnv = process.env,
): TracingState {
  if (state) return state;
  const serviceName = env.OTEL_SERVICE_NAME?.trim() || `momentum-${component}`;
  if (env.OTEL_SDK_DISABLED?.trim().toLowerCase() === 'true') {
    state = { serviceName, exporting: null, mode: 'off' };
    return state;
  }
  const protocol = exportsSpans(env) ? otlpProtocol(env) : null;
  if (!protocol) {
    startIdOnlyTracing();
    state = { serviceName, exporting: null, mode: 'ids' };
    return state;
  }
  const url = tracesUrl(env);
  const exporter: SpanExporter =
    protocol === 'http/json' ? new JsonExporter({ url }) : new ProtobufExporter({ url });
  const resource = detectResources({ detectors: [envDetector] }).merge(
    resourceFromAttributes({ 'service.name': serviceName }),
  );
  provider = new NodeTracerProvider({
    resource,
    spanProcessors: [new BatchSpanProcessor(exporter, batchConfig(env))],
  });
  provider.register();
  state = { serviceName, exporting: protocol, mode: 'sdk' };
  return state;
}

/** Flushes and stops the exporter (the lifecycle's last closer). */
export async function shutdownTracing(): Promise<void> {
  const running = provider;
  provider = undefined;
  await running?.shutdown().catch(() => undefined);
}

export const tracingState = (): TracingState | undefined => state;
