import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { KeyRecord } from '@momentum/contracts';
import { defineRoute } from './route.js';

/** Where the gateway asks identity (user keys) and agents (agent keys) for a key's record. */
export const keyRecordPath = (keyId: string) => `/internal/keys/${encodeURIComponent(keyId)}`;

/**
 * `GET /internal/keys/:keyId`, the record the gateway verifies a key by (system actor only),
 * as identity and agents both serve it: `find` looks the key up, throwing not found for a
 * key that is refused, and marks its use; a mark that fails is logged here, never refusing
 * a good key.
 */
export function defineKeyRecordRoute(
  app: FastifyInstance,
  summary: string,
  find: (keyId: string, onTouchFailed: (err: unknown) => void) => Promise<KeyRecord>,
): void {
  defineRoute(
    app,
    {
      method: 'GET',
      url: '/internal/keys/:keyId',
      summary,
      internal: true,
      callers: ['gateway'],
      params: z.object({ keyId: z.string().max(64) }),
    },
    async ({ params, request }) => ({
      data: await find(params.keyId, (err) => request.log.warn({ err }, 'lastUsedAt not updated')),
    }),
  );
}
