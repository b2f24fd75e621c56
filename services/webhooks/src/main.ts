import { exitOnStartupError, loadConfig, serve } from '@momentum/service-kit';
import { WebhooksConfigSchema } from './config.js';
import { connectWebhooks } from './context.js';
import { buildWebhooksApp } from './app.js';

const config = loadConfig(WebhooksConfigSchema);
const ctx = await connectWebhooks(config).catch(exitOnStartupError('webhooks'));
const app = await buildWebhooksApp(ctx).catch(exitOnStartupError('webhooks'));
await serve(app, { port: config.PORT, host: config.HOST, closers: [() => ctx.close()] }).catch(
  exitOnStartupError('webhooks'),
);
