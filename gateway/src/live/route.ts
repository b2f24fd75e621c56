import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '@momentum/contracts';
import { securityHeaders } from '@momentum/http';
import { liveStreamsEnded, watchLiveStreams } from '@momentum/telemetry';
import { bearerToken, queryKey } from '../auth/authenticate.js';
import type { EndReason } from './feed.js';
import type { LiveService } from './service.js';
import { frameOf } from './live-event.js';
import { sseBody } from './sse-body.js';
import { SseWriter } from './sse-writer.js';
import { streamTypes } from './stream-types.js';

/** A Last-Event-ID: the live stream sequence; anything else is a cursor nobody knows (reset). */
function cursorOf(header: unknown): number | null {
  if (typeof header !== 'string' || header.trim() === '') return null;
  return /^\d{1,15}$/.test(header.trim()) ? Number(header.trim()) : Number.MAX_SAFE_INTEGER;
}

const typesQuery = (query: unknown): string | undefined => {
  const types = (query as { types?: unknown } | null)?.types;
  return Array.isArray(types) ? types.join(',') : typeof types === 'string' ? types : undefined;
};

const SSE_HEADERS = {
  'content-type': 'text/event-stream; charset=utf-8',
  'cache-control': 'no-cache, no-transform',
  connection: 'keep-alive',
  // Proxies that buffer responses (nginx) would hold the events back.
  'x-accel-buffering': 'no',
};

/**
 * `GET /api/events`: the caller's inbox and the domain events they may see, as Server-Sent
 * Events (docs/API.md, "Live events"). Authentication ran already; the key may also come as
 * `?access_token=` here alone, since a browser's EventSource sends no header.
 */
export function registerLiveRoute(app: FastifyInstance, live: () => LiveService | undefined) {
  // Open streams never finish by themselves: a closing gateway ends them (clients reconnect
  // to another replica with their Last-Event-ID) instead of waiting for them.
  const open = new Set<(reason: EndReason) => void>();
  watchLiveStreams(() => open.size);
  app.addHook('preClose', (done) => {
    for (const end of open) end('closed');
    done();
  });
  app.get('/api/events', { config: { queryToken: true } }, async (request, reply) => {
    const service = live();
    if (!service)
      throw new AppError('SERVICE_UNAVAILABLE', 'The live stream is starting', undefined, {
        'retry-after': '1',
      });
    const types = streamTypes(typesQuery(request.query), request.actor.scopes);
    // HEAD says what GET would open, and opens nothing.
    if (request.method === 'HEAD') return reply.code(200).headers(SSE_HEADERS).send();
    const keyId = request.apiKeyId ?? request.actor.id;
    if (!service.keyStreams.acquire(keyId))
      throw new AppError(
        'RATE_LIMITED',
        `This API key holds ${service.settings.maxPerKey} open event streams already; close one first`,
        { maxStreams: service.settings.maxPerKey },
        { 'retry-after': '5' },
      );
    await stream(service, request, reply, types, keyId, open);
  });
}

async function stream(
  service: LiveService,
  request: FastifyRequest,
  reply: FastifyReply,
  types: Set<string>,
  keyId: string,
  open: Set<(reason: EndReason) => void>,
): Promise<void> {
  const res = reply.raw;
  // Written raw, so onSend hooks never run: the headers earlier hooks set (request id,
  // CORS) and the security headers are copied on by hand, as /mcp does.
  for (const [name, value] of Object.entries({ ...securityHeaders, ...reply.getHeaders() }))
    if (value !== undefined) res.setHeader(name, value);
  reply.hijack();
  res.writeHead(200, SSE_HEADERS);
  res.write('retry: 2000\n\n');
  let done = false;
  const end = (reason: EndReason = 'closed') => {
    if (done) return;
    done = true;
    liveStreamsEnded.inc({ reason });
    open.delete(end);
    clearInterval(heartbeat);
    writer.close();
    feed.close();
    service.keyStreams.release(keyId);
    res.end();
  };
  const writer = new SseWriter(sseBody(res), service.settings.queueMax, () => end('slow'));
  const { actor } = request;
  const feed = service.feed(
    {
      actor,
      rawKey: bearerToken(request) ?? queryKey(request) ?? '',
      keyId: request.apiKeyId,
      ip: request.ip,
    },
    types,
    {
      event: (event) => writer.write(frameOf(event)),
      reset: () => writer.write('event: reset\ndata: {}\n\n'),
      // An id alone moves the client's Last-Event-ID without an event: a client cut before
      // any event of its own resumes from here, not from whenever it reconnects.
      ready: (after) => writer.write(`id: ${after}\n\n`),
      end,
    },
  );
  const heartbeat = setInterval(() => {
    const expires = actor.keyExpiresAt ? Date.parse(actor.keyExpiresAt) : Infinity;
    if (expires <= Date.now()) return end('revoked');
    writer.write(': heartbeat\n\n');
  }, service.settings.heartbeatMs);
  res.on('close', () => end('closed'));
  open.add(end);
  try {
    await feed.open(cursorOf(request.headers['last-event-id']));
  } catch (err) {
    request.log.warn({ err }, 'live stream could not start');
    end('closed');
  }
}
