import type { IncomingHttpHeaders } from 'node:http';
import type { Readable } from 'node:stream';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import httpProxy from '@fastify/http-proxy';
import type { FastifyReplyFromHooks } from '@fastify/reply-from';
import { AppError } from '@momentum/contracts';
import { SIGNATURE_EXPIRED_HEADER } from '@momentum/http';
import { neverReached } from '@momentum/replicas';
import { markAnswered, markForwarded, markUpstreamFailed } from '../idempotency/plugin.js';
import type { Upstream } from '../config.js';
import { upstreamHeaders } from '../auth/authenticate.js';
import { serviceRows } from './route-table.js';
import type { Upstreams } from './upstreams.js';

/**
 * The gateway's own 503 (with Retry-After) for a service it could not get an answer from, in
 * the path's error shape. `error` (reply-from's) tells whether the request may have reached
 * the service, which decides what becomes of its Idempotency-Key (idempotency/plugin.ts).
 */
export const upstreamUnavailable = (
  reply: { send(payload: unknown): unknown; request: Pick<FastifyRequest, 'idempotency'> },
  upstream: string,
  error?: unknown,
) => {
  markUpstreamFailed(reply.request, !neverReached(error));
  return reply.send(
    new AppError(
      'SERVICE_UNAVAILABLE',
      `The ${upstream} service is unavailable; try again shortly`,
      undefined,
      { 'retry-after': '1' },
    ),
  );
};

/**
 * A service refused the request 401 because the gateway's signature on it had expired when
 * it got there (the service stalled with it queued past SIGNATURE_WINDOW_MS, or clocks apart):
 * the client's key is fine and nothing ran, so the client gets a retryable 503 with
 * Retry-After, and its Idempotency-Key is freed for the retry (nothing reached a handler).
 */
const signatureExpired = (reply: FastifyReply, upstream: string) => {
  markUpstreamFailed(reply.request, false);
  return reply.send(
    new AppError(
      'SERVICE_UNAVAILABLE',
      `The ${upstream} service was too slow to take the request, which did not run; try again`,
      undefined,
      { 'retry-after': '1' },
    ),
  );
};

/** What the service's 401 said of its body and of the refusal, copied onto the reply. */
const REFUSAL_HEADERS = [
  'content-type',
  'content-length',
  'content-encoding',
  'transfer-encoding',
  'www-authenticate',
  SIGNATURE_EXPIRED_HEADER,
];

/** The service's answer as reply-from hands it to `onResponse` (undici's). */
interface UpstreamAnswer {
  statusCode: number;
  headers: IncomingHttpHeaders;
  stream: Readable;
}

/**
 * Per-request reply-from options that turn its retries off. By default it retries a GET
 * an upstream answers 503 up to 10 times (`maxRetriesOn503: 0` cannot turn that off), so
 * with a service's database down a client waited 10 × the service's 3 s for the same 503
 * (33 s, found by test/faults/mongo-outage.test.ts). The 503 and its Retry-After go
 * straight to the client, which decides when to try again.
 */
export const noRetries = { retryDelay: () => null };

/**
 * The reply-from options of every request the gateway sends on to `upstream`: no retries,
 * the actor signed for it, what the idempotency plugin must know (sent on, answered), and the
 * gateway's 503 when no answer comes.
 */
export const forwardOptions = (upstream: Upstream) =>
  ({
    ...noRetries,
    rewriteRequestHeaders: (request, headers) => {
      markForwarded(request);
      return upstreamHeaders(request, headers, upstream);
    },
    rewriteHeaders: (headers, request) => {
      markAnswered(request);
      return headers;
    },
    onResponse: (_request, reply, res) => {
      const answer = res as unknown as UpstreamAnswer;
      if (answer.statusCode !== 401 || answer.headers[SIGNATURE_EXPIRED_HEADER] === undefined)
        return reply.send(answer.stream);
      // Read to its end (frees the connection); its body's and its refusal's headers go.
      answer.stream.resume();
      for (const name of REFUSAL_HEADERS) reply.removeHeader(name);
      return signatureExpired(reply as FastifyReply, upstream);
    },
    onError: (reply, { error }) => upstreamUnavailable(reply, upstream, error),
  }) satisfies FastifyReplyFromHooks;

/**
 * Each row of the route table that belongs wholly to one service streams to it unparsed
 * (http-proxy brings its own catch-all body parser), so what a body may be is the service's
 * to say. Requests go to the service's replicas in turn (`upstreams`).
 */
export async function registerPathFamilies(
  app: FastifyInstance,
  upstreams: Upstreams,
): Promise<void> {
  for (const { row, upstream } of serviceRows()) {
    await app.register(httpProxy, {
      upstream: upstreams.origin(upstream),
      prefix: row.prefix,
      rewritePrefix: row.prefix,
      // Their POSTs honour Idempotency-Key, like every REST write.
      config: { idempotency: true },
      undici: upstreams.sets[upstream],
      replyOptions: forwardOptions(upstream),
    });
  }
}
