import type { FastifyInstance, FastifyRequest } from 'fastify';
import replyFrom, { type FastifyReplyFromHooks } from '@fastify/reply-from';
import { installJsonParser } from '@momentum/service-kit';
import type { Upstream } from '../config.js';
import { upstreamHeaders } from '../auth/authenticate.js';
import type { IdOwnerCache } from './id-owner.js';
import { routeTaskCreate, routeTaskList, routeTaskSubpath } from './task-router.js';
import { noRetries, undiciOptions, upstreamUnavailable } from './proxies.js';

const isJson = (contentType: string | undefined) =>
  contentType !== undefined && /^\s*application\/json\s*(;|$)/i.test(contentType);

/**
 * `/api/tasks` is shared by the habits and issues services; these routes pick the
 * upstream per request (see task-router.ts) and forward with reply-from.
 */
export async function registerTaskRoutes(
  app: FastifyInstance,
  urls: Record<Upstream, string>,
  owners: IdOwnerCache,
  connections: number,
): Promise<void> {
  await app.register(async (scope) => {
    installJsonParser(scope);
    await scope.register(replyFrom, { undici: undiciOptions(connections) });

    const forward = (upstream: Upstream, request?: FastifyRequest): FastifyReplyFromHooks => ({
      ...noRetries,
      rewriteRequestHeaders: (req, headers) => upstreamHeaders(req, headers),
      onError: (reply) => upstreamUnavailable(reply, upstream),
      // A parsed JSON body is re-encoded explicitly: left to reply-from, a falsy one
      // (0, false, "", null) is sent as nothing under the client's Content-Length, so the
      // upstream waits for bytes that never come, and a JSON string goes out unquoted.
      ...(request && request.body !== undefined && isJson(request.headers['content-type'])
        ? { body: request.body }
        : {}),
    });
    // Path only: reply-from appends the client's query string untouched, whereas a full
    // URL goes through decodeURIComponent, which throws (a 500) on `?q=%`.
    const to = (upstream: Upstream, url: string) => `${urls[upstream]}${url.split('?')[0]}`;

    scope.get('/api/tasks', (request, reply) => {
      const upstream = routeTaskList(request.query as Record<string, unknown>);
      return reply.from(to(upstream, request.url), forward(upstream));
    });
    scope.post('/api/tasks', (request, reply) => {
      const upstream = routeTaskCreate(request.body);
      return reply.from(to(upstream, request.url), forward(upstream, request));
    });
    scope.get('/api/tasks/search', (request, reply) =>
      reply.from(to('issues', request.url), forward('issues')),
    );

    const byId = async (request: { params: unknown; url: string }) => {
      const { id, '*': sub } = request.params as { id: string; '*'?: string };
      return routeTaskSubpath(sub) ?? (await owners.ownerOf(id));
    };
    const methods = ['GET', 'PATCH', 'DELETE', 'POST', 'PUT'] as const;
    for (const url of ['/api/tasks/:id', '/api/tasks/:id/*']) {
      scope.route({
        method: [...methods],
        url,
        handler: async (request, reply) => {
          const upstream = await byId(request);
          return reply.from(to(upstream, request.url), forward(upstream, request));
        },
      });
    }
  });
}
