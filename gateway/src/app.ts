import type { FastifyInstance } from 'fastify';
import { errorShapeForPath } from '@momentum/contracts';
import {
  closingGuardPlugin,
  createServer,
  errorHandlerPlugin,
  logCompletion,
  metricsPlugin,
  requestIdPlugin,
  securityHeadersPlugin,
} from '@momentum/http';
import { loggerOptions } from '@momentum/telemetry';
import { accountRateMax, upstreamUrls, type GatewayConfig } from './config.js';
import { authenticationPlugin } from './auth/authenticate.js';
import { bodyDigestPlugin } from './auth/body-digest.js';
import type { KeyCache } from './auth/key-cache.js';
import type { KeyResolver } from './auth/key-resolver.js';
import { keyCacheInvalidationPlugin } from './auth/local-invalidation.js';
import { keyExpiryPlugin } from './auth/key-expiry.js';
import { scopeCheckPlugin } from './auth/scope-check.js';
import { unknownKeyInvalidationPlugin } from './auth/unknown-key-invalidation.js';
import type { UnknownKeyIds } from './auth/unknown-keys.js';
import { corsPlugin } from './cors/plugin.js';
import { mcpOriginPlugin } from './mcp/origin.js';
import { declaredBodyLimitPlugin } from './limits/body-limit.js';
import { rateLimitPlugin } from './limits/rate-limit.js';
import { idempotencyPlugin } from './idempotency/plugin.js';
import type { IdempotencyBackend } from './idempotency/store.js';
import type { SharedLimit } from './limits/rate-limit.js';
import type { IdOwnerCache } from './routing/id-owner.js';
import { forwarding } from './routing/forward.js';
import { registerKeyChangingRoutes } from './routing/key-routes.js';
import { registerPathFamilies } from './routing/proxies.js';
import { routeTablePlugin } from './routing/route-table-plugin.js';
import { Upstreams } from './routing/upstreams.js';
import { registerTaskRoutes } from './routing/task-routes.js';
import { registerHealth } from './health.js';
import { registerAvatarRoute } from './avatars/route.js';
import { registerDocs } from './docs/openapi.js';
import { registerLiveRoute } from './live/route.js';
import type { LiveService } from './live/service.js';
import type { AccessTokenResolver } from './oauth/access-tokens.js';
import type { ClientDirectory } from './oauth/clients.js';
import type { GrantStore } from './oauth/grant-store.js';
import { registerOAuth } from './oauth/plugin.js';
import { agentsOfKey } from './oauth/agents-of-key.js';
import { gatewayResources } from './oauth/issuer.js';

export interface GatewayDeps {
  config: GatewayConfig;
  resolver: KeyResolver;
  keyCache: KeyCache;
  /** Key ids known not to exist, forgotten when this gateway carries a key creation. */
  unknownKeys?: UnknownKeyIds;
  owners: IdOwnerCache;
  /** Extra routes mounted after authentication (the in-app MCP endpoint). */
  extensions?: Array<(app: FastifyInstance) => Promise<void> | void>;
  /** Where logs go (stdout when absent); tests capture them to check nothing secret is written. */
  logStream?: { write(line: string): void };
  /** Where idempotent replies are kept (this process's memory when absent). */
  idempotency?: IdempotencyBackend;
  /** Rate-limit windows shared by every gateway (counted in this process when absent). */
  rateLimit?: SharedLimit;
  /** The per-account windows shared by every gateway (counted in this process when absent). */
  accountRateLimit?: SharedLimit;
  /** The live stream (`GET /api/events`), once NATS is reached; 503 before. */
  live?: () => LiveService | undefined;
  /** The gateway's own readiness beyond the services (its NATS connection), for `/ready`. */
  ready?: () => boolean;
  /** The OAuth authorization server (oauth/); absent: keys only. */
  oauth?: { store: GrantStore; clients: ClientDirectory; tokens: AccessTokenResolver };
}

/**
 * The gateway app: authenticates, signs the actor, and forwards each path family to
 * its service, as the route table says (routing/route-table.ts). Built here, listened to in main.ts, so tests `inject` without a port.
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
    trustProxy: config.TRUST_PROXY,
  });

  await app.register(errorHandlerPlugin, { shapeFor: errorShapeForPath });
  await app.register(requestIdPlugin);
  // Recorded here, served on METRICS_PORT (main.ts): never through the API's port.
  await app.register(metricsPlugin, { service: 'gateway', expose: false });
  app.addHook('onResponse', logCompletion);
  await app.register(closingGuardPlugin);
  await app.register(securityHeadersPlugin);
  // Before any route: each is bound to its row of the route table (routing/route-table.ts).
  await app.register(routeTablePlugin);
  await app.register(declaredBodyLimitPlugin);
  // Before authentication: a preflight never carries the key.
  await app.register(corsPlugin, { origins: config.CORS_ORIGINS });
  await app.register(mcpOriginPlugin, { config });
  await app.register(rateLimitPlugin, {
    max: config.RATE_LIMIT_MAX,
    windowMs: config.RATE_LIMIT_WINDOW_MS,
    ...(deps.rateLimit ? { shared: deps.rateLimit } : {}),
    accountMax: accountRateMax(config),
    ...(deps.accountRateLimit ? { sharedAccount: deps.accountRateLimit } : {}),
  });
  await app.register(bodyDigestPlugin);
  await app.register(authenticationPlugin, {
    resolver: deps.resolver,
    internalSecret: config.INTERNAL_SECRET,
    signing: config,
    ...(deps.oauth ? { oauth: { tokens: deps.oauth.tokens, issuer: config.OAUTH_ISSUER } } : {}),
  });
  // A key's grant: refused once expired (onRequest), 403 outside its scopes (a preHandler
  // that runs before the idempotency plugin's).
  await app.register(keyExpiryPlugin);
  await app.register(scopeCheckPlugin);
  await app.register(idempotencyPlugin, { store: deps.idempotency });
  await app.register(keyCacheInvalidationPlugin, { cache: deps.keyCache });
  if (deps.unknownKeys)
    await app.register(unknownKeyInvalidationPlugin, { unknown: deps.unknownKeys });

  // Each service's replicas (its URL may list several), sent to in turn.
  const upstreams = new Upstreams(
    urls,
    config.UPSTREAM_CONNECTIONS,
    config.UPSTREAM_TRY_TIMEOUT_MS,
  );
  app.addHook('onClose', () => upstreams.close());
  await registerPathFamilies(app, upstreams);
  await app.register(async (scope) => {
    const forward = await forwarding(scope, upstreams);
    registerTaskRoutes(scope, forward, deps.owners);
    registerKeyChangingRoutes(scope, forward);
  });
  if (deps.live) registerLiveRoute(app, deps.live);
  registerHealth(app, urls, deps.ready);
  registerAvatarRoute(app);
  registerDocs(app, urls, upstreams.sets);
  if (deps.oauth) {
    await registerOAuth(app, {
      config,
      store: deps.oauth.store,
      clients: deps.oauth.clients,
      keys: deps.resolver,
      agentsOf: (key) => agentsOfKey(app, key),
      resources: (issuer) => [...gatewayResources(issuer), ...config.OAUTH_RESOURCES],
    });
  }
  for (const extend of deps.extensions ?? []) await extend(app);
  return app;
}
