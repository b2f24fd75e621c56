import type { FastifyInstance } from 'fastify';
import { MeView, dataOf } from '@momentum/contracts';
import { defineRoute } from '@momentum/http';
import type { IdentityDeps } from '../deps.js';
import { whoAmI } from '../usecases/me.js';

export function registerMeRoutes(app: FastifyInstance, deps: IdentityDeps) {
  defineRoute(
    app,
    {
      method: 'GET',
      url: '/api/me',
      summary: 'Who the caller acts as',
      description:
        'Users add `email`, `level` and `xp`; agents add `ownerId` and `teamId` (their own team). `scopes` and `expiresAt` are the calling key’s. Every valid key may call this, whatever its scopes: it is how a client learns what the key may do.',
      operationId: 'getMe',
      tags: ['identity'],
      response: { status: 200, schema: dataOf(MeView) },
      errors: [404],
    },
    async ({ actor }) => ({ data: await whoAmI(deps, actor) }),
  );
}
