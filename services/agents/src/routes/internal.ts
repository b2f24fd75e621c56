import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { AgentLookupBody } from '@momentum/contracts';
import { defineRoute } from '@momentum/http';
import type { AgentStore } from '../store/agent-store.js';
import type { OwnerDirectory } from '../deps/owner-directory.js';
import { keyRecord } from '../usecases/key-records.js';
import { agentSummary } from './views.js';

/** Lookups for the gateway and other services (system actor only). */
export function registerInternalRoutes(
  app: FastifyInstance,
  store: AgentStore,
  owners: OwnerDirectory,
) {
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
      data: await keyRecord(
        {
          store,
          owners,
          onTouchError: (err) => request.log.warn({ err }, 'lastUsedAt not updated'),
        },
        params.keyId,
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
    async ({ body }) => ({ data: (await store.lookup(body)).map(agentSummary) }),
  );
}
