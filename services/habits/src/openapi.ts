import { documentOfRoutes, noDependencies, type OpenApiDocument } from '@momentum/http';
import { registerTaskRoutes } from './routes/tasks.js';
import { registerProfileRoutes } from './routes/profile.js';

/**
 * The habits service's public OpenAPI document from its route definitions alone: the routes
 * buildHabitsApp declares (its internal ones are undocumented), with no engine, bus or
 * dependencies behind them. scripts/openapi merges it with the other services'.
 */
export function habitsDocument(): Promise<OpenApiDocument> {
  const none = noDependencies<never>('habits');
  return documentOfRoutes((app) => {
    registerTaskRoutes(app, none);
    registerProfileRoutes(app, none);
  });
}
