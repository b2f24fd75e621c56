import { SpanKind, context, trace, type Span } from '@opentelemetry/api';
import type { mongo } from 'mongoose';
import { tracer, engineOperationDuration } from '@momentum/telemetry';

/** Commands of the connection's own upkeep, not operations of the service. */
const UPKEEP = new Set(['hello', 'ismaster', 'isMaster', 'ping', 'buildInfo', 'endSessions']);

/** The collection a command works on: its first field's value, or getMore's `collection`. */
function collectionOf(event: mongo.CommandStartedEvent): string {
  const value = event.command[event.commandName] as unknown;
  if (typeof value === 'string') return value;
  const named = event.command.collection as unknown;
  return typeof named === 'string' ? named : '';
}

/**
 * Database operations as metrics and spans, from the driver's command monitoring (the
 * connection is opened with `monitorCommands: true`): each command's duration goes into
 * `engine_operation_duration_seconds{collection, operation, outcome}`, and a command made
 * inside a trace (a request, an event being handled) becomes a CLIENT span `<op> <collection>`
 * of it. Commands outside any trace (background sweeps) make no span.
 */
export function monitorEngine(client: mongo.MongoClient, dbName: string): void {
  const running = new Map<string, { span: Span | undefined; collection: string }>();
  const key = (e: { connectionId?: unknown; requestId: number }) =>
    `${String(e.connectionId)}:${e.requestId}`;
  client.on('commandStarted', (event: mongo.CommandStartedEvent) => {
    if (UPKEEP.has(event.commandName)) return;
    const collection = collectionOf(event);
    const active = context.active();
    const span = trace.getSpan(active)
      ? tracer().startSpan(
          `${event.commandName} ${collection}`.trim(),
          {
            kind: SpanKind.CLIENT,
            attributes: {
              'db.system.name': 'mongodb',
              'db.namespace': event.databaseName || dbName,
              'db.collection.name': collection,
              'db.operation.name': event.commandName,
            },
          },
          active,
        )
      : undefined;
    running.set(key(event), { span, collection });
  });
  const done = (
    event: mongo.CommandSucceededEvent | mongo.CommandFailedEvent,
    outcome: 'ok' | 'error',
  ) => {
    const k = key(event);
    const started = running.get(k);
    if (!started) return;
    running.delete(k);
    engineOperationDuration.observe(
      { collection: started.collection, operation: event.commandName, outcome },
      event.duration / 1000,
    );
    if (started.span) {
      if (outcome === 'error') started.span.setStatus({ code: 2 });
      started.span.end();
    }
  };
  client.on('commandSucceeded', (event: mongo.CommandSucceededEvent) => done(event, 'ok'));
  client.on('commandFailed', (event: mongo.CommandFailedEvent) => done(event, 'error'));
}
