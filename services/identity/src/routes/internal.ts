import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { notFound, type KeyRecord } from '@momentum/contracts';
import { LAST_USED_RESOLUTION_MS, defineRoute, needsLastUsedTouch } from '@momentum/http';
import type { IdentityDeps } from '../usecases/deps.js';
import { teamMembers } from '../usecases/teams.js';

/** Lookups for the gateway and other services (system actor only). */
export function registerInternalRoutes(app: FastifyInstance, deps: IdentityDeps) {
  defineRoute(
    app,
    {
      method: 'GET',
      url: '/internal/keys/:keyId',
      summary: 'Key record for verification',
      internal: true,
      params: z.object({ keyId: z.string().max(64) }),
    },
    async ({ params, request }): Promise<{ data: KeyRecord }> => {
      const key = await deps.keys.findByKeyId(params.keyId);
      if (!key || key.revokedAt) throw notFound('Key');
      const user = await deps.users.find(key.userId);
      if (!user) throw notFound('Key');
      const teamIds = await deps.teams.teamIdsOf(user._id);
      // Gateways ask on a cache miss, so this marks use at the cache's resolution; the write
      // does not hold up the answer, and a failed one never refuses a good key.
      const now = new Date();
      if (needsLastUsedTouch(key.lastUsedAt, now))
        void deps.keys
          .touchLastUsed(key.keyId, now, new Date(now.getTime() - LAST_USED_RESOLUTION_MS))
          .catch((err: unknown) => request.log.warn({ err }, 'lastUsedAt not updated'));
      return {
        data: {
          keyId: key.keyId,
          hash: key.hash,
          actor: {
            type: 'user',
            id: user._id,
            userId: user._id,
            name: user.name,
            teamIds,
            isAdmin: user.isAdmin,
            // The gateway enforces both: an expired key is refused, a call outside its scopes is 403.
            scopes: key.scopes ?? null,
            keyExpiresAt: key.expiresAt ? key.expiresAt.toISOString() : null,
          },
        },
      };
    },
  );

  defineRoute(
    app,
    {
      method: 'GET',
      url: '/internal/users/:id',
      summary: 'A user with their teams',
      internal: true,
      params: z.object({ id: z.string().max(64) }),
    },
    async ({ params }) => {
      const user = await deps.users.find(params.id);
      if (!user) throw notFound('User');
      return {
        data: {
          id: user._id,
          name: user.name,
          isAdmin: user.isAdmin,
          teamIds: await deps.teams.teamIdsOf(user._id),
        },
      };
    },
  );

  defineRoute(
    app,
    {
      method: 'POST',
      url: '/internal/users/lookup',
      summary: 'Names and avatars for user ids',
      internal: true,
      body: z.object({ ids: z.array(z.string().max(64)).max(1000) }),
    },
    async ({ body }) => ({ data: await deps.users.summaries(body.ids) }),
  );

  defineRoute(
    app,
    {
      method: 'GET',
      url: '/internal/teams/:id/members',
      summary: 'Members of a team',
      internal: true,
      params: z.object({ id: z.string().max(64) }),
    },
    async ({ params }) => {
      return { data: await teamMembers(deps, params.id) };
    },
  );
}
