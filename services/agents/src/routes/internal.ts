import type { FastifyInstance } from 'fastify';
import { AgentLookupBody } from '@momentum/contracts';
import { defineKeyRecordRoute, defineKeyUsedRoute, defineRoute } from '@momentum/http';
import type { AgentsDeps } from '../deps.js';
import { z } from 'zod';
import { grantActor, keyRecord, lookupAgents, markKeyUsed } from '../usecases/key-records.js';
import { agentSummary } from './replies.js';

/** Lookups for the gateway and other services (system actor only). */
export function registerInternalRoutes(app: FastifyInstance, deps: AgentsDeps) {
  defineKeyRecordRoute(app, 'Agent key record for verification', (keyId) => keyRecord(deps, keyId));
  defineKeyUsedRoute(app, (keyId) => markKeyUsed(deps, keyId));

  defineRoute(
    app,
    {
      method: 'POST',
      url: '/internal/agents/lookup',
      summary: 'Agent summaries by ids, team or owners',
      internal: true,
      callers: ['identity', 'issues', 'notifications'],
      body: AgentLookupBody,
    },
    async ({ body }) => ({ data: (await lookupAgents(deps, body)).map(agentSummary) }),
  );

  defineRoute(
    app,
    {
      method: 'GET',
      url: '/internal/agents/:id/actor',
      summary: 'Whom an OAuth grant acting as the agent acts as',
      internal: true,
      callers: ['gateway'],
      params: z.object({ id: z.string().max(64) }),
      query: z.object({ ownerId: z.string().max(64) }),
    },
    async ({ params, query }) => ({ data: await grantActor(deps, params.id, query.ownerId) }),
  );
}
