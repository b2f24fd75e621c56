import { documentOfRoutes, noDependencies, type OpenApiDocument } from '@momentum/http';
import { registerProjectRoutes } from './routes/projects.js';

/**
 * The projects service's public OpenAPI document from its route definitions alone: the routes
 * buildProjectsApp declares (its internal ones are undocumented), with no engine, bus or
 * dependencies behind them. scripts/openapi merges it with the other services'.
 */
export function projectsDocument(): Promise<OpenApiDocument> {
  const none = noDependencies<never>('projects');
  return documentOfRoutes((app) => {
    registerProjectRoutes(app, none);
  });
}
