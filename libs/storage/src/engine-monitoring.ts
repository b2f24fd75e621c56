import { SpanKind, context, trace, type Span } from '@opentelemetry/api';
import mongoose, { type Connection } from 'mongoose';
import { tracer, engineOperationDuration } from '@momentum/telemetry';

/**
 * The command each collection method sends, as the engine names it: the metric's and the
 * span's operation. Methods not listed (watch, index listing, drops) are not measured.
 */
const COMMAND: Record<string, string> = {
  findOne: 'find',
  countDocuments: 'aggregate',
  estimatedDocumentCount: 'count',
  distinct: 'distinct',
  insertOne: 'insert',
  insertMany: 'insert',
  updateOne: 'update',
  updateMany: 'update',
  replaceOne: 'update',
  deleteOne: 'delete',
  deleteMany: 'delete',
  findOneAndUpdate: 'findAndModify',
  findOneAndReplace: 'findAndModify',
  findOneAndDelete: 'findAndModify',
  bulkWrite: 'bulkWrite',
  createIndex: 'createIndexes',
  createIndexes: 'createIndexes',
};

interface Running {
  started: number;
  collection: string;
  operation: string;
  span: Span | undefined;
}

/** A CLIENT span of the active trace, when there is one (none outside a request or event). */
function startSpan(operation: string, collection: string, dbName: string): Span | undefined {
  const active = context.active();
  if (!trace.getSpan(active)) return undefined;
  return tracer().startSpan(
    `${operation} ${collection}`,
    {
      kind: SpanKind.CLIENT,
      attributes: {
        'db.system.name': 'mongodb',
        'db.namespace': dbName,
        'db.collection.name': collection,
        'db.operation.name': operation,
      },
    },
    active,
  );
}

/** The histogram's series by collection, operation and outcome, looked up once each. */
const series = new Map<string, { observe: (seconds: number) => void }>();

function finish(run: Running, outcome: 'ok' | 'error'): void {
  const key = `${run.collection}\0${run.operation}\0${outcome}`;
  let child = series.get(key);
  if (!child) {
    child = engineOperationDuration.labels(run.collection, run.operation, outcome);
    series.set(key, child);
  }
  child.observe((performance.now() - run.started) / 1000);
  if (run.span) {
    if (outcome === 'error') run.span.setStatus({ code: 2 });
    run.span.end();
  }
}

/**
 * Database operations as metrics and spans: each one's duration goes into
 * `engine_operation_duration_seconds{collection, operation, outcome}`, and one made inside
 * a trace (a request, an event being handled) becomes a CLIENT span `<op> <collection>` of
 * it. Operations outside any trace (background sweeps) make no span.
 *
 * Measured from mongoose's `operation-start`/`operation-end` events (every call through one
 * of the connection's collections, which mongoose emits anyway) and, for find and aggregate
 * (which answer a cursor at once), from the cursor's `toArray`. The driver's own command
 * monitoring builds two event objects per command and decodes every query's reply a second
 * time, a large share of a service's CPU per request.
 */
export function monitorEngine(connection: Connection, dbName: string): void {
  const running = new Map<unknown, Running>();
  connection.on(
    'operation-start',
    (e: { _id: unknown; collectionName: string; method: string }) => {
      const operation = COMMAND[e.method];
      if (!operation) return;
      running.set(e._id, {
        started: performance.now(),
        collection: e.collectionName,
        operation,
        span: startSpan(operation, e.collectionName, dbName),
      });
    },
  );
  connection.on('operation-end', (e: { _id: unknown; error?: unknown }) => {
    const run = running.get(e._id);
    if (!run) return;
    running.delete(e._id);
    finish(run, e.error === undefined ? 'ok' : 'error');
  });
  measureCursors();
}

let cursorsMeasured = false;

/** Each cursor's `toArray` (find and aggregate) measured as one operation, once per process. */
function measureCursors(): void {
  if (cursorsMeasured) return;
  cursorsMeasured = true;
  const cursor = mongoose.mongo.AbstractCursor.prototype;
  const toArray = cursor.toArray;
  cursor.toArray = async function (this: mongoose.mongo.AbstractCursor) {
    const collection = this.namespace.collection ?? '';
    const operation = this instanceof mongoose.mongo.AggregationCursor ? 'aggregate' : 'find';
    const run: Running = {
      started: performance.now(),
      collection,
      operation,
      span: startSpan(operation, collection, this.namespace.db),
    };
    try {
      const docs = await toArray.call(this);
      finish(run, 'ok');
      return docs;
    } catch (err) {
      finish(run, 'error');
      throw err;
    }
  } as typeof toArray;
}
