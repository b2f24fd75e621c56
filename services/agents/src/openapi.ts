import { documentOfRoutes, noDependencies, type OpenApiDocument } from '@momentum/http';
import { registerAgentRoutes } from './routes/agents.js';
import { registerKeyRoutes } from './routes/keys.js';

/**
 * The agents service's public OpenAPI document from its route definitions alone: the routes
 * buildAgentsApp declares (its internal ones are undocumented), with no engine, bus or
 * dependencies behind them. scripts/openapi merges it with the other services'.
 */
export function agentsDocument(): Promise<OpenApiDocument> {
  const none = noDependencies<never>('agents');
  return documentOfRoutes((app) => {
    registerAgentRoutes(app, none);
    registerKeyRoutes(app, none);
  });
}
