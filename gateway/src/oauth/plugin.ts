import type { FastifyInstance } from 'fastify';
import { jsonBodyPlugin } from '@momentum/http';
import type { OAuthDeps } from './deps.js';
import { registerAuthorize } from './authorize.js';
import { formBody } from './form-body.js';
import { registerMetadata } from './metadata-routes.js';
import { registerClientRegistration } from './register.js';
import { registerRevocation } from './revoke.js';
import { registerTokenEndpoint } from './token-endpoint.js';

/**
 * Momentum as an OAuth 2.1 authorization server for its API and both MCP endpoints
 * (docs/SECURITY.md, "OAuth"): public routes of the gateway, with grants kept by identity.
 */
export async function registerOAuth(app: FastifyInstance, deps: OAuthDeps): Promise<void> {
  await app.register(async (scope) => registerMetadata(scope, deps));
  await app.register(async (scope) => {
    formBody(scope);
    registerAuthorize(scope, deps);
    registerTokenEndpoint(scope, deps);
    registerRevocation(scope, deps);
  });
  await app.register(async (scope) => {
    await scope.register(jsonBodyPlugin);
    registerClientRegistration(scope, deps);
  });
}
