import {
  ROOT_CONTEXT,
  SpanKind,
  SpanStatusCode,
  context,
  propagation,
  trace,
  type Context,
  type Span,
} from '@opentelemetry/api';
import { tracer } from './tracing.js';

/** The trace context an event carries while it waits in an outbox (`traceparent`, `tracestate`). */
export interface StoredTrace {
  traceparent?: string;
  tracestate?: string;
}

/** A NATS message's headers, as far as trace propagation needs them. */
export interface HeaderCarrier {
  get(key: string): string;
  set(key: string, value: string): void;
}

/** The context an outbox entry was written in, or the active one when it carries none. */
export function contextOfStored(stored: StoredTrace): Context {
  if (!stored.traceparent) return context.active();
  return propagation.extract(ROOT_CONTEXT, {
    traceparent: stored.traceparent,
    ...(stored.tracestate ? { tracestate: stored.tracestate } : {}),
  });
}

/** A PRODUCER span `publish <subject>`, child of the context the event was written in. */
export function startPublishSpan(subject: string, parent: Context): { span: Span; ctx: Context } {
  const span = tracer().startSpan(
    `publish ${subject}`,
    {
      kind: SpanKind.PRODUCER,
      attributes: {
        'messaging.system': 'nats',
        'messaging.operation.type': 'send',
        'messaging.destination.name': subject,
      },
    },
    parent,
  );
  return { span, ctx: trace.setSpan(parent, span) };
}

/** Writes a context's `traceparent` into NATS headers. */
export function injectHeaders(ctx: Context, headers: HeaderCarrier): void {
  propagation.inject(ctx, headers, { set: (carrier, key, value) => carrier.set(key, value) });
}

/**
 * Runs a message's handler in a CONSUMER span `process <subject>` that continues the trace
 * the message's headers carry (the one its event was written in).
 */
export async function inProcessSpan<T>(
  subject: string,
  headers: HeaderCarrier | undefined,
  attributes: Record<string, string | number>,
  run: () => Promise<T>,
): Promise<T> {
  const parent = headers
    ? propagation.extract(ROOT_CONTEXT, headers, {
        get: (carrier, key) => carrier.get(key) || undefined,
        keys: () => ['traceparent', 'tracestate'],
      })
    : ROOT_CONTEXT;
  const span = tracer().startSpan(
    `process ${subject}`,
    {
      kind: SpanKind.CONSUMER,
      attributes: {
        'messaging.system': 'nats',
        'messaging.operation.type': 'process',
        'messaging.destination.name': subject,
        ...attributes,
      },
    },
    parent,
  );
  try {
    return await context.with(trace.setSpan(parent, span), run);
  } catch (err) {
    span.setStatus({ code: SpanStatusCode.ERROR, message: (err as Error)?.message });
    throw err;
  } finally {
    span.end();
  }
}

/** Ends a span, marking it failed when an error is given. */
export function endSpan(span: Span, err?: unknown): void {
  if (err !== undefined)
    span.setStatus({ code: SpanStatusCode.ERROR, message: (err as Error)?.message });
  span.end();
}
