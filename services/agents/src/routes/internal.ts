import type { FastifyInstance } from 'fastify';
import { AgentLookupBody } from '@momentum/contracts';
import { defineKeyRecordRoute, defineKeyUsedRoute, defineRoute } from '@momentum/http';
import type { AgentsDeps } from '../deps.js';
import { keyRecord, lookupAgents, markKeyUsed } from '../usecases/key-records.js';
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
}
