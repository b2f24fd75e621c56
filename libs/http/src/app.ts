import type { FastifyInstance, FastifyReply, FastifyRequest, FastifyServerOptions } from 'fastify';
import type { ErrorShape } from '@momentum/contracts';
import { errorHandlerPlugin } from './error-handler.js';
import { securityHeadersPlugin } from './security-headers.js';
import { closingGuardPlugin } from './closing-guard.js';
import { openApiPaths, serveDocument } from './openapi.js';
import { jsonBodyPlugin } from './json-parser.js';
import { admissionPlugin, type AdmissionOptions } from './admission.js';
import { createServer } from './server.js';
import { requestIdPlugin } from './request-id.js';
import { signedActorPlugin, type NonceClaims } from './signed-actor.js';
import { trustedKeys, type SigningConfig } from './signing-keys.js';
import { PUBLIC_ROUTE } from './route.js';
import { metricsPlugin } from './metrics.js';
import { loggerOptions } from '@momentum/telemetry';

export interface ServiceAppOptions {
  name: string;
  internalSecret: string;
  /**
   * The per-service keys of the service's configuration (signing-keys.ts): with
   * TRUSTED_SIGNING_KEYS set, only those callers are accepted, not INTERNAL_SECRET.
   */
  signing?: SigningConfig;
  /** Error body shape: `A` everywhere but the agents service. */
  errorShape?: ErrorShape;
  logLevel?: string;
  /** Readiness check for /ready: the database and NATS reachable. /health only says it is alive. */
  ready?: () => Promise<boolean> | boolean;
  logger?: FastifyServerOptions['logger'];
  /** Admission control (admission.ts); off when absent. */
  admission?: AdmissionOptions;
  /**
   * The service's METRICS_PORT: above 0, /metrics is served there (runService), not on this
   * app's port.
   */
  metricsPort?: number;
  /** The clock signatures are judged by (signed-actor.ts); tests stand in one that is ahead. */
  signatureClock?: () => number;
  /** The nonces shared by the service's processes (signed-actor.ts); absent: this process's. */
  sharedNonces?: NonceClaims;
}

/**
 * One JSON line per answered request (`request completed`: method, route, status, time; the
 * request id and trace id come with every line), at debug, or warn for a 5xx. Never a body,
 * header or query string.
 */
export function logCompletion(
  request: FastifyRequest,
  reply: FastifyReply,
  done: () => void,
): void {
  const failed = reply.statusCode >= 500;
  const level = failed ? 'warn' : 'debug';
  // pino's method for a level below the logger's is a no-op: no line is built.
  if (failed || request.log.level === 'debug' || request.log.level === 'trace') {
    request.log[level](
      {
        method: request.method,
        route: request.routeOptions.url ?? '(unmatched)',
        url: request.url.split('?')[0],
        statusCode: reply.statusCode,
        responseTimeMs: Math.round(reply.elapsedTime * 10) / 10,
      },
      failed ? 'server error' : 'request completed',
    );
  }
  done();
}

/**
 * Builds a service's Fastify app with the cross-cutting parts every service shares, each a
 * plugin: errors in the service's shape (405/404 included), request ids, 503 while closing,
 * security headers, JSON bodies only, the signed-actor check, admission, metrics; and the
 * public `/health` (alive), `/ready` (database and NATS reachable), `/metrics` and
 * `/openapi.json`. The caller registers routes and calls `listen` elsewhere;
 * the plugins load on `ready()`, and their hooks apply to every route whenever it was added.
 */
export function createServiceApp(options: ServiceAppOptions): FastifyInstance {
  if (!options.internalSecret || options.internalSecret.length < 32) {
    throw new Error(`${options.name}: internalSecret must be at least 32 characters`);
  }
  const shapeFor = () => options.errorShape ?? 'A';
  const app = createServer({
    logger: options.logger ?? loggerOptions(options.logLevel ?? 'info'),
    shapeFor,
  });

  void app.register(errorHandlerPlugin, { shapeFor });
  void app.register(requestIdPlugin);
  void app.register(closingGuardPlugin);
  void app.register(securityHeadersPlugin);
  void app.register(jsonBodyPlugin);
  void app.register(signedActorPlugin, {
    internalSecret: options.signing ? trustedKeys(options.signing) : options.internalSecret,
    ...(options.signatureClock ? { clock: options.signatureClock } : {}),
    ...(options.signing?.SIGNATURE_WINDOW_MS
      ? { windowMs: options.signing.SIGNATURE_WINDOW_MS }
      : {}),
    ...(options.sharedNonces ? { sharedNonces: options.sharedNonces } : {}),
  });
  if (options.admission) void app.register(admissionPlugin, options.admission);
  // /metrics on the service's own port, or on METRICS_PORT; the gateway never routes it.
  void app.register(metricsPlugin, {
    service: options.name,
    expose: (options.metricsPort ?? 0) === 0,
  });

  app.addHook('onResponse', logCompletion);

  app.get('/health', PUBLIC_ROUTE, async () => ({ status: 'ok', service: options.name }));
  app.get('/ready', PUBLIC_ROUTE, async (_request, reply) => {
    const ok = options.ready ? await options.ready() : true;
    return reply
      .status(ok ? 200 : 503)
      .send({ status: ok ? 'ok' : 'unavailable', service: options.name });
  });

  app.get('/openapi.json', PUBLIC_ROUTE, async () => ({
    service: options.name,
    paths: openApiPaths(app),
  }));
  serveDocument(app);

  return app;
}
