import type { FastifyInstance } from 'fastify';
import { checkClientMetadata } from './client-metadata.js';
import { OAuthError, sendOAuthError } from './oauth-errors.js';
import type { OAuthDeps } from './deps.js';

/**
 * `POST /oauth/register`: dynamic client registration (RFC 7591) for clients that have no
 * metadata document. Public clients only (no secret is issued); the consent page says such a
 * client's name is its own claim.
 */
export function registerClientRegistration(scope: FastifyInstance, deps: OAuthDeps): void {
  scope.post('/oauth/register', async (request, reply) => {
    const checked = checkClientMetadata(request.body);
    if (!checked.ok) {
      const error = /redirect/i.test(checked.error)
        ? 'invalid_redirect_uri'
        : 'invalid_client_metadata';
      return sendOAuthError(reply, new OAuthError(error, checked.error));
    }
    const client = await deps.store.registerClient(checked.value);
    if (!client) throw new Error('identity did not keep the client');
    return reply.status(201).send({
      client_id: client.id,
      client_id_issued_at: Math.floor(Date.now() / 1000),
      client_name: client.name,
      ...(client.uri ? { client_uri: client.uri } : {}),
      redirect_uris: client.redirectUris,
      grant_types: ['authorization_code', 'refresh_token'],
      response_types: ['code'],
      token_endpoint_auth_method: 'none',
    });
  });
}
