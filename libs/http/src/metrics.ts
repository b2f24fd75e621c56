import http from 'node:http';
import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import {
  httpRequestDuration,
  metricsRegistry,
  startProcessMetrics,
  nameServerSpan,
} from '@momentum/telemetry';
import { PUBLIC_ROUTE } from './route.js';

export interface MetricsPluginOptions {
  /** The process's name, the `service` label of every series (`issues`, `gateway`). */
  service: string;
  /**
   * Serve `GET /metrics` on this app (the services, on their own port). The gateway records
   * here but serves its metrics on METRICS_PORT instead (`serveMetrics`), so nothing of them
   * is reachable through the API's port.
   */
  expose: boolean;
}

/** The route pattern of a request; one label for every path no route matched. */
const routeOf = (url: string | undefined) => url ?? '(unmatched)';

/**
 * Prometheus metrics for a Fastify app: the process's default metrics and
 * `http_request_duration_seconds{route, method, status_code}` for every answered request
 * (by route pattern, never the raw path, so ids do not multiply the series). Also names the
 * request's trace span after its route.
 */
export const metricsPlugin = fp<MetricsPluginOptions>(
  async (app, options) => {
    if (typeof options.service !== 'string' || !/^[a-z][a-z0-9-]{0,39}$/.test(options.service))
      throw new Error('metricsPlugin: service must be a short lowercase name');
    if (typeof options.expose !== 'boolean')
      throw new Error('metricsPlugin: expose must be true or false');
    startProcessMetrics(options.service);

    app.addHook('onRequest', (request, _reply, done) => {
      nameServerSpan(request.raw, request.routeOptions.url);
      done();
    });
    app.addHook('onResponse', (request, reply, done) => {
      httpRequestDuration.observe(
        {
          route: routeOf(request.routeOptions.url),
          method: request.method,
          status_code: String(reply.statusCode),
        },
        reply.elapsedTime / 1000,
      );
      done();
    });

    if (options.expose) {
      app.get('/metrics', PUBLIC_ROUTE, async (_request, reply) =>
        reply.type(metricsRegistry.contentType).send(await metricsRegistry.metrics()),
      );
    }
  },
  { name: 'momentum-metrics', fastify: '5.x' },
);

/**
 * Serves this process's metrics on a port of their own (`GET /metrics`), apart from the API:
 * the gateway's METRICS_PORT. Resolves once listening.
 */
export async function serveMetrics(
  port: number,
  host: string,
  log: FastifyInstance['log'],
): Promise<http.Server> {
  const server = http.createServer((req, res) => {
    if (req.method !== 'GET' || (req.url ?? '').split('?')[0] !== '/metrics') {
      res.writeHead(404, { 'content-type': 'text/plain' }).end('not found\n');
      return;
    }
    metricsRegistry
      .metrics()
      .then((text) => res.writeHead(200, { 'content-type': metricsRegistry.contentType }).end(text))
      .catch((err: unknown) => {
        log.warn({ err }, 'metrics collection failed');
        res.writeHead(500).end();
      });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  server.unref();
  return server;
}
