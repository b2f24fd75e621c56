import type { Readable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { defineRoute } from './route.js';

const UserParams = z.object({ id: z.string().max(64) });

/**
 * `GET /internal/users/:id/export`, where identity's export of a person reads one service's
 * part (identity only), as every service serves it: `read` streams the part as NDJSON
 * (`{section, item}` a line), never buffered whole.
 */
export function defineExportRoute(
  app: FastifyInstance,
  summary: string,
  read: (userId: string) => Readable,
): void {
  defineRoute(
    app,
    {
      method: 'GET',
      url: '/internal/users/:id/export',
      summary,
      internal: true,
      callers: ['identity'],
      params: UserParams,
    },
    async ({ params, reply }) => {
      reply.type('application/x-ndjson');
      return read(params.id);
    },
  );
}
