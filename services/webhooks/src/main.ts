import { runService } from '@momentum/runtime';
import { WebhooksConfigSchema } from './config.js';
import { buildWebhooksApp } from './app.js';

await runService('webhooks', WebhooksConfigSchema, buildWebhooksApp);
