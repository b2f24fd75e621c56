import { documentOfRoutes, noDependencies, type OpenApiDocument } from '@momentum/http';
import { registerInboxRoutes } from './routes/inbox.js';

/**
 * The notifications service's public OpenAPI document from its route definitions alone,
 * with no engine, bus or dependencies behind them. scripts/openapi merges it with the
 * other services'.
 */
export function notificationsDocument(): Promise<OpenApiDocument> {
  const none = noDependencies<never>('notifications');
  return documentOfRoutes((app) => registerInboxRoutes(app, none));
}
