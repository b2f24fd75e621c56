import Fastify from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { createServiceApp } from '../../src/app.js';
import type { AddressInfo } from 'node:net';
import { metricsPlugin, serveMetrics, type MetricsPluginOptions } from '../../src/metrics.js';
import { exportsSpans, otlpProtocol } from '@momentum/telemetry';
import { injectAs, TEST_SECRET, userActor } from '@momentum/testing';
import { sampleApp } from '../support/sample-app.js';

/** One series' value in a Prometheus text page, 0 when absent. */
function sample(page: string, name: string, labels: Record<string, string>): number {
  const line = page
    .split('\n')
    .find(
      (l) =>
        l.startsWith(`${name}{`) &&
        Object.entries(labels).every(([k, v]) => l.includes(`${k}="${v}"`)),
    );
  return line ? Number(line.slice(line.lastIndexOf(' ') + 1)) : 0;
}

const app = sampleApp();
afterAll(() => app.close());

describe('metrics', () => {
  it('the plugin refuses bad options when it is registered', async () => {
    for (const options of [
      {},
      { service: 'Bad Name!', expose: true },
      { service: 'ok', expose: 'yes' },
    ] as unknown as MetricsPluginOptions[]) {
      const bare = Fastify();
      await expect(bare.register(metricsPlugin, options).ready()).rejects.toThrow(/metricsPlugin/);
      await bare.close();
    }
  });

  it('/metrics (public, on the service port) shows request histograms moving', async () => {
    const scrape = async () => {
      const res = await app.inject({ method: 'GET', url: '/metrics' });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toContain('text/plain');
      return res.body;
    };
    const before = await scrape();
    const actor = userActor();
    for (let i = 0; i < 3; i++)
      expect((await injectAs(app, actor, { method: 'GET', url: '/api/things' })).statusCode).toBe(
        200,
      );
    await injectAs(app, actor, { method: 'GET', url: '/api/nothing/here' });
    const after = await scrape();
    const route = { route: '/api/things', method: 'GET', status_code: '200' };
    expect(sample(after, 'http_request_duration_seconds_count', route)).toBe(
      sample(before, 'http_request_duration_seconds_count', route) + 3,
    );
    expect(sample(after, 'http_request_duration_seconds_bucket', { ...route, le: '+Inf' })).toBe(
      sample(before, 'http_request_duration_seconds_bucket', { ...route, le: '+Inf' }) + 3,
    );
    // A path no route matched is one series, never the raw path.
    expect(after).toContain('route="(unmatched)"');
    expect(after).not.toContain('/api/nothing/here');
    // Default process metrics, labelled with the service.
    expect(after).toMatch(/^process_resident_memory_bytes\{service="sample"\} \d+/m);
    expect(after).toMatch(/^nodejs_eventloop_lag_seconds\{service="sample"\} /m);
  });

  it('with a METRICS_PORT, /metrics is served there and not on the service port', async () => {
    const svc = createServiceApp({
      name: 'apart',
      internalSecret: TEST_SECRET,
      logger: false,
      metricsPort: 9464,
    });
    const server = await serveMetrics(0, '127.0.0.1', svc.log);
    try {
      const onApi = await svc.inject({ method: 'GET', url: '/metrics' });
      // no such route there: refused as any unknown path (401 without a signed actor)
      expect([401, 404]).toContain(onApi.statusCode);
      expect(onApi.body).not.toContain('http_request_duration_seconds');
      const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
      const res = await fetch(`${base}/metrics`);
      expect(res.status).toBe(200);
      expect(await res.text()).toMatch(/^# HELP http_request_duration_seconds /m);
      expect((await fetch(`${base}/other`)).status).toBe(404);
      expect((await fetch(`${base}/metrics`, { method: 'POST' })).status).toBe(404);
    } finally {
      await new Promise((resolve) => server.close(resolve));
      await svc.close();
    }
  });

  it('/health says alive; /ready says whether the database and NATS are reachable', async () => {
    let reachable = false;
    const svc = createServiceApp({
      name: 'probe',
      internalSecret: TEST_SECRET,
      logger: false,
      ready: () => reachable,
    });
    try {
      expect((await svc.inject({ url: '/health' })).json()).toEqual({
        status: 'ok',
        service: 'probe',
      });
      const down = await svc.inject({ url: '/ready' });
      expect(down.statusCode).toBe(503);
      expect(down.json()).toEqual({ status: 'unavailable', service: 'probe' });
      reachable = true;
      expect((await svc.inject({ url: '/ready' })).statusCode).toBe(200);
    } finally {
      await svc.close();
    }
  });
});

describe('tracing configuration', () => {
  it('exports only with an endpoint, and not when the exporter is none', () => {
    expect(exportsSpans({})).toBe(false);
    expect(exportsSpans({ OTEL_EXPORTER_OTLP_ENDPOINT: ' ' })).toBe(false);
    expect(exportsSpans({ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4318' })).toBe(true);
    expect(exportsSpans({ OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: 'http://c:4318/v1/traces' })).toBe(
      true,
    );
    expect(
      exportsSpans({ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://c:4318', OTEL_TRACES_EXPORTER: 'none' }),
    ).toBe(false);
  });

  it('speaks http/protobuf by default or http/json, and refuses what it cannot', () => {
    expect(otlpProtocol({})).toBe('http/protobuf');
    expect(otlpProtocol({ OTEL_EXPORTER_OTLP_PROTOCOL: 'http/json' })).toBe('http/json');
    expect(
      otlpProtocol({
        OTEL_EXPORTER_OTLP_PROTOCOL: 'http/json',
        OTEL_EXPORTER_OTLP_TRACES_PROTOCOL: 'http/protobuf',
      }),
    ).toBe('http/protobuf');
    expect(() => otlpProtocol({ OTEL_EXPORTER_OTLP_PROTOCOL: 'grpc' })).toThrow(/http\/json/);
  });
});
