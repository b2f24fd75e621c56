import type { FastifyInstance, FastifyServerOptions } from 'fastify';
import type { ErrorShape } from '@momentum/contracts';
import { errorHandlerPlugin } from './error-handler.js';
import { securityHeadersPlugin } from './security-headers.js';
import { closingGuardPlugin } from './closing-guard.js';
import { openApiPaths } from './openapi.js';
import { jsonBodyPlugin } from './json-parser.js';
import { admissionPlugin, type AdmissionOptions } from './admission.js';
import { createServer } from './server.js';
import { requestIdPlugin } from './request-id.js';
import { signedActorPlugin } from './signed-actor.js';
import { PUBLIC_ROUTE } from './route-config.js';

/** Pino options shared by every process: secrets are never written to a log. */
export const loggerOptions = (level: string) => ({
  level,
  redact: {
    paths: [
      'req.headers.authorization',
      'req.headers["x-momentum-actor-sig"]',
      'headers["x-momentum-actor-sig"]',
      'headers.authorization',
      'authorization',
      'apiKey',
      '*.apiKey',
      'secret',
      '*.secret',
    ],
    censor: '[redacted]',
  },
});

export interface ServiceAppOptions {
  name: string;
  internalSecret: string;
  /** Error body shape: `A` everywhere but the agents service. */
  errorShape?: ErrorShape;
  logLevel?: string;
  /** Extra readiness check for /health (database, bus). */
  ready?: () => Promise<boolean> | boolean;
  logger?: FastifyServerOptions['logger'];
  /** Admission control (admission.ts); off when absent. */
  admission?: AdmissionOptions;
}

/**
 * Builds a service's Fastify app with the cross-cutting parts every service shares, each a
 * plugin: errors in the service's shape (405/404 included), request ids, 503 while closing,
 * security headers, JSON bodies only, the signed-actor check, admission; and the public
 * `/health` and `/openapi.json`. The caller registers routes and calls `listen` elsewhere;
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
  void app.register(signedActorPlugin, { internalSecret: options.internalSecret });
  if (options.admission) void app.register(admissionPlugin, options.admission);

  app.addHook('onResponse', async (request, reply) => {
    if (reply.statusCode >= 500) {
      request.log.warn(
        { method: request.method, url: request.url.split('?')[0], statusCode: reply.statusCode },
        'server error',
      );
    }
  });

  app.get('/health', PUBLIC_ROUTE, async (_request, reply) => {
    const ok = options.ready ? await options.ready() : true;
    return reply
      .status(ok ? 200 : 503)
      .send({ status: ok ? 'ok' : 'unavailable', service: options.name });
  });

  app.get('/openapi.json', PUBLIC_ROUTE, async () => ({
    service: options.name,
    paths: openApiPaths(app),
  }));

  return app;
}
