import type { FastifyInstance } from 'fastify';
import { authorizationServerMetadata, issuerOf, protectedResourceMetadata } from './issuer.js';
import type { OAuthDeps } from './deps.js';

/**
 * Discovery: the authorization server's metadata (RFC 8414) and the protected-resource
 * metadata (RFC 9728) of the API (`/.well-known/oauth-protected-resource`) and of `/mcp`
 * (`…/mcp`). Public, and readable from any origin (a browser-based client discovers too).
 */
export function registerMetadata(scope: FastifyInstance, deps: OAuthDeps): void {
  const issuer = (request: Parameters<typeof issuerOf>[1]) =>
    issuerOf(deps.config.OAUTH_ISSUER, request);
  scope.get('/.well-known/oauth-authorization-server', async (request, reply) =>
    reply
      .header('access-control-allow-origin', '*')
      .send(authorizationServerMetadata(issuer(request))),
  );
  scope.get('/.well-known/oauth-protected-resource', async (request, reply) => {
    const iss = issuer(request);
    return reply
      .header('access-control-allow-origin', '*')
      .send(protectedResourceMetadata(iss, iss));
  });
  scope.get('/.well-known/oauth-protected-resource/mcp', async (request, reply) => {
    const iss = issuer(request);
    return reply
      .header('access-control-allow-origin', '*')
      .send(protectedResourceMetadata(iss, `${iss}/mcp`));
  });
}
