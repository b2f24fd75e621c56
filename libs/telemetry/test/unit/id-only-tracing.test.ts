import { ROOT_CONTEXT, context, propagation, trace } from '@opentelemetry/api';
import { describe, expect, it } from 'vitest';
import { startTracing, tracer } from '../../src/tracing.js';

/**
 * Without an exporter no SDK runs: spans are ids only, `traceparent` is still read and
 * written (W3C), and no context manager tracks anything across async calls.
 */
describe('tracing without an exporter', () => {
  const state = startTracing('sample', {});
  const traceId = '0af7651916cd43dd8448eb211c80319c';
  const inbound = (traceparent: string, tracestate?: string) =>
    propagation.extract(ROOT_CONTEXT, { traceparent, ...(tracestate ? { tracestate } : {}) });
  const outbound = (ctx: ReturnType<typeof inbound>) => {
    const carrier: Record<string, string> = {};
    propagation.inject(ctx, carrier);
    return carrier;
  };

  it('starts no SDK and records nothing', () => {
    expect(state).toEqual({ serviceName: 'momentum-sample', exporting: null, mode: 'ids' });
    const span = tracer().startSpan('a request');
    expect(span.isRecording()).toBe(false);
    // No context manager: what runs "inside" a span sees no active one.
    context.with(trace.setSpan(ROOT_CONTEXT, span), () =>
      expect(trace.getSpan(context.active())).toBeUndefined(),
    );
  });

  it("continues a caller's traceparent with a span id of its own, tracestate kept", () => {
    const parent = inbound(`00-${traceId}-b7ad6b7169203331-01`, 'vendor=a');
    const span = tracer().startSpan('child', undefined, parent);
    const ids = span.spanContext();
    expect(ids.traceId).toBe(traceId);
    expect(ids.spanId).toMatch(/^[0-9a-f]{16}$/);
    expect(ids.spanId).not.toBe('b7ad6b7169203331');
    expect(outbound(trace.setSpan(parent, span))).toEqual({
      traceparent: `00-${traceId}-${ids.spanId}-01`,
      tracestate: 'vendor=a',
    });
    // An unsampled caller stays unsampled.
    const unsampled = inbound(`00-${traceId}-b7ad6b7169203331-00`);
    const child = tracer().startSpan('child', undefined, unsampled);
    expect(outbound(trace.setSpan(unsampled, child)).traceparent).toMatch(/-00$/);
  });

  it('starts a new trace, with fresh ids each time, without a usable traceparent', () => {
    const seen = new Set<string>();
    for (const given of [
      undefined,
      'garbage',
      `00-${'0'.repeat(32)}-b7ad6b7169203331-01`,
      `00-${traceId}-${'0'.repeat(16)}-01`,
      `ff-${traceId}-b7ad6b7169203331-01`,
      `00-${traceId}-b7ad6b7169203331-01-extra`,
    ]) {
      const parent = given ? inbound(given) : ROOT_CONTEXT;
      expect(trace.getSpanContext(parent), String(given)).toBeUndefined();
      const ids = tracer().startSpan('root', undefined, parent).spanContext();
      expect(ids.traceId).toMatch(/^[0-9a-f]{32}$/);
      expect(ids.spanId).toMatch(/^[0-9a-f]{16}$/);
      expect(seen.has(ids.traceId)).toBe(false);
      seen.add(ids.traceId);
    }
    // A later version's traceparent may carry more fields.
    expect(trace.getSpanContext(inbound(`01-${traceId}-b7ad6b7169203331-01-extra`))?.traceId).toBe(
      traceId,
    );
  });
});
