import { createHash } from 'node:crypto';
import { PassThrough, type Readable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { AppError } from '@momentum/contracts';
import { BODY_LIMIT } from '@momentum/service-kit';
import { IdempotencyStore } from './store.js';

declare module 'fastify' {
  interface FastifyRequest {
    idempotency: { key: string; fingerprint: string; owner: boolean } | null;
  }
}

export const IDEMPOTENCY_HEADER = 'idempotency-key';
const REPLAY_HEADER = 'idempotent-replayed';
const KEY_PATTERN = /^[\x21-\x7e]{1,255}$/;

/**
 * `Idempotency-Key` on an authenticated POST under /api: the first response (status and
 * body) to a key is replayed to the same caller's retries with the same method, path and
 * body for 24 h; the key reused with another request is 422; a retry while the first is
 * still running is 409. 5xx answers are not remembered, so a retry after a failure runs.
 * The body is read once here (bytes, not parsed JSON) and handed on unchanged.
 */
export function installIdempotency(app: FastifyInstance, store = new IdempotencyStore()): void {
  app.decorateRequest('idempotency', null);

  app.addHook('preParsing', async (request, _reply, payload) => {
    const given = request.headers[IDEMPOTENCY_HEADER];
    if (given === undefined || request.method !== 'POST' || !request.actor || !request.url.startsWith('/api/')) return payload;
    if (typeof given !== 'string' || !KEY_PATTERN.test(given)) {
      throw new AppError('BAD_REQUEST', 'Idempotency-Key must be 1 to 255 visible ASCII characters');
    }
    const body = await collect(payload, BODY_LIMIT);
    const fingerprint = createHash('sha256').update(`${request.method} ${request.url}\n`).update(body).digest('base64url');
    const caller = `${request.actor.type}:${request.actor.id}`;
    request.idempotency = { key: `${caller}\n${given}`, fingerprint, owner: false };
    const copy = new PassThrough();
    copy.end(body);
    return Object.assign(copy, { receivedEncodedLength: body.length });
  });

  app.addHook('preHandler', async (request, reply) => {
    const idem = request.idempotency;
    if (!idem) return;
    const found = store.begin(idem.key, idem.fingerprint);
    if (found.kind === 'new') {
      idem.owner = true;
      return;
    }
    if (found.kind === 'mismatch') {
      throw new AppError('VALIDATION_ERROR', 'This Idempotency-Key was already used with a different request', {
        field: 'Idempotency-Key',
        rule: 'reused_with_different_request',
      });
    }
    if (found.kind === 'in_progress') {
      throw new AppError('CONFLICT', 'A request with this Idempotency-Key is still in progress; retry shortly', undefined, {
        'retry-after': '1',
      });
    }
    const { status, contentType, body } = found.response;
    if (contentType) reply.header('content-type', contentType);
    return reply.status(status).header(REPLAY_HEADER, 'true').send(body);
  });

  app.addHook('onSend', async (request, reply, payload) => {
    const idem = request.idempotency;
    if (!idem?.owner) return payload;
    idem.owner = false;
    if (reply.statusCode >= 500) {
      store.abandon(idem.key, idem.fingerprint);
      return payload;
    }
    const body = await toBuffer(payload);
    const contentType = reply.getHeader('content-type');
    store.complete(idem.key, idem.fingerprint, {
      status: reply.statusCode,
      contentType: typeof contentType === 'string' ? contentType : undefined,
      body,
    });
    return body;
  });

  // A request that ended without a response (client gone, hijacked) frees its key.
  const release = async (request: { idempotency: { key: string; fingerprint: string; owner: boolean } | null }) => {
    const idem = request.idempotency;
    if (idem?.owner) store.abandon(idem.key, idem.fingerprint);
  };
  app.addHook('onResponse', release);
  app.addHook('onRequestAbort', release);
}

async function toBuffer(payload: unknown): Promise<Buffer> {
  if (payload === null || payload === undefined) return Buffer.alloc(0);
  if (Buffer.isBuffer(payload)) return payload;
  if (typeof payload === 'string') return Buffer.from(payload);
  return collect(payload as Readable);
}

/** A stream's bytes; the limit guards request bodies sent without a Content-Length. */
async function collect(stream: Readable, limit = Infinity): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of stream) {
    const buf = typeof chunk === 'string' ? Buffer.from(chunk) : (chunk as Buffer);
    size += buf.length;
    if (size > limit) throw new AppError('PAYLOAD_TOO_LARGE', `Request body is larger than ${limit} bytes`);
    chunks.push(buf);
  }
  return Buffer.concat(chunks);
}
