import { documentOfRoutes, noDependencies, type OpenApiDocument } from '@momentum/http';
import { registerSearchRoutes } from './routes/search.js';
import { registerIssueRoutes } from './routes/issues.js';
import { registerCommentRoutes } from './routes/comments.js';
import { registerBlockerRoutes } from './routes/blockers.js';

/**
 * The issues service's public OpenAPI document from its route definitions alone: the routes
 * buildIssuesApp declares (its internal ones are undocumented), with no engine, bus or
 * dependencies behind them. scripts/openapi merges it with the other services'.
 */
export function issuesDocument(): Promise<OpenApiDocument> {
  const none = noDependencies<never>('issues');
  return documentOfRoutes((app) => {
    registerSearchRoutes(app, none);
    registerIssueRoutes(app, none);
    registerCommentRoutes(app, none);
    registerBlockerRoutes(app, none);
  });
}
