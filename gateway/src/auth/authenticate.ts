import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError, type Actor } from '@momentum/contracts';
import { signActor } from '@momentum/service-kit';
import type { KeyResolver } from './key-resolver.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** Headers the gateway adds when forwarding: the signed actor. */
    forwardHeaders: Record<string, string>;
  }
}

/** Paths that need no key. Everything under /api and /mcp does. */
const needsKey = (path: string) => path.startsWith('/api/') || path === '/api' || path === '/mcp' || path.startsWith('/mcp/');

export function bearerKey(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (typeof header !== 'string') return null;
  const m = /^Bearer\s+(svc_\S+)$/i.exec(header.trim());
  return m ? m[1]! : null;
}

/**
 * Authenticates every /api and /mcp request before routing: a missing, malformed,
 * unknown or revoked key is 401 in the path's error shape. The resolved actor travels
 * on as a signed header; the raw key does not.
 */
export function installAuthentication(app: FastifyInstance, resolver: KeyResolver, secret: string): void {
  app.decorateRequest('forwardHeaders', null as unknown as Record<string, string>);
  app.addHook('onRequest', async (request) => {
    const path = request.url.split('?')[0]!;
    if (!needsKey(path)) return;
    const key = bearerKey(request);
    if (!key) throw new AppError('UNAUTHORIZED', 'Missing or malformed API key: send Authorization: Bearer svc_…');
    const actor = await resolver.resolve(key);
    if (!actor) throw new AppError('UNAUTHORIZED', 'Invalid, revoked or inactive API key');
    request.actor = actor;
    request.forwardHeaders = signActor(actor, secret);
  });
}

/** Headers sent upstream: the client's, minus its key, plus the signed actor. */
export function upstreamHeaders(
  request: { forwardHeaders: Record<string, string>; id: string },
  headers: Record<string, unknown>,
): Record<string, string> {
  const { authorization: _drop, ...rest } = headers;
  return { ...(rest as Record<string, string>), ...request.forwardHeaders, 'x-request-id': request.id };
}

export type { Actor };
