import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { defineKeyRecordRoute, defineKeyUsedRoute, defineRoute } from '@momentum/http';
import type { IdentityDeps } from '../deps.js';
import { keyRecord, markKeyUsed, userSummaries, userWithTeams } from '../usecases/lookups.js';
import { teamMembers } from '../usecases/teams.js';

/** Lookups for the gateway and other services (system actor only). */
export function registerInternalRoutes(app: FastifyInstance, deps: IdentityDeps) {
  defineKeyRecordRoute(app, 'Key record for verification', (keyId) => keyRecord(deps, keyId));
  defineKeyUsedRoute(app, (keyId) => markKeyUsed(deps, keyId));

  defineRoute(
    app,
    {
      method: 'GET',
      url: '/internal/users/:id',
      summary: 'A user with their teams',
      internal: true,
      callers: ['agents', 'webhooks'],
      params: z.object({ id: z.string().max(64) }),
      query: z.object({ withKeys: z.enum(['true', 'false']).optional() }),
    },
    async ({ params, query }) => ({
      data: await userWithTeams(deps, params.id, query.withKeys === 'true'),
    }),
  );

  defineRoute(
    app,
    {
      method: 'POST',
      url: '/internal/users/lookup',
      summary: 'Names and avatars for user ids',
      internal: true,
      callers: ['issues', 'notifications'],
      body: z.object({ ids: z.array(z.string().max(64)).max(1000) }),
    },
    async ({ body }) => ({ data: await userSummaries(deps, body.ids) }),
  );

  defineRoute(
    app,
    {
      method: 'GET',
      url: '/internal/teams/:id/members',
      summary: 'Members of a team',
      internal: true,
      callers: ['projects', 'issues', 'notifications'],
      params: z.object({ id: z.string().max(64) }),
    },
    async ({ params }) => {
      return { data: await teamMembers(deps, params.id) };
    },
  );
}
