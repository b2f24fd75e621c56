import { startTracing } from '@momentum/telemetry';
import { exitOnStartupError, serve } from '@momentum/http';
import { loadConfig } from '@momentum/config';
import { WebhooksConfigSchema } from './config.js';
import { connectWebhooks } from './context.js';
import { buildWebhooksApp } from './app.js';

try {
  startTracing('webhooks');
} catch (err) {
  exitOnStartupError('webhooks')(err);
}
const config = loadConfig(WebhooksConfigSchema);
const ctx = await connectWebhooks(config).catch(exitOnStartupError('webhooks'));
const app = await buildWebhooksApp(ctx).catch(exitOnStartupError('webhooks'));
await serve(app, { port: config.PORT, host: config.HOST, closers: [() => ctx.close()] }).catch(
  exitOnStartupError('webhooks'),
);
