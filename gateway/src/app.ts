import { randomUUID } from 'node:crypto';
import Fastify, { LogController, type FastifyInstance } from 'fastify';
import { AppError, errorShapeForPath } from '@momentum/contracts';
import {
  BODY_LIMIT,
  REQUEST_ID_HEADER,
  frameworkErrors,
  installClosingGuard,
  installErrorHandler,
  installSecurityHeaders,
  loggerOptions,
} from '@momentum/service-kit';
import { upstreamUrls, type GatewayConfig } from './config.js';
import { installAuthentication } from './auth/authenticate.js';
import type { KeyCache } from './auth/key-cache.js';
import type { KeyResolver } from './auth/key-resolver.js';
import type { IdOwnerCache } from './routing/id-owner.js';
import { registerPathFamilies } from './routing/proxies.js';
import { registerTaskRoutes } from './routing/task-routes.js';
import { registerHealth } from './health.js';
import { registerDocs } from './docs/openapi.js';
import { installLocalInvalidation } from './auth/local-invalidation.js';
import { createThrottle } from './limits/rate-limit.js';
import { installIdempotency } from './idempotency/plugin.js';
import type { IdempotencyStore } from './idempotency/store.js';

export interface GatewayDeps {
  config: GatewayConfig;
  resolver: KeyResolver;
  keyCache: KeyCache;
  owners: IdOwnerCache;
  /** Extra routes mounted after authentication (the in-app MCP endpoint). */
  extensions?: Array<(app: FastifyInstance) => Promise<void> | void>;
  /** Where logs go (stdout when absent); tests capture them to check nothing secret is written. */
  logStream?: { write(line: string): void };
  idempotency?: IdempotencyStore;
}

/**
 * The gateway app: authenticates, signs the actor, and forwards each path family to
 * its service. Built here, listened to in main.ts, so tests `inject` without a port.
 */
export async function buildGateway(deps: GatewayDeps): Promise<FastifyInstance> {
  const { config } = deps;
  const urls = upstreamUrls(config);
  const app = Fastify({
    logger: {
      ...loggerOptions(config.LOG_LEVEL),
      ...(deps.logStream ? { stream: deps.logStream } : {}),
    },
    logController: new LogController({ disableRequestLogging: true }),
    bodyLimit: BODY_LIMIT,
    genReqId: (req) => {
      const given = req.headers[REQUEST_ID_HEADER];
      return typeof given === 'string' && /^[\w-]{1,64}$/.test(given) ? given : randomUUID();
    },
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 200 },
    return503OnClosing: false, // installClosingGuard answers in the path's shape
    frameworkErrors: frameworkErrors(errorShapeForPath),
  });

  installErrorHandler(app, errorShapeForPath);
  installSecurityHeaders(app);
  installClosingGuard(app);

  // Streams forwarded as they come are not parsed here, so the limit is checked early.
  app.addHook('onRequest', async (request, reply) => {
    reply.header(REQUEST_ID_HEADER, request.id);
    const length = Number(request.headers['content-length'] ?? 0);
    if (length > BODY_LIMIT)
      throw new AppError('PAYLOAD_TOO_LARGE', `Request body is larger than ${BODY_LIMIT} bytes`);
  });

  const throttle = await createThrottle(app, config);
  installAuthentication(app, deps.resolver, config.INTERNAL_SECRET, { throttle });
  installIdempotency(app, deps.idempotency);
  installLocalInvalidation(app, deps.keyCache);

  await registerPathFamilies(app, urls, config.UPSTREAM_CONNECTIONS);
  await registerTaskRoutes(app, urls, deps.owners, config.UPSTREAM_CONNECTIONS);
  registerHealth(app, urls);
  registerDocs(app, urls);
  for (const extend of deps.extensions ?? []) await extend(app);
  return app;
}
