import { startTracing } from '@momentum/telemetry';
import { EventBus, busConnected } from '@momentum/messaging';
import {
  InternalClient,
  exitOnStartupError,
  serve,
  signerToward,
  serveMetrics,
} from '@momentum/http';
import { loadConfig } from '@momentum/config';
import { accountRateMax, GatewayConfigSchema } from './config.js';
import { buildGateway } from './app.js';
import { KeyCache } from './auth/key-cache.js';
import { guardedResolver } from './auth/guarded-resolver.js';
import { HttpKeyDirectory } from './auth/http-key-directory.js';
import { IdOwnerCache } from './routing/id-owner.js';
import { subscribeInvalidation } from './events/invalidation.js';
import { keepKeysFresh } from './events/key-freshness.js';
import { mcpExtensionWith } from './mcp/extension.js';
import { SharedGatewayState } from './shared/state.js';
import { startLive, type LiveService } from './live/service.js';
import { ACCESS_TOKEN_PREFIX } from '@momentum/contracts';
import { AccessTokenResolver } from './oauth/access-tokens.js';
import { ClientDirectory } from './oauth/clients.js';
import { GrantStore } from './oauth/grant-store.js';

try {
  startTracing('gateway');
} catch (err) {
  exitOnStartupError('gateway')(err);
}
const config = loadConfig(GatewayConfigSchema);
const client = (url: string, service: string) =>
  new InternalClient(url, signerToward(config, 'gateway', service));
const keyCache = new KeyCache(config.KEY_CACHE_TTL_MS);
const {
  resolver,
  unknown: unknownKeys,
  throttle,
} = guardedResolver(
  config,
  new HttpKeyDirectory(
    client(config.IDENTITY_URL, 'identity'),
    client(config.AGENTS_URL, 'agents'),
  ),
  keyCache,
);
const owners = new IdOwnerCache(
  client(config.HABITS_URL, 'habits'),
  client(config.ISSUES_URL, 'issues'),
);
// The authorization server's grants live in identity; its tokens are cached as keys are.
const grants = new GrantStore(
  client(config.IDENTITY_URL, 'identity'),
  client(config.AGENTS_URL, 'agents'),
);
const oauth = {
  store: grants,
  clients: new ClientDirectory(grants, {
    allowPrivate: config.OAUTH_ALLOW_PRIVATE_CLIENT_METADATA,
  }),
  tokens: new AccessTokenResolver(grants, keyCache),
};
// A live stream checks its credential again on a change: a key, or a token accepted before.
const credentials = {
  resolve: async (raw: string, ip?: string) =>
    raw.startsWith(ACCESS_TOKEN_PREFIX)
      ? ((await oauth.tokens.resolve(raw, null))?.actor ?? null)
      : resolver.resolve(raw, ip),
};
// Idempotency and rate limits shared with every other gateway (NATS key-value buckets).
const shared = new SharedGatewayState({
  max: config.RATE_LIMIT_MAX,
  windowMs: config.RATE_LIMIT_WINDOW_MS,
  accountMax: accountRateMax(config),
});
shared.shareFailures(throttle);

// Set once connected; the gateway is not ready before.
const own: { bus?: EventBus; live?: LiveService } = {};
const app = await buildGateway({
  config,
  resolver,
  keyCache,
  unknownKeys,
  owners,
  extensions: [mcpExtensionWith(() => own.live)],
  idempotency: shared.idempotency,
  rateLimit: shared.rateLimit,
  accountRateLimit: shared.accountRateLimit,
  ready: () => own.bus !== undefined && busConnected(own.bus),
  live: () => own.live,
  oauth,
}).catch(exitOnStartupError('gateway'));
const bus = await EventBus.connect(config.NATS_URL, config.EVENT_PREFIX, 'gateway', app.log).catch(
  exitOnStartupError('gateway'),
);
own.bus = bus;
await shared
  .attach(bus.nc, config.EVENT_PREFIX, config.NATS_REPLICAS)
  .catch(exitOnStartupError('gateway'));
if (config.METRICS_PORT > 0) {
  await serveMetrics(config.METRICS_PORT, config.HOST, app.log).catch((err: Error) =>
    // Another gateway on this host holds the port: serve the API anyway, say so.
    app.log.warn({ err: err.message, port: config.METRICS_PORT }, 'metrics port unavailable'),
  );
}
subscribeInvalidation(bus, keyCache);
own.live = await startLive(bus, config, credentials, keyCache).catch(exitOnStartupError('gateway'));
keepKeysFresh(bus, keyCache, unknownKeys, app.log);
await serve(app, {
  port: config.PORT,
  host: config.HOST,
  closers: [async () => own.live?.hub.stop(), () => bus.drain(), () => oauth.clients.close()],
}).catch(exitOnStartupError('gateway'));
