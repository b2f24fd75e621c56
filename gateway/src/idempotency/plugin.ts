import { createHash } from 'node:crypto';
import { PassThrough, type Readable } from 'node:stream';
import fp from 'fastify-plugin';
import type { FastifyRequest } from 'fastify';
import { AppError } from '@momentum/contracts';
import { BODY_LIMIT } from '@momentum/http';
import { containsApiKey } from '@momentum/keys';
import { IdempotencyStore, type Begin, type IdempotencyBackend } from './store.js';

declare module 'fastify' {
  interface FastifyRequest {
    idempotency: IdempotentRequest | null;
  }
  interface FastifyContextConfig {
    /** A POST here honours Idempotency-Key: the REST API's routes say so, /mcp does not. */
    idempotency?: boolean;
  }
}

/** A POST carrying an Idempotency-Key, as the plugin follows it. */
export interface IdempotentRequest {
  key: string;
  fingerprint: string;
  /** This request holds the key's in-progress mark. */
  owner: boolean;
  /** It was sent on to a service, which may have applied it. */
  forwarded: boolean;
  /** It was forwarded and failed with no answer (timeout, broken connection). */
  outcomeUnknown: boolean;
  /** Its client went away after it was forwarded; the service's answer settles the key. */
  clientGone: boolean;
  /** Settles the key with the service's status once it answers a client that has gone. */
  settleLost?: () => void;
}

/** The proxy is sending the request on to a service: a write may happen from now on. */
export function markForwarded(request: Pick<FastifyRequest, 'idempotency'>): void {
  if (request.idempotency) request.idempotency.forwarded = true;
}

/**
 * The forwarded request failed without an answer. Unless nothing reached the service (the
 * connection was refused), whether the write ran is unknown: the key is kept in progress.
 */
/**
 * The service answered (reply-from's `rewriteHeaders`, which runs before it drops the answer
 * to a client that has gone): a key whose client went away is settled by that answer.
 */
export function markAnswered(request: Pick<FastifyRequest, 'idempotency'> | undefined): void {
  const idem = request?.idempotency;
  // The status is set on the reply just after the headers: read it once this turn is over.
  if (idem?.clientGone) queueMicrotask(() => idem.settleLost?.());
}

export function markUpstreamFailed(
  request: Pick<FastifyRequest, 'idempotency'>,
  reached: boolean,
): void {
  const idem = request.idempotency;
  if (idem) idem.outcomeUnknown = idem.forwarded && reached;
}

export const IDEMPOTENCY_HEADER = 'idempotency-key';
const REPLAY_HEADER = 'idempotent-replayed';
const KEY_PATTERN = /^[\x21-\x7e]{1,255}$/;

export interface IdempotencyOptions {
  /**
   * Where first responses are kept: this process's memory by default; the gateway's main
   * gives the store every gateway shares (`SharedIdempotencyStore`).
   */
  store?: IdempotencyBackend;
}

/**
 * `Idempotency-Key` on an authenticated POST to a route that says `config.idempotency`: the
 * first response (status and body) to a key is replayed to the same caller's retries with the
 * same method, path and body for 24 h; the key reused with another request is 422; a retry
 * while the first is still running is 409. A service's 5xx answers are not remembered, so a
 * retry after a failure runs. A request whose fate is unknown — sent on to a service that
 * timed out or broke the connection without answering, or whose client went away after it was
 * sent on — keeps its key in progress until the mark expires (`pendingTtlMs`, 2 min): the
 * service may still apply it, and a retry meanwhile gets 409 instead of writing twice. A response that held a raw API key or a webhook signing secret is not kept:
 * its retry is 409 and mints nothing. The body is read once here (bytes, not parsed JSON) and handed on unchanged.
 */
