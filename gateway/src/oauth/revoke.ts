import type { FastifyInstance } from 'fastify';
import { one, type Form } from './form-body.js';
import { OAuthError, sendOAuthError } from './oauth-errors.js';
import { parseToken } from './tokens.js';
import type { OAuthDeps } from './deps.js';

/**
 * `POST /oauth/revoke` (RFC 7009): either token of a grant ends the whole grant, on every
 * gateway at once. An unknown or malformed token is answered 200 as well (§2.2).
 */
export function registerRevocation(scope: FastifyInstance, deps: OAuthDeps): void {
  scope.post('/oauth/revoke', async (request, reply) => {
    const token = one(request.body as Form | undefined, 'token');
    if (!token)
      return sendOAuthError(reply, new OAuthError('invalid_request', 'token is required'));
    const parsed = parseToken('access', token) ?? parseToken('refresh', token);
    if (parsed) await deps.store.revoke(parsed.id, parsed.hash);
    return reply.status(200).send({});
  });
}
