import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { defineRoute } from '@momentum/http';
import type { ProjectsDeps } from '../deps.js';
import { exportUserData } from '../usecases/personal-data.js';

/** identity's export of a person reads projects's part here (system actor only). */
export function registerPersonalDataRoutes(app: FastifyInstance, deps: ProjectsDeps) {
  defineRoute(
    app,
    {
      method: 'GET',
      url: '/internal/users/:id/export',
      summary: "A person's projects data (NDJSON, streamed)",
      internal: true,
      callers: ['identity'],
      params: z.object({ id: z.string().max(64) }),
    },
    async ({ params, reply }) => {
      reply.type('application/x-ndjson');
      return exportUserData(deps, params.id);
    },
  );
}
