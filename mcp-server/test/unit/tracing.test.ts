import http, { type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { shutdownTracing, startTracing } from '@momentum/telemetry/tracing';
import { startHttp } from '../../src/http.js';
import { httpApiClient } from '../../src/http-client.js';
import { createLogger } from '../../src/log.js';
import { spansOfExport, type ReceivedSpan } from '../../../test/support/otlp.js';

/**
 * Tracing of the HTTP mode, against a fake gateway that records the headers it is sent and an
 * OTLP/HTTP (http/json) receiver: an incoming `traceparent` is continued by the request's
 * SERVER span, the tool's call to the gateway is a CLIENT span inside it, and the gateway is
 * sent that span's `traceparent`.
 */

const listen = async (server: Server) => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
};
const close = (server: Server) => new Promise((resolve) => server.close(resolve));

const spans: ReceivedSpan[] = [];
const receiver = http.createServer((req, res) => {
  let text = '';
  req.setEncoding('utf8');
  req.on('data', (chunk: string) => (text += chunk));
  req.on('end', () => {
    spans.push(...spansOfExport(text));
    res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
  });
});

/** What the fake gateway was sent; `/api/me` answers a user, anything else 503. */
const gatewayCalls: Array<{ url: string; headers: IncomingHttpHeaders }> = [];
const gateway = http.createServer((req, res) => {
  gatewayCalls.push({ url: req.url ?? '', headers: req.headers });
  req.resume();
  if (req.url !== '/api/me') {
    res.writeHead(503, { 'content-type': 'application/json' });
    res.end('{"error":{"code":"SERVICE_UNAVAILABLE","message":"down"}}');
    return;
  }
  res.writeHead(200, { 'content-type': 'application/json' });
  res.end(JSON.stringify({ data: { type: 'user', id: 'u1', name: 'Ada', teamIds: [] } }));
});

let gatewayUrl: string;
let mcp: Server;
let mcpUrl: string;

beforeAll(async () => {
  const endpoint = await listen(receiver);
  gatewayUrl = await listen(gateway);
  const state = startTracing('mcp-server', {
    OTEL_EXPORTER_OTLP_ENDPOINT: endpoint,
    OTEL_EXPORTER_OTLP_PROTOCOL: 'http/json',
    OTEL_BSP_SCHEDULE_DELAY: '20',
  });
  expect(state).toEqual({
    serviceName: 'momentum-mcp-server',
    exporting: 'http/json',
    mode: 'sdk',
  });
  mcp = await startHttp(
    {
      SVC_BASE_URL: gatewayUrl,
      MCP_PORT: 0,
      HOST: '127.0.0.1',
      METRICS_PORT: 0,
      TRUST_PROXY: [],
      MCP_ALLOWED_ORIGINS: [],
      CORS_ORIGINS: [],
    },
    createLogger('error', () => undefined),
  );
  mcpUrl = `http://127.0.0.1:${(mcp.address() as AddressInfo).port}/mcp`;
});

afterAll(async () => {
  mcp.closeAllConnections();
  await close(mcp);
  await shutdownTracing();
  await Promise.all([close(gateway), close(receiver)]);
});

const TRACE_ID = '4bf92f3577b34da6a3ce929d0e0e4736';
const PARENT_ID = '00f067aa0ba902b7';
const TRACEPARENT = /^00-([0-9a-f]{32})-([0-9a-f]{16})-01$/;

describe('mcp-server tracing', () => {
  it('continues an incoming traceparent to the gateway, in spans of momentum-mcp-server', async () => {
    const res = await fetch(mcpUrl, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        accept: 'application/json, text/event-stream',
        authorization: 'Bearer svc_test',
        traceparent: `00-${TRACE_ID}-${PARENT_ID}-01`,
      },
      body: JSON.stringify({
        jsonrpc: '2.0',
        id: 1,
        method: 'tools/call',
        params: { name: 'get_me', arguments: {} },
      }),
    });
    expect(res.status).toBe(200);
    const body = (await res.json()) as { result: { structuredContent: { me: { id: string } } } };
    expect(body.result.structuredContent.me.id).toBe('u1');

    // The gateway was called in the caller's trace, from a span of this server.
    expect(gatewayCalls).toHaveLength(1);
    const call = gatewayCalls[0]!;
    expect(call.headers.authorization).toBe('Bearer svc_test');
    const [, traceId, clientSpanId] = TRACEPARENT.exec(String(call.headers.traceparent)) ?? [];
    expect(traceId).toBe(TRACE_ID);
    expect(clientSpanId).not.toBe(PARENT_ID);

    // SERVER span (child of the caller's) → CLIENT span (the one the gateway was sent).
    const inTrace = await vi.waitFor(
      () => {
        const found = spans.filter((s) => s.traceId === TRACE_ID);
        expect(found).toHaveLength(2);
        return found;
      },
      { timeout: 5000, interval: 20 },
    );
    expect(new Set(inTrace.map((s) => s.service))).toEqual(new Set(['momentum-mcp-server']));
    const server = inTrace.find((s) => s.kind === 2)!; // SERVER
    const client = inTrace.find((s) => s.kind === 3)!; // CLIENT
    expect(server).toMatchObject({
      name: 'POST /mcp',
      parentSpanId: PARENT_ID,
      attributes: { 'http.request.method': 'POST', 'http.response.status_code': 200 },
    });
    expect(client).toMatchObject({
      name: 'GET',
      spanId: clientSpanId,
      parentSpanId: server.spanId,
      status: 0,
      attributes: {
        'http.request.method': 'GET',
        'url.full': `${gatewayUrl}/api/me`,
        'http.response.status_code': 200,
      },
    });
  });

  it('marks a call the gateway answers with 5xx as an error, its URL without the query', async () => {
    const api = httpApiClient({ baseUrl: gatewayUrl, authorization: 'Bearer svc_test' });
    expect((await api.request('GET', '/api/tasks?search=private+words')).status).toBe(503);
    const [, traceId, spanId] =
      TRACEPARENT.exec(String(gatewayCalls.at(-1)?.headers.traceparent)) ?? [];
    expect(traceId).toMatch(/^[0-9a-f]{32}$/);
    const span = await vi.waitFor(
      () => {
        const found = spans.find((s) => s.spanId === spanId);
        expect(found).toBeDefined();
        return found!;
      },
      { timeout: 5000, interval: 20 },
    );
    // Outside any request: a root CLIENT span.
    expect(span).toMatchObject({
      service: 'momentum-mcp-server',
      traceId,
      parentSpanId: '',
      kind: 3,
      status: 2, // ERROR
      attributes: { 'url.full': `${gatewayUrl}/api/tasks`, 'http.response.status_code': 503 },
    });
  });
});
