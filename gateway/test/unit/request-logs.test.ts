import type { AddressInfo } from 'node:net';
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseApiKey } from '@momentum/keys';
import { startTracing } from '@momentum/telemetry';
import { TEST_SECRET } from '@momentum/testing';
import { startTestGateway, userActor, type TestGateway } from '../support/harness.js';

/**
 * Over a real socket (where each request gets its trace span, which `inject` skips): the
 * gateway's request lines are JSON with the request id and the trace id, the request id is
 * the caller's own or a new one, passed to the service and returned, the caller's trace is
 * continued into the service, and no key, signature or body reaches the log.
 */
const lines: string[] = [];
let gw: TestGateway;
let base: string;
let key: string;

beforeAll(async () => {
  // Spans recorded, none exported (no OTEL_EXPORTER_OTLP_ENDPOINT).
  expect(startTracing('gateway', {}).exporting).toBeNull();
  gw = await startTestGateway({ logStream: { write: (line) => void lines.push(line) } });
  key = await gw.keyring.add(userActor('u1'));
  await gw.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(gw.app.server.address() as AddressInfo).port}`;
});
afterAll(() => gw.close());

const logged = () => lines.map((l) => JSON.parse(l) as Record<string, unknown>);

describe('gateway request logs', () => {
  it('carry the request id and trace id; the ids travel to the service and back', async () => {
    const traceId = randomBytes(16).toString('hex');
    const res = await fetch(`${base}/api/me`, {
      headers: {
        authorization: `Bearer ${key}`,
        'x-request-id': 'client-req-1',
        traceparent: `00-${traceId}-${randomBytes(8).toString('hex')}-01`,
      },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('x-request-id')).toBe('client-req-1');
    const upstream = gw.seen.at(-1)!;
    expect(upstream.headers['x-request-id']).toBe('client-req-1');
    expect(String(upstream.headers.traceparent)).toMatch(
      new RegExp(`^00-${traceId}-[0-9a-f]{16}-01$`),
    );
    const line = logged().find((l) => l.msg === 'request completed' && l.reqId === 'client-req-1');
    expect(line).toMatchObject({
      level: 20,
      reqId: 'client-req-1',
      traceId,
      method: 'GET',
      route: '/api/me',
      statusCode: 200,
    });
    expect(line!.spanId).toMatch(/^[0-9a-f]{16}$/);
  });

  it('makes a request id when the caller sent none (or one that is not plain), and a trace', async () => {
    for (const given of [undefined, 'not plain!']) {
      const res = await fetch(`${base}/api/me`, {
        headers: { authorization: `Bearer ${key}`, ...(given ? { 'x-request-id': given } : {}) },
      });
      const id = res.headers.get('x-request-id')!;
      expect(id).toMatch(/^[0-9a-f-]{36}$/);
      expect(gw.seen.at(-1)!.headers['x-request-id']).toBe(id);
      const line = logged().find((l) => l.msg === 'request completed' && l.reqId === id);
      expect(line?.traceId).toMatch(/^[0-9a-f]{32}$/);
      expect(String(gw.seen.at(-1)!.headers.traceparent)).toContain(String(line!.traceId));
    }
  });

  it('never logs a key, its secret, the signed actor, the internal secret or a body', async () => {
    const body = JSON.stringify({ title: 'top secret plans', apiKey: 'svc_x_y' });
    await fetch(`${base}/api/tasks`, {
      method: 'POST',
      headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
      body,
    });
    await fetch(`${base}/api/me`, { headers: { 'x-api-key': key, authorization: 'Bearer nope' } });
    const log = lines.join('\n');
    expect(log).toContain('request completed');
    const signatures = gw.seen.map((s) => String(s.headers['x-momentum-actor-sig']));
    for (const secret of [key, parseApiKey(key)!.secret, TEST_SECRET, ...signatures]) {
      expect(log).not.toContain(secret);
    }
    expect(log).not.toContain('top secret plans');
    expect(log).not.toContain('svc_x_y');
  });
});
