// Kept over @fastify/otel: the MCP server (plain node:http) and id-only mode (no SDK) need this factory anyway, and the plugin by default adds a span per hook (about ten a request on a service, against one).
import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import {
  ROOT_CONTEXT,
  SpanKind,
  SpanStatusCode,
  context,
  isSpanContextValid,
  propagation,
  trace,
  type Context,
  type Span,
} from '@opentelemetry/api';
import { tracer, tracingState } from './tracing.js';

const serverContexts = new WeakMap<object, Context>();

/**
 * Fastify's `serverFactory`: a plain HTTP server whose every request runs inside a SERVER
 * span that continues the caller's `traceparent` (W3C), so all the request does (hooks,
 * handler, engine commands, calls to other services, events written) is in its trace. The
 * request and response emitters are bound to that context too, since a body's `data`/`end`
 * events fire from the socket, outside it. The route, when known, names the span
 * (`nameServerSpan`). Without the SDK (no exporter) the span is ids only: nothing is bound or
 * ended, and the request keeps its ids for its log lines (`requestTraceIds`).
 */
export function tracedServerFactory(
  handler: (req: IncomingMessage, res: ServerResponse) => void,
  options: ServerTimeouts = {},
): http.Server {
  const server = http.createServer((req, res) => {
    const parent = propagation.extract(ROOT_CONTEXT, req.headers);
    if (tracingState()?.mode !== 'sdk') {
      serverContexts.set(req, trace.setSpan(parent, tracer().startSpan('', undefined, parent)));
      handler(req, res);
      return;
    }
    const method = req.method ?? 'GET';
    const span = tracer().startSpan(
      method,
      {
        kind: SpanKind.SERVER,
        attributes: {
          'http.request.method': method,
          'url.path': (req.url ?? '/').split('?')[0],
        },
      },
      parent,
    );
    const ctx = trace.setSpan(parent, span);
    serverContexts.set(req, ctx);
    let ended = false;
    const end = () => {
      if (ended) return;
      ended = true;
      span.setAttribute('http.response.status_code', res.statusCode);
      if (res.statusCode >= 500) span.setStatus({ code: SpanStatusCode.ERROR });
      span.end();
    };
    res.once('finish', end);
    res.once('close', end);
    context.bind(ctx, req);
    context.bind(ctx, res);
    context.with(ctx, () => handler(req, res));
  });
  // What Fastify sets on a server it makes itself (it leaves a factory's alone).
  if (options.keepAliveTimeout !== undefined) server.keepAliveTimeout = options.keepAliveTimeout;
  if (options.requestTimeout !== undefined) server.requestTimeout = options.requestTimeout;
  if (options.connectionTimeout !== undefined) server.setTimeout(options.connectionTimeout);
  if (options.maxRequestsPerSocket) server.maxRequestsPerSocket = options.maxRequestsPerSocket;
  return server;
}

/** The server timeouts of Fastify's options (its defaults applied). */
export interface ServerTimeouts {
  keepAliveTimeout?: number;
  requestTimeout?: number;
  connectionTimeout?: number;
  maxRequestsPerSocket?: number;
}

/** The server span of a request (a no-op span when tracing is off or it came by `inject`). */
export function serverSpanOf(req: object): Span | undefined {
  const ctx = serverContexts.get(req);
  return ctx ? trace.getSpan(ctx) : undefined;
}

/**
 * A request's trace and span ids for the log lines written for it, when no span is recorded
 * (with the SDK, the active span gives every line its ids: `loggerOptions`' mixin).
 */
export function requestTraceIds(req: object): { traceId: string; spanId: string } | undefined {
  if (tracingState()?.mode !== 'ids') return undefined;
  const ctx = serverContexts.get(req);
  const ids = ctx && trace.getSpanContext(ctx);
  return ids && isSpanContextValid(ids) ? { traceId: ids.traceId, spanId: ids.spanId } : undefined;
}

/** Names a request's server span by its route pattern (`GET /api/tasks/:id`). */
export function nameServerSpan(req: { method?: string }, route: string | undefined): void {
  const span = serverSpanOf(req);
  if (!span || !route || !span.isRecording()) return;
  span.updateName(`${req.method ?? 'GET'} ${route}`);
  span.setAttribute('http.route', route);
}

/**
 * The `traceparent` (and `tracestate`) to send with a call made for a request: the request's
 * own context when given, else the active one.
 */
export function traceHeaders(req?: object): Record<string, string> {
  const carrier: Record<string, string> = {};
  propagation.inject((req && serverContexts.get(req)) ?? context.active(), carrier);
  return carrier;
}

/** The trace and span ids of the active span, for log lines; nothing outside a trace. */
export function activeTraceIds(): { traceId: string; spanId: string } | undefined {
  const span = trace.getSpan(context.active());
  if (!span) return undefined;
  const { traceId, spanId } = span.spanContext();
  if (!traceId || traceId === '00000000000000000000000000000000') return undefined;
  return { traceId, spanId };
}
