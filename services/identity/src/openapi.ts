import { documentOfRoutes, noDependencies, type OpenApiDocument } from '@momentum/http';
import { registerMeRoutes } from './routes/me.js';
import { registerUserRoutes } from './routes/users.js';
import { registerTeamRoutes } from './routes/teams.js';
import { registerAuthorizationRoutes } from './routes/authorizations.js';
import { registerInvitationRoutes } from './routes/invitations.js';
import { registerAuditRoutes } from './routes/audit.js';
import { registerPrivacyRoutes } from './routes/privacy.js';

/**
 * The identity service's public OpenAPI document from its route definitions alone: the routes
 * buildIdentityApp declares (its internal ones are undocumented), with no engine, bus or
 * dependencies behind them. scripts/openapi merges it with the other services'.
 */
export function identityDocument(): Promise<OpenApiDocument> {
  const none = noDependencies<never>('identity');
  return documentOfRoutes((app) => {
    registerMeRoutes(app, none);
    registerUserRoutes(app, none);
    registerTeamRoutes(app, none);
    registerAuthorizationRoutes(app, none);
    registerInvitationRoutes(app, none);
    registerAuditRoutes(app, none);
    registerPrivacyRoutes(app, none);
  });
}
