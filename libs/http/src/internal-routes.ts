import type { Readable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { KeyRecord } from '@momentum/contracts';
import { defineRoute } from './route.js';

// The internal routes several services serve alike, and their paths: each service passes
// what answers them.

/** Where the gateway asks identity (user keys) and agents (agent keys) for a key's record. */
export const keyRecordPath = (keyId: string) => `/internal/keys/${encodeURIComponent(keyId)}`;
/** Where the gateway says a key's secret verified (lastUsedAt). */
export const keyUsedPath = (keyId: string) => `${keyRecordPath(keyId)}/used`;

const KeyParams = z.object({ keyId: z.string().max(64) });

/**
 * `GET /internal/keys/:keyId`, the record the gateway verifies a key by (system actor only),
 * as identity and agents both serve it: `find` looks the key up, throwing not found for a
 * key that is refused. It marks nothing: a record is asked before the secret is checked, and
 * a forgery must not make a key look used.
 */
export function defineKeyRecordRoute(
  app: FastifyInstance,
  summary: string,
  find: (keyId: string) => Promise<KeyRecord>,
): void {
  defineRoute(
    app,
    {
      method: 'GET',
      url: '/internal/keys/:keyId',
      summary,
      internal: true,
      callers: ['gateway'],
      params: KeyParams,
    },
    async ({ params }) => ({ data: await find(params.keyId) }),
  );
}

/**
 * `POST /internal/keys/:keyId/used`: the gateway verified the key's secret; `touch` marks its
 * use (lastUsedAt, at most once a minute). A failed mark is logged, never an error.
 */
export function defineKeyUsedRoute(
  app: FastifyInstance,
  touch: (keyId: string) => Promise<void>,
): void {
  defineRoute(
    app,
    {
      method: 'POST',
      url: '/internal/keys/:keyId/used',
      summary: 'A key’s secret verified: mark its use',
      internal: true,
      callers: ['gateway'],
      params: KeyParams,
      response: { status: 204 },
    },
    async ({ params, request }) => {
      await touch(params.keyId).catch((err: unknown) =>
        request.log.warn({ err }, 'lastUsedAt not updated'),
      );
    },
  );
}

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
