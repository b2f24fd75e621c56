import { documentOfRoutes, noDependencies, type OpenApiDocument } from '@momentum/http';
import { registerEventTypeRoutes } from './routes/event-types.js';
import { registerSubscriptionRoutes } from './routes/subscriptions.js';
import { registerDeliveryRoutes } from './routes/deliveries.js';
import { WEBHOOKS_SECTION } from './routes/openapi-webhooks.js';

/**
 * The webhooks service's public OpenAPI document from its route definitions alone: the routes
 * buildWebhooksApp declares (its internal ones are undocumented), with no engine, bus or
 * dependencies behind them. scripts/openapi merges it with the other services'.
 */
export async function webhooksDocument(): Promise<OpenApiDocument> {
  const none = noDependencies<never>('webhooks');
  const doc = await documentOfRoutes((app) => {
    registerEventTypeRoutes(app);
    registerSubscriptionRoutes(app, none);
    registerDeliveryRoutes(app, none);
  });
  // What documentDeliveredEvents adds to the served document: the POSTs a receiver gets.
  return { ...doc, webhooks: WEBHOOKS_SECTION };
}