export const idempotencyPlugin = fp<IdempotencyOptions>(
  async (app, { store = new IdempotencyStore() }) => {
    if (
      typeof store?.begin !== 'function' ||
      typeof store.complete !== 'function' ||
      typeof store.abandon !== 'function'
    )
      throw new Error('idempotencyPlugin: store must be an IdempotencyBackend');
    const quietly = (result: void | Promise<void>) =>
      void Promise.resolve(result).catch((err: unknown) =>
        app.log.warn({ err }, 'idempotency store: releasing a key failed'),
      );
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
        request.idempotency = {
          key: `${caller}\n${given}`,
          fingerprint,
          owner: false,
          forwarded: false,
          outcomeUnknown: false,
          clientGone: false,
        };
        const copy = new PassThrough();
        copy.end(body);
        done(null, Object.assign(copy, { receivedEncodedLength: body.length }));
      }, done);
    });

    app.addHook('preHandler', (request, reply, done) => {
      const idem = request.idempotency;
      if (!idem) return done();
      const decide = (found: Begin) => {
        if (found.kind === 'new') {
          idem.owner = true;
          idem.settleLost = () => {
            if (!idem.owner) return;
            idem.owner = false;
            if (reply.statusCode >= 500) return quietly(store.abandon(idem.key, idem.fingerprint));
            const lost = {
              status: reply.statusCode,
              contentType: undefined,
              body: Buffer.alloc(0),
            };
            quietly(
              Promise.resolve(
                store.complete(idem.key, idem.fingerprint, { ...lost, lost: true }),
              ).then(() => undefined),
            );
          };
          return done();
        }
        if (found.kind === 'mismatch') return done(reusedKey());
        if (found.kind === 'in_progress') return done(stillRunning());
        if (found.response.withheld) return done(shownOnce());
        if (found.response.lost) return done(answeredToNoOne(found.response.status));
        const { status, contentType, body } = found.response;
        if (contentType) reply.header('content-type', contentType);
        reply.status(status).header(REPLAY_HEADER, 'true').send(body);
      };
      const found = store.begin(idem.key, idem.fingerprint);
      if (found instanceof Promise) found.then(decide, done);
      else decide(found);
    });

    app.addHook('onSend', (request, reply, payload, done) => {
      const idem = request.idempotency;
      if (!idem?.owner) return done(null, payload);
      idem.owner = false;
      if (reply.statusCode >= 500) {
        if (!idem.outcomeUnknown) quietly(store.abandon(idem.key, idem.fingerprint));
        return done(null, payload);
      }
      const contentType = reply.getHeader('content-type');
      toBuffer(payload).then((body) => {
        // A minted key or webhook signing secret is shown once (docs/interface.md §8): remember
        // that the request ran, not what it showed.
        const withheld = showsOnce(body.toString('latin1'));
        const kept = store.complete(idem.key, idem.fingerprint, {
          status: reply.statusCode,
          contentType: typeof contentType === 'string' ? contentType : undefined,
          body: withheld ? Buffer.alloc(0) : body,
          withheld,
        });
        // A shared store is written before the answer leaves, so a retry that reaches
        // another gateway right after the answer finds it replayable, never still running.
        if (kept instanceof Promise)
          kept.then(
            () => done(null, body),
            () => done(null, body),
          );
        else done(null, body);
      }, done);
    });

    // A request that ended without a response (client gone, hijacked) frees its key, unless
    // it was already sent on: the service may still apply it, and its answer (markAnswered)
    // or the mark's expiry settles the key.
    const release = (request: FastifyRequest, _reply: unknown, done: () => void) => {
      const idem = request.idempotency;
      if (idem?.owner && idem.forwarded) idem.clientGone = true;
      else if (idem?.owner) quietly(store.abandon(idem.key, idem.fingerprint));
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
    'The request with this Idempotency-Key already succeeded; the API key or signing secret it returned is shown only once (a webhook can be found with GET /api/webhooks and given a new secret with POST /api/webhooks/{id}/rotate-secret)',
  );

/** A Standard Webhooks signing secret: `whsec_` and base64 of 24 or more bytes. */
const SIGNING_SECRET = /whsec_[A-Za-z0-9+/]{32,}/;

/**
 * Whether a reply shows a credential only once: a raw API key (users, agents) or a webhook's
 * signing secret (POST /api/webhooks, rotate-secret). Such a reply is never stored.
 */
export const showsOnce = (text: string) => containsApiKey(text) || SIGNING_SECRET.test(text);

const answeredToNoOne = (status: number) =>
  new AppError(
    'CONFLICT',
    `The request with this Idempotency-Key already ran (the service answered ${status}) after its client had gone; its response was not kept. Read the resource to see what it did.`,
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
