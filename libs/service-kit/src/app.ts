import { randomUUID } from 'node:crypto';
import Fastify, { LogController, type FastifyInstance, type FastifyServerOptions } from 'fastify';
import type { Actor, ErrorShape } from '@momentum/contracts';
import { errorBody } from '@momentum/contracts';
import { verifyActor } from './actor-header.js';
import { frameworkErrors, installErrorHandler } from './error-handler.js';
import { installSecurityHeaders } from './security-headers.js';
import { installClosingGuard } from './closing-guard.js';
import { openApiPaths } from './openapi.js';
import { installJsonParser } from './json-parser.js';
import { installAdmission, type AdmissionOptions } from './admission.js';

declare module 'fastify' {
  interface FastifyRequest {
    actor: Actor;
  }
}

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
  admission?: Omit<AdmissionOptions, 'exempt'>;
}

/** Let through without waiting: health and docs, and calls between services. */
const admittedAtOnce = (path: string) =>
  path === '/health' || path === '/openapi.json' || path.startsWith('/internal/');

export const REQUEST_ID_HEADER = 'x-request-id';
export const BODY_LIMIT = 1024 * 1024;

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

/**
 * Builds a service's Fastify app with the cross-cutting parts every service shares:
 * request ids, the signed-actor check, errors in the service's shape, security headers,
 * `/health` and `/openapi.json`. The caller registers routes and calls `listen` elsewhere.
 */
export function createServiceApp(options: ServiceAppOptions): FastifyInstance {
  if (!options.internalSecret || options.internalSecret.length < 32) {
    throw new Error(`${options.name}: internalSecret must be at least 32 characters`);
  }
  const shape = options.errorShape ?? 'A';
  const app = Fastify({
    logger: options.logger ?? loggerOptions(options.logLevel ?? 'info'),
    logController: new LogController({ disableRequestLogging: true }),
    bodyLimit: BODY_LIMIT,
    genReqId: (req) => {
      const given = req.headers[REQUEST_ID_HEADER];
      return typeof given === 'string' && /^[\w-]{1,64}$/.test(given) ? given : randomUUID();
    },
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 200 },
    return503OnClosing: false, // installClosingGuard answers in the path's shape
    frameworkErrors: frameworkErrors(() => shape),
  });

  app.decorateRequest('actor', null as unknown as Actor);
  installErrorHandler(app, () => shape);
  installJsonParser(app);
  installSecurityHeaders(app);
  installClosingGuard(app);
  if (options.admission) installAdmission(app, { ...options.admission, exempt: admittedAtOnce });

  app.addHook('onRequest', async (request, reply) => {
    reply.header(REQUEST_ID_HEADER, request.id);
    const path = request.url.split('?')[0];
    if (path === '/health' || path === '/openapi.json') return;
    const actor = verifyActor(request.headers, options.internalSecret);
    if (!actor) {
      return reply
        .status(401)
        .send(errorBody(shape, 'UNAUTHORIZED', 401, 'Requests must come through the gateway'));
    }
    request.actor = actor;
  });

  app.addHook('onResponse', async (request, reply) => {
    if (reply.statusCode >= 500) {
      request.log.warn(
        { method: request.method, url: request.url.split('?')[0], statusCode: reply.statusCode },
        'server error',
      );
    }
  });

  app.get('/health', async (_request, reply) => {
    const ok = options.ready ? await options.ready() : true;
    return reply
      .status(ok ? 200 : 503)
      .send({ status: ok ? 'ok' : 'unavailable', service: options.name });
  });

  app.get('/openapi.json', async () => ({ service: options.name, paths: openApiPaths(app) }));

  return app;
}
