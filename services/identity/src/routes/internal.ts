import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { notFound, type KeyRecord } from '@momentum/contracts';
import { defineRoute } from '@momentum/service-kit';
import type { IdentityStore } from '../store/identity-store.js';

/** Lookups for the gateway and other services (system actor only). */
export function registerInternalRoutes(app: FastifyInstance, store: IdentityStore) {
  defineRoute(
    app,
    {
      method: 'GET',
      url: '/internal/keys/:keyId',
      summary: 'Key record for verification',
      internal: true,
      params: z.object({ keyId: z.string().max(64) }),
    },
    async ({ params }): Promise<{ data: KeyRecord }> => {
      const key = await store.findKeyByKeyId(params.keyId);
      if (!key || key.revokedAt) throw notFound('Key');
      const user = await store.findUser(key.userId);
      if (!user) throw notFound('Key');
      const teamIds = await store.teamIdsOf(user._id);
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
      const user = await store.findUser(params.id);
      if (!user) throw notFound('User');
      return {
        data: {
          id: user._id,
          name: user.name,
          isAdmin: user.isAdmin,
          teamIds: await store.teamIdsOf(user._id),
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
    async ({ body }) => ({ data: await store.summaries(body.ids) }),
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
      if (!(await store.findTeam(params.id))) throw notFound('Team');
      return { data: await store.members(params.id) };
    },
  );
}
