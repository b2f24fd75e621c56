import { SpanKind, SpanStatusCode, context, propagation, trace } from '@opentelemetry/api';
import { tracer } from '@momentum/telemetry/tracing';
import { parseJsonBody, type ApiClient } from '@momentum/mcp-tools';

export interface HttpClientOptions {
  /** The gateway, e.g. http://127.0.0.1:3000 (a path prefix is kept). */
  baseUrl: string;
  /** The Authorization header value sent with every call (`Bearer svc_…`). */
  authorization: string;
  /**
   * The address of the client this server acts for (HTTP mode), sent as X-Forwarded-For so
   * the gateway counts that client's failed keys, not this server's (docs/SECURITY.md); the
   * gateway believes it only from addresses in its TRUST_PROXY.
   */
  clientAddress?: string;
  timeoutMs?: number;
}

/** The URL as a span reports it: no credentials, no query string (search terms, filters). */
function urlForSpan(url: URL): string {
  return `${url.protocol}//${url.host}${url.pathname}`;
}

/**
 * The standalone server's ApiClient: plain fetch to the gateway with the caller's key. Each
 * call is a CLIENT span (a child of the MCP request's SERVER span in HTTP mode, a root span on
 * stdio) whose `traceparent` goes with the request, so the gateway continues the trace.
 */
export function httpApiClient({
  baseUrl,
  authorization,
  clientAddress,
  timeoutMs = 30_000,
}: HttpClientOptions): ApiClient {
  const base = baseUrl.replace(/\/+$/, '');
  return {
    async request(method, path, body) {
      const url = new URL(`${base}${path}`);
      const span = tracer().startSpan(method, {
        kind: SpanKind.CLIENT,
        attributes: {
          'http.request.method': method,
          'url.full': urlForSpan(url),
          'server.address': url.hostname,
          'server.port': Number(url.port) || (url.protocol === 'https:' ? 443 : 80),
        },
      });
      const traceHeaders: Record<string, string> = {};
      propagation.inject(trace.setSpan(context.active(), span), traceHeaders);
      try {
        const res = await fetch(url, {
          method,
          headers: {
            ...traceHeaders,
            authorization,
            ...(clientAddress ? { 'x-forwarded-for': clientAddress } : {}),
            accept: 'application/json',
            ...(body === undefined ? {} : { 'content-type': 'application/json' }),
          },
          ...(body === undefined ? {} : { body: JSON.stringify(body) }),
          signal: AbortSignal.timeout(timeoutMs),
        });
        span.setAttribute('http.response.status_code', res.status);
        if (res.status >= 500) {
          span.setAttribute('error.type', String(res.status));
          span.setStatus({ code: SpanStatusCode.ERROR });
        }
        return { status: res.status, body: parseJsonBody(await res.text()) };
      } catch (err) {
        const error = err instanceof Error ? err : new Error(String(err));
        span.recordException(error);
        span.setAttribute('error.type', error.name);
        span.setStatus({ code: SpanStatusCode.ERROR, message: error.message });
        throw err;
      } finally {
        span.end();
      }
    },
  };
}
