import {
  EventBus,
  InternalClient,
  exitOnStartupError,
  loadConfig,
  serve,
} from '@momentum/service-kit';
import { GatewayConfigSchema } from './config.js';
import { buildGateway } from './app.js';
import { KeyCache } from './auth/key-cache.js';
import { KeyResolver } from './auth/key-resolver.js';
import { HttpKeyDirectory } from './auth/http-key-directory.js';
import { IdOwnerCache } from './routing/id-owner.js';
import { subscribeInvalidation } from './events/invalidation.js';
import { mcpExtension } from './mcp/extension.js';

const config = loadConfig(GatewayConfigSchema);
const client = (url: string) => new InternalClient(url, config.INTERNAL_SECRET);
const keyCache = new KeyCache(config.KEY_CACHE_TTL_MS);
const resolver = new KeyResolver(
  new HttpKeyDirectory(client(config.IDENTITY_URL), client(config.AGENTS_URL)),
  keyCache,
);
const owners = new IdOwnerCache(client(config.HABITS_URL), client(config.ISSUES_URL));

const app = await buildGateway({
  config,
  resolver,
  keyCache,
  owners,
  extensions: [mcpExtension],
}).catch(exitOnStartupError('gateway'));
const bus = await EventBus.connect(config.NATS_URL, config.EVENT_PREFIX, 'gateway', app.log).catch(
  exitOnStartupError('gateway'),
);
subscribeInvalidation(bus, keyCache);
await serve(app, { port: config.PORT, host: config.HOST, closers: [() => bus.drain()] }).catch(
  exitOnStartupError('gateway'),
);
