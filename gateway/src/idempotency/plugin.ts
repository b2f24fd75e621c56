import { createHash } from 'node:crypto';
import { PassThrough, type Readable } from 'node:stream';
import fp from 'fastify-plugin';
import type { FastifyRequest } from 'fastify';
import { AppError } from '@momentum/contracts';
import { BODY_LIMIT, containsApiKey } from '@momentum/service-kit';
import { IdempotencyStore } from './store.js';

declare module 'fastify' {
  interface FastifyRequest {
    idempotency: { key: string; fingerprint: string; owner: boolean } | null;
  }
  interface FastifyContextConfig {
    /** A POST here honours Idempotency-Key: the REST API's routes say so, /mcp does not. */
    idempotency?: boolean;
  }
}

export const IDEMPOTENCY_HEADER = 'idempotency-key';
const REPLAY_HEADER = 'idempotent-replayed';
const KEY_PATTERN = /^[\x21-\x7e]{1,255}$/;

export interface IdempotencyOptions {
  /** Where first responses are kept; this process's memory by default. */
  store?: IdempotencyStore;
}

/**
 * `Idempotency-Key` on an authenticated POST to a route that says `config.idempotency`: the
 * first response (status and body) to a key is replayed to the same caller's retries with the
 * same method, path and body for 24 h; the key reused with another request is 422; a retry
 * while the first is still running is 409. 5xx answers are not remembered, so a retry after a
 * failure runs. A response that held a raw API key is not kept: its retry is 409 and mints
 * nothing. The body is read once here (bytes, not parsed JSON) and handed on unchanged.
 */
export const idempotencyPlugin = fp<IdempotencyOptions>(
  async (app, { store = new IdempotencyStore() }) => {
    if (!(store instanceof IdempotencyStore))
      throw new Error('idempotencyPlugin: store must be an IdempotencyStore');
    app.decorateRequest('idempotency', null);

    // Callback-style hooks: on the hot path (no header) each costs one check, no promise.
    app.addHook('preParsing', (request, _reply, payload, done) => {
      const given = request.headers[IDEMPOTENCY_HEADER];
      if (given === undefined || request.method !== 'POST' || !request.actor)
        return done(null, payload);
      if (request.routeOptions.config.idempotency !== true) return done(null, payload);
      if (typeof given !== 'string' || !KEY_PATTERN.test(given)) {
        return done(
          new AppError('BAD_REQUEST', 'Idempotency-Key must be 1 to 255 visible ASCII characters'),
        );
      }
      const caller = `${request.actor.type}:${request.actor.id}`;
      collect(payload, BODY_LIMIT).then((body) => {
        const fingerprint = createHash('sha256')
          .update(`${request.method} ${request.url}\n`)
          .update(body)
          .digest('base64url');
        request.idempotency = { key: `${caller}\n${given}`, fingerprint, owner: false };
        const copy = new PassThrough();
        copy.end(body);
        done(null, Object.assign(copy, { receivedEncodedLength: body.length }));
      }, done);
    });

    app.addHook('preHandler', (request, reply, done) => {
      const idem = request.idempotency;
      if (!idem) return done();
      const found = store.begin(idem.key, idem.fingerprint);
      if (found.kind === 'new') {
        idem.owner = true;
        return done();
      }
      if (found.kind === 'mismatch') return done(reusedKey());
      if (found.kind === 'in_progress') return done(stillRunning());
      if (found.response.withheld) return done(shownOnce());
      const { status, contentType, body } = found.response;
      if (contentType) reply.header('content-type', contentType);
      reply.status(status).header(REPLAY_HEADER, 'true').send(body);
    });

    app.addHook('onSend', (request, reply, payload, done) => {
      const idem = request.idempotency;
      if (!idem?.owner) return done(null, payload);
      idem.owner = false;
      if (reply.statusCode >= 500) {
        store.abandon(idem.key, idem.fingerprint);
        return done(null, payload);
      }
      const contentType = reply.getHeader('content-type');
      toBuffer(payload).then((body) => {
        // A minted key is shown once (spec §8): remember that the request ran, not the key.
        const withheld = containsApiKey(body.toString('latin1'));
        store.complete(idem.key, idem.fingerprint, {
          status: reply.statusCode,
          contentType: typeof contentType === 'string' ? contentType : undefined,
          body: withheld ? Buffer.alloc(0) : body,
          withheld,
        });
        done(null, body);
      }, done);
    });

    // A request that ended without a response (client gone, hijacked) frees its key.
    const release = (request: FastifyRequest, _reply: unknown, done: () => void) => {
      const idem = request.idempotency;
      if (idem?.owner) store.abandon(idem.key, idem.fingerprint);
      done();
    };
    app.addHook('onResponse', release);
    app.addHook('onRequestAbort', (request, done) => release(request, undefined, done));
  },
  {
    name: 'momentum-idempotency',
    fastify: '5.x',
    dependencies: ['momentum-errors', 'momentum-authentication'],
  },
);

const reusedKey = () =>
  new AppError(
    'VALIDATION_ERROR',
    'This Idempotency-Key was already used with a different request',
    {
      field: 'Idempotency-Key',
      rule: 'reused_with_different_request',
    },
  );

const shownOnce = () =>
  new AppError(
    'CONFLICT',
    'The request with this Idempotency-Key already succeeded; the key it returned is shown only once',
  );

const stillRunning = () =>
  new AppError(
    'CONFLICT',
    'A request with this Idempotency-Key is still in progress; retry shortly',
    undefined,
    { 'retry-after': '1' },
  );

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
    if (size > limit)
      throw new AppError('PAYLOAD_TOO_LARGE', `Request body is larger than ${limit} bytes`);
    chunks.push(buf);
  }
  return Buffer.concat(chunks);
}
