import type { FastifyInstance } from 'fastify';
import { MeView, dataOf, effectiveScopes, notFound, type Actor } from '@momentum/contracts';
import { defineRoute, type InternalClient } from '@momentum/http';
import type { IdentityDeps } from '../usecases/deps.js';

export function registerMeRoutes(
  app: FastifyInstance,
  deps: IdentityDeps,
  habits: InternalClient | null,
) {
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
    async ({ actor }) => {
      if (actor.type === 'agent') {
        return {
          data: {
            type: 'agent',
            id: actor.id,
            name: actor.name,
            ownerId: actor.userId,
            teamId: actor.agentTeamId ?? null,
            teamIds: actor.teamIds,
            isAdmin: false,
            ...keyGrant(actor),
          },
        };
      }
      const user = await deps.users.find(actor.id);
      if (!user) throw notFound('User');
      const teamIds = await deps.teams.teamIdsOf(user._id);
      const progress = habits
        ? await habits
            .get<{ xp: number; level: number }>(`/internal/progress/${user._id}`)
            .catch(() => null)
        : null;
      return {
        data: {
          type: 'user',
          id: user._id,
          name: user.name,
          ...(user.email ? { email: user.email } : {}),
          teamIds,
          isAdmin: user.isAdmin,
          ...(progress ? { level: progress.level, xp: progress.xp } : {}),
          ...keyGrant(actor),
        },
      };
    },
  );
}

/** The calling key's grant, as the gateway put it on the actor. */
const keyGrant = (actor: Actor) => ({
  scopes: effectiveScopes(actor.scopes),
  expiresAt: actor.keyExpiresAt ?? null,
});
