import type { FastifyInstance, FastifyRequest } from 'fastify';
import httpProxy from '@fastify/http-proxy';
import type { FastifyReplyFromHooks } from '@fastify/reply-from';
import { AppError } from '@momentum/contracts';
import { neverReached } from '@momentum/http';
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
