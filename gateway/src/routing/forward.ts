import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import replyFrom from '@fastify/reply-from';
import { jsonBodyPlugin } from '@momentum/http';
import type { Upstream } from '../config.js';
import { forwardOptions } from './proxies.js';
import type { Upstreams } from './upstreams.js';

/** Sends a request on to a service and its answer back to the client. */
export type Forward = (
  request: FastifyRequest,
  reply: FastifyReply,
  upstream: Upstream,
) => FastifyReply;

const isJson = (contentType: string | undefined) =>
  contentType !== undefined && /^\s*application\/json\s*(;|$)/i.test(contentType);

/**
 * Routes the gateway decides itself (which service, or what to do after) read their JSON
 * body here, so this scope gets the JSON body parser (415 for anything else) and reply-from.
 */
export async function forwarding(scope: FastifyInstance, upstreams: Upstreams): Promise<Forward> {
  await scope.register(jsonBodyPlugin);
  // One dispatcher for every service: it hands a request to the replicas of the service
  // whose origin it names.
  await scope.register(replyFrom, { undici: upstreams.router });
  return (request, reply, upstream) =>
    // Path only: reply-from appends the client's query string untouched, whereas a full
    // URL goes through decodeURIComponent, which throws (a 500) on `?q=%`.
    reply.from(`${upstreams.origin(upstream)}${request.url.split('?')[0]}`, {
      ...forwardOptions(upstream),
      // A parsed JSON body is re-encoded explicitly: left to reply-from, a falsy one
      // (0, false, "", null) is sent as nothing under the client's Content-Length, so the
      // upstream waits for bytes that never come, and a JSON string goes out unquoted.
      ...(request.body !== undefined && isJson(request.headers['content-type'])
        ? { body: request.body }
        : {}),
    });
}
