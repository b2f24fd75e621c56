import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { randomBytes, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { KEY_HASH_COST } from '@momentum/config';
// @ts-expect-error plain ESM helpers shared with the npm scripts
import { deleteStreams, dropDatabases, portOpen } from '../../scripts/lib/engines.mjs';
// @ts-expect-error plain ESM helpers shared with the npm scripts
import { startStack } from '../../scripts/lib/stack.mjs';
// @ts-expect-error plain ESM helpers shared with the npm scripts
import { newUserKey } from '../../scripts/lib/setup.mjs';
import { api, eventually, newTeam, newUser, useStack, type TestUser } from '../support/e2e.js';
import { spansOfExport, type ReceivedSpan } from '../support/otlp.js';

/**
 * Traces, metrics and health of a private stack whose every process exports its spans over
 * OTLP/HTTP (http/json) to a receiver in this test: one issue update is one trace across the
 * gateway, the issues service, its engine operations and the projects service's consumer.
 */

/** An OTLP/HTTP receiver for http/json: keeps every span it is sent, with its service.name. */
function otlpReceiver() {
  const spans: ReceivedSpan[] = [];
  const contentTypes = new Set<string>();
  const server = http.createServer((req, res) => {
    let text = '';
    req.setEncoding('utf8');
    req.on('data', (chunk: string) => (text += chunk));
    req.on('end', () => {
      contentTypes.add(String(req.headers['content-type']));
      if (req.url === '/v1/traces' && req.headers['content-type'] === 'application/json') {
        spans.push(...spansOfExport(text));
      }
      res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    });
  });
  return { server, spans, contentTypes };
}

async function freePort(from: number): Promise<number> {
  for (let port = from; port < from + 200; port++)
    if (!(await portOpen('127.0.0.1', port))) return port;
  throw new Error(`no free port from ${from}`);
}

/** One sample's value from a Prometheus text page (0 when the series is not there yet). */
function sample(page: string, name: string, labels: Record<string, string> = {}): number {
  let total = 0;
  for (const line of page.split('\n')) {
    if (!line.startsWith(`${name}{`) && !line.startsWith(`${name} `)) continue;
    const wanted = Object.entries(labels).every(([k, v]) => line.includes(`${k}="${v}"`));
    if (wanted) total += Number(line.slice(line.lastIndexOf(' ') + 1));
  }
  return total;
}

const scrape = async (url: string) => {
  const res = await fetch(`${url}/metrics`);
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toContain('text/plain');
  return res.text();
};

const receiver = otlpReceiver();
let stack: {
  gatewayUrl: string;
  urls: Record<string, string>;
  stop(): Promise<void>;
};
let metricsUrl: string;
const run = randomUUID().replace(/-/g, '').slice(0, 8);
let user: TestUser;
let projectId: string;

beforeAll(async () => {
  await new Promise<void>((resolve) => receiver.server.listen(0, '127.0.0.1', resolve));
  const endpoint = `http://127.0.0.1:${(receiver.server.address() as AddressInfo).port}`;
  const env = inject('stackEnv');
  const basePort = await freePort(4700);
  const metricsPort = await freePort(basePort + 150);
  const adminKey = newUserKey();
  stack = await startStack({
    mongoUrl: env.MONGO_URL,
    natsUrl: env.NATS_URL,
    secret: randomBytes(32).toString('base64url'),
    adminKey,
    basePort,
    dbPrefix: `obs_${run}`,
    eventPrefix: `obs${run}`,
    logLevel: 'warn',
    quiet: true,
    withMcp: false,
    extraEnv: {
      RATE_LIMIT_MAX: '0',
      API_KEY_HASH_COST: String(KEY_HASH_COST.min),
      OTEL_EXPORTER_OTLP_ENDPOINT: endpoint,
      OTEL_EXPORTER_OTLP_PROTOCOL: 'http/json',
      OTEL_BSP_SCHEDULE_DELAY: '100',
    },
    gatewayEnv: { METRICS_PORT: String(metricsPort) },
  });
  metricsUrl = `http://127.0.0.1:${metricsPort}`;
  useStack({ gatewayUrl: stack.gatewayUrl, adminKey });
  user = await newUser();
  const team = await newTeam(user);
  const project = await api(user.apiKey, 'POST', '/api/projects', {
    teamId: team.id,
    name: 'Observed',
  });
  expect(project.status).toBe(201);
  projectId = project.body.data.id;
}, 180_000);

afterAll(async () => {
  useStack(null);
  await stack?.stop();
  await new Promise((resolve) => receiver.server.close(resolve));
  const env = inject('stackEnv');
  await dropDatabases(env.MONGO_URL, `obs_${run}_`);
  await deleteStreams(env.NATS_URL, new RegExp(`^OBS${run.toUpperCase()}_`)).catch(() => undefined);
});

describe('observability', () => {
  it('one issue update is one trace: gateway, issues service, engine, projects consumer', async () => {
    const created = await api(user.apiKey, 'POST', '/api/tasks', { projectId, title: 'Traced' });
    expect(created.status).toBe(201);
    const issueId = created.body.data.id as string;

    // The caller's own trace: the gateway continues it.
    const traceId = randomBytes(16).toString('hex');
    const callerSpan = randomBytes(8).toString('hex');
    const updated = await api(
      user.apiKey,
      'PATCH',
      `/api/tasks/${issueId}`,
      { status: 'in_progress' },
      { traceparent: `00-${traceId}-${callerSpan}-01`, 'x-request-id': `obs-${run}` },
    );
    expect(updated.status).toBe(200);
    expect(updated.headers.get('x-request-id')).toBe(`obs-${run}`);

    const trace = await eventually(async () => {
      const spans = receiver.spans.filter((s) => s.traceId === traceId);
      const named = (service: string, name: string) =>
        spans.find((s) => s.service === service && s.kind === 2 && s.name === name);
      const gateway = named('momentum-gateway', 'PATCH /api/tasks/:id');
      const issues = named('momentum-issues', 'PATCH /api/tasks/:id');
      const engine = spans.find(
        (s) =>
          s.service === 'momentum-issues' &&
          s.attributes['db.system.name'] === 'mongodb' &&
          s.parentSpanId === issues?.spanId,
      );
      const publish = spans.find(
        (s) => s.service === 'momentum-issues' && s.name.startsWith('publish '),
      );
      const consumer = spans.find(
        (s) =>
          s.service === 'momentum-projects' && s.name === `process obs${run}.issues.issue.updated`,
      );
      const consumerEngine = spans.find(
        (s) =>
          s.service === 'momentum-projects' &&
          s.attributes['db.system.name'] === 'mongodb' &&
          s.parentSpanId === consumer?.spanId,
      );
      return gateway && issues && engine && publish && consumer && consumerEngine
        ? { gateway, issues, engine, publish, consumer, consumerEngine }
        : null;
    }, 20_000);

    // Parent links: caller → gateway → issues → engine; the publish → the consumer.
    expect(trace.gateway.parentSpanId).toBe(callerSpan);
    expect(trace.issues.parentSpanId).toBe(trace.gateway.spanId);
    expect(trace.engine.name).toMatch(/^(find|findAndModify|update|insert|aggregate|bulkWrite) /);
    expect(trace.consumer.parentSpanId).toBe(trace.publish.spanId);
    expect(trace.consumer.kind).toBe(5); // CONSUMER
    expect(receiver.contentTypes).toContain('application/json');

    // And the event did its work: the project's counts show the new status.
    await eventually(async () => {
      const project = await api(user.apiKey, 'GET', `/api/projects/${projectId}`);
      return project.body.data._count.issuesByStatus.in_progress === 1;
    }, 10_000);
  });

  it('/metrics moves with requests: histograms, events, engine, key cache', async () => {
    const issuesUrl = stack.urls.issues!;
    const projectsUrl = stack.urls.projects!;
    const [gw0, is0, pr0] = await Promise.all([
      scrape(metricsUrl),
      scrape(issuesUrl),
      scrape(projectsUrl),
    ]);
    const created = await api(user.apiKey, 'POST', '/api/tasks', { projectId, title: 'Counted' });
    expect(created.status).toBe(201);
    for (const status of ['todo', 'in_review', 'done']) {
      const res = await api(user.apiKey, 'PATCH', `/api/tasks/${created.body.data.id}`, {
        status,
      });
      expect(res.status).toBe(200);
    }
    const route = { route: '/api/tasks/:id', method: 'PATCH', status_code: '200' };
    const [gw1, is1] = await Promise.all([scrape(metricsUrl), scrape(issuesUrl)]);
    expect(sample(gw1, 'http_request_duration_seconds_count', route)).toBe(
      sample(gw0, 'http_request_duration_seconds_count', route) + 3,
    );
    expect(sample(gw1, 'http_request_duration_seconds_bucket', { ...route, le: '+Inf' })).toBe(
      sample(gw0, 'http_request_duration_seconds_bucket', { ...route, le: '+Inf' }) + 3,
    );
    expect(sample(gw1, 'key_cache_lookups_total', { result: 'hit' })).toBeGreaterThan(
      sample(gw0, 'key_cache_lookups_total', { result: 'hit' }),
    );
    expect(sample(is1, 'http_request_duration_seconds_count', route)).toBe(
      sample(is0, 'http_request_duration_seconds_count', route) + 3,
    );
    expect(sample(is1, 'engine_operation_duration_seconds_count')).toBeGreaterThan(
      sample(is0, 'engine_operation_duration_seconds_count'),
    );
    const published = { type: 'issues.issue.updated', outcome: 'ok' };
    // The outbox relay publishes right after each write, not before its answer: wait for it.
    await eventually(async () => {
      const page = await scrape(issuesUrl);
      const before = sample(is0, 'events_published_total', published);
      return sample(page, 'events_published_total', published) >= before + 3;
    }, 10_000);
    const handled = await eventually(async () => {
      const page = await scrape(projectsUrl);
      const before = sample(pr0, 'events_handled_total', published);
      return sample(page, 'events_handled_total', published) >= before + 3 ? page : null;
    }, 10_000);
    expect(sample(handled, 'events_handled_total', published)).toBeGreaterThan(0);
    // Default process metrics, with the process's own label.
    expect(is1).toMatch(/^process_cpu_seconds_total\{service="issues"\} /m);
    expect(gw1).toMatch(/^nodejs_eventloop_lag_seconds\{service="gateway"\} /m);
    expect(is1).toContain('outbox_entries_waiting{service="issues"}');
    expect(is1).toContain('outbox_oldest_entry_age_seconds{service="issues"}');
  });

  it("the gateway does not route /metrics; services' /health, /ready and /metrics answer on their port", async () => {
    for (const key of [null, user.apiKey]) {
      const res = await api(key, 'GET', '/metrics');
      expect([401, 404]).toContain(res.status);
      expect(res.text).not.toContain('http_request_duration_seconds');
    }
    expect((await api(null, 'GET', '/health')).body).toEqual({ status: 'ok' });
    const ready = await api(null, 'GET', '/ready');
    expect(ready.status).toBe(200);
    expect(Object.values(ready.body.services).every((s) => s === 'ok')).toBe(true);
    // The standalone MCP server (the shared stack's) serves its own on its HTTP port.
    const mcp = await scrape(inject('mcpUrl'));
    expect(mcp).toMatch(/^process_resident_memory_bytes\{service="mcp-server"\} /m);
    for (const [name, url] of Object.entries(stack.urls)) {
      const health = await fetch(`${url}/health`);
      expect(health.status, name).toBe(200);
      const readiness = await fetch(`${url}/ready`);
      expect(readiness.status, name).toBe(200);
      expect(await readiness.json()).toEqual({ status: 'ok', service: name });
    }
  });
});
