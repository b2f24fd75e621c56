import type { FastifyInstance } from 'fastify';
import { errorShapeForPath } from '@momentum/contracts';
import {
  closingGuardPlugin,
  createServer,
  errorHandlerPlugin,
  loggerOptions,
  requestIdPlugin,
  securityHeadersPlugin,
} from '@momentum/service-kit';
import { upstreamUrls, type GatewayConfig } from './config.js';
import { authenticationPlugin } from './auth/authenticate.js';
import type { KeyCache } from './auth/key-cache.js';
import type { KeyResolver } from './auth/key-resolver.js';
import { keyCacheInvalidationPlugin } from './auth/local-invalidation.js';
import { corsPlugin } from './cors/plugin.js';
import { declaredBodyLimitPlugin } from './limits/body-limit.js';
import { rateLimitPlugin } from './limits/rate-limit.js';
import { idempotencyPlugin } from './idempotency/plugin.js';
import type { IdempotencyStore } from './idempotency/store.js';
import type { IdOwnerCache } from './routing/id-owner.js';
import { forwarding } from './routing/forward.js';
import { registerKeyChangingRoutes } from './routing/key-routes.js';
import { registerPathFamilies } from './routing/proxies.js';
import { registerTaskRoutes } from './routing/task-routes.js';
import { registerHealth } from './health.js';
import { registerDocs } from './docs/openapi.js';

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
 * The cross-cutting parts are plugins, registered in the order their hooks run; each
 * route says in its own options what applies to it (public, idempotent, rate limited…).
 */
export async function buildGateway(deps: GatewayDeps): Promise<FastifyInstance> {
  const { config } = deps;
  const urls = upstreamUrls(config);
  const app = createServer({
    logger: {
      ...loggerOptions(config.LOG_LEVEL),
      ...(deps.logStream ? { stream: deps.logStream } : {}),
    },
    shapeFor: errorShapeForPath,
  });

  await app.register(errorHandlerPlugin, { shapeFor: errorShapeForPath });
  await app.register(requestIdPlugin);
  await app.register(closingGuardPlugin);
  await app.register(securityHeadersPlugin);
  await app.register(declaredBodyLimitPlugin);
  // Before authentication: a preflight never carries the key.
  await app.register(corsPlugin, { origins: config.CORS_ORIGINS });
  await app.register(rateLimitPlugin, {
    max: config.RATE_LIMIT_MAX,
    windowMs: config.RATE_LIMIT_WINDOW_MS,
  });
  await app.register(authenticationPlugin, {
    resolver: deps.resolver,
    internalSecret: config.INTERNAL_SECRET,
  });
  await app.register(idempotencyPlugin, { store: deps.idempotency });
  await app.register(keyCacheInvalidationPlugin, { cache: deps.keyCache });

  await registerPathFamilies(app, urls, config.UPSTREAM_CONNECTIONS);
  await app.register(async (scope) => {
    const forward = await forwarding(scope, urls, config.UPSTREAM_CONNECTIONS);
    registerTaskRoutes(scope, forward, deps.owners);
    registerKeyChangingRoutes(scope, forward);
  });
  registerHealth(app, urls);
  // The docs describe the API to anyone who asks: every route of this scope is public.
  await app.register(async (scope) => {
    scope.addHook('onRoute', (route) => {
      route.config = { ...route.config, public: true };
    });
    registerDocs(scope, urls);
  });
  for (const extend of deps.extensions ?? []) await extend(app);
  return app;
}
