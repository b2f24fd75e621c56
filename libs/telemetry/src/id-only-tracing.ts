import { randomFillSync } from 'node:crypto';
import {
  TraceFlags,
  context,
  createTraceState,
  isSpanContextValid,
  propagation,
  trace,
  type Context,
  type Span,
  type SpanOptions,
  type TextMapPropagator,
  type Tracer,
} from '@opentelemetry/api';

/**
 * Random bytes drawn from one buffer filled at a time: an id is a slice of it, not a call
 * into the system's random source per span.
 */
const pool = Buffer.alloc(4096);
let offset = pool.length;
function randomHex(bytes: number): string {
  if (offset + bytes > pool.length) {
    randomFillSync(pool);
    offset = 0;
  }
  const hex = pool.toString('hex', offset, offset + bytes);
  offset += bytes;
  return hex;
}

/**
 * Spans that are ids only: a child of the parent's trace (or a new trace) with a span id of
 * its own, recording nothing. What logs and `traceparent` need when no span leaves the
 * process, at the cost of two random ids.
 */
const idTracer: Tracer = {
  startSpan(_name: string, options?: SpanOptions, ctx: Context = context.active()): Span {
    const parent = options?.root ? undefined : trace.getSpanContext(ctx);
    const valid = parent !== undefined && isSpanContextValid(parent);
    return trace.wrapSpanContext({
      traceId: valid ? parent.traceId : randomHex(16),
      spanId: randomHex(8),
      traceFlags: valid ? parent.traceFlags : TraceFlags.SAMPLED,
      ...(valid && parent.traceState ? { traceState: parent.traceState } : {}),
    });
  },
  startActiveSpan<F extends (span: Span) => unknown>(name: string, ...args: unknown[]) {
    const fn = args.at(-1) as (span: Span) => ReturnType<F>;
    const options = (typeof args[0] === 'object' ? args[0] : undefined) as SpanOptions | undefined;
    const ctx = (args.length > 2 ? args[1] : context.active()) as Context;
    const span = this.startSpan(name, options, ctx);
    return context.with(trace.setSpan(ctx, span), fn, undefined, span);
  },
};

/** W3C Trace Context: `version-traceid-parentid-flags` (a later version may add fields). */
const TRACEPARENT = /^([0-9a-f]{2})-([0-9a-f]{32})-([0-9a-f]{16})-([0-9a-f]{2})(-.*)?$/;

/** `traceparent` and `tracestate` read and written (W3C Trace Context, level 1). */
export const traceContextPropagator: TextMapPropagator = {
  inject(ctx, carrier, setter) {
    const span = trace.getSpanContext(ctx);
    if (!span || !isSpanContextValid(span)) return;
    const flags = (span.traceFlags & TraceFlags.SAMPLED).toString(16).padStart(2, '0');
    setter.set(carrier, 'traceparent', `00-${span.traceId}-${span.spanId}-${flags}`);
    const state = span.traceState?.serialize();
    if (state) setter.set(carrier, 'tracestate', state);
  },
  extract(ctx, carrier, getter) {
    const header = getter.get(carrier, 'traceparent');
    const value = (Array.isArray(header) ? header[0] : header)?.trim();
    const m = value ? TRACEPARENT.exec(value) : null;
    if (!m || m[1] === 'ff' || (m[1] === '00' && m[5] !== undefined)) return ctx;
    const span = { traceId: m[2]!, spanId: m[3]!, traceFlags: parseInt(m[4]!, 16), isRemote: true };
    if (!isSpanContextValid(span)) return ctx;
    const state = getter.get(carrier, 'tracestate');
    const stateText = Array.isArray(state) ? state.join(',') : state;
    return trace.setSpanContext(
      ctx,
      stateText ? { ...span, traceState: createTraceState(stateText) } : span,
    );
  },
  fields: () => ['traceparent', 'tracestate'],
};

/**
 * Tracing without the SDK, for a process that exports no spans: W3C `traceparent` read and
 * written, and spans that carry ids and record nothing. No context manager is registered,
 * so nothing is tracked across async calls (the SDK's async hooks, emitter bindings and span
 * objects cost CPU on every request for spans nobody receives): a request's ids travel
 * with the request itself (http.ts), into its log lines and the calls the gateway makes for it.
 */
export function startIdOnlyTracing(): void {
  trace.setGlobalTracerProvider({ getTracer: () => idTracer });
  propagation.setGlobalPropagator(traceContextPropagator);
}
