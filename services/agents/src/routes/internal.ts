import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { AgentLookupBody } from '@momentum/contracts';
import { defineRoute } from '@momentum/http';
import type { AgentsDeps } from '../deps.js';
import { keyRecord, lookupAgents } from '../usecases/key-records.js';
import { agentSummary } from './replies.js';

/** Lookups for the gateway and other services (system actor only). */
export function registerInternalRoutes(app: FastifyInstance, deps: AgentsDeps) {
  defineRoute(
    app,
    {
      method: 'GET',
      url: '/internal/keys/:keyId',
      summary: 'Agent key record for verification',
      internal: true,
      params: z.object({ keyId: z.string().max(64) }),
    },
    async ({ params, request }) => ({
      data: await keyRecord(deps, params.keyId, (err) =>
        request.log.warn({ err }, 'lastUsedAt not updated'),
      ),
    }),
  );

  defineRoute(
    app,
    {
      method: 'POST',
      url: '/internal/agents/lookup',
      summary: 'Agent summaries by ids, team or owners',
      internal: true,
      body: AgentLookupBody,
    },
    async ({ body }) => ({ data: (await lookupAgents(deps, body)).map(agentSummary) }),
  );
}
