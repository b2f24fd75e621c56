import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { AuthorizationView, dataOf } from '@momentum/contracts';
import { defineRoute } from '@momentum/http';
import type { IdentityDeps } from '../deps.js';
import { listAuthorizations, revokeAuthorization } from '../usecases/authorizations.js';

/** The OAuth clients a person connected, and ending one (docs/SECURITY.md, "OAuth"). */
export function registerAuthorizationRoutes(app: FastifyInstance, deps: IdentityDeps) {
  defineRoute(
    app,
    {
      method: 'GET',
      url: '/api/users/me/authorizations',
      summary: 'List the clients the caller connected by OAuth',
      description:
        'Each grant: the client (name, URI), its scopes, whom its tokens act as (the user or one of their agents), when it was made and last used (at most once a minute).',
      operationId: 'listMyAuthorizations',
      tags: ['identity'],
      response: { status: 200, schema: dataOf(z.array(AuthorizationView)) },
      errors: [403],
    },
    async ({ actor }) => ({ data: await listAuthorizations(deps, actor) }),
  );
  defineRoute(
    app,
    {
      method: 'DELETE',
      url: '/api/users/me/authorizations/:id',
      summary: 'End a grant: its access and refresh tokens stop working at once',
      operationId: 'revokeMyAuthorization',
      tags: ['identity'],
      params: z.object({ id: z.string().max(64) }),
      response: { status: 204, description: 'Ended; every gateway refuses its tokens at once' },
      errors: [403, 404],
    },
    async ({ actor, params }) => revokeAuthorization(deps, actor, params.id),
  );
}
