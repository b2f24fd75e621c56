import { randomUUID } from 'node:crypto';
import { context, propagation } from '@opentelemetry/api';
import type { Actor, EventEnvelope } from '@momentum/contracts';

/**
 * A new event in its envelope: a fresh id (handlers are idempotent by it), the time, who did
 * it, and the trace it was written in, so its consumers' spans join that trace.
 */
export function makeEvent<T>(type: string, data: T, actor?: Actor | null): EventEnvelope<T> {
  return {
    id: randomUUID(),
    type,
    occurredAt: new Date().toISOString(),
    actor: actor ? { type: actor.type, id: actor.id, userId: actor.userId } : null,
    data,
    ...currentTrace(),
  };
}

/** The active trace context (`traceparent`, `tracestate`), nothing when there is none. */
function currentTrace(): { traceparent?: string; tracestate?: string } {
  const carrier: Record<string, string> = {};
  propagation.inject(context.active(), carrier);
  const { traceparent, tracestate } = carrier;
  if (!traceparent) return {};
  return tracestate ? { traceparent, tracestate } : { traceparent };
}
