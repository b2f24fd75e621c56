import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError, type Actor } from '@momentum/contracts';
import { parseApiKey, signActor } from '@momentum/service-kit';
import type { KeyResolver } from './key-resolver.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** Headers the gateway adds when forwarding: the signed actor. */
    forwardHeaders: Record<string, string>;
    /** The id part of a verified key (never the secret); null without a valid key. */
    apiKeyId: string | null;
  }
}

/** Paths that need no key. Everything under /api and /mcp does. */
const needsKey = (path: string) =>
  path.startsWith('/api/') || path === '/api' || path === '/mcp' || path.startsWith('/mcp/');

export function bearerKey(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (typeof header !== 'string') return null;
  const m = /^Bearer\s+(svc_\S+)$/i.exec(header.trim());
  return m ? m[1]! : null;
}

export interface AuthenticationOptions {
  /**
   * Called for every request once the caller is known (or known to be nobody), before a
   * 401 goes out, so that failed attempts are counted too (rate limiting).
   */
  throttle?: (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
}

/**
 * Authenticates every /api and /mcp request before routing: a missing, malformed,
 * unknown or revoked key is 401 in the path's error shape. The resolved actor travels
 * on as a signed header; the raw key does not.
 */
export function installAuthentication(
  app: FastifyInstance,
  resolver: KeyResolver,
  secret: string,
  options: AuthenticationOptions = {},
): void {
  app.decorateRequest('forwardHeaders', null as unknown as Record<string, string>);
  app.decorateRequest('apiKeyId', null);
  app.addHook('onRequest', async (request, reply) => {
    const path = request.url.split('?')[0]!;
    if (!needsKey(path)) return options.throttle?.(request, reply);
    const key = bearerKey(request);
    const actor = key ? await resolver.resolve(key) : null;
    if (key && actor) {
      request.actor = actor;
      request.apiKeyId = parseApiKey(key)?.keyId ?? null;
      request.forwardHeaders = signActor(actor, secret);
    }
    await options.throttle?.(request, reply);
    if (!key)
      throw new AppError(
        'UNAUTHORIZED',
        'Missing or malformed API key: send Authorization: Bearer svc_…',
      );
    if (!actor) throw new AppError('UNAUTHORIZED', 'Invalid, revoked or inactive API key');
  });
}

/** Headers sent upstream: the client's, minus its key, plus the signed actor. */
export function upstreamHeaders(
  request: { forwardHeaders: Record<string, string>; id: string },
  headers: Record<string, unknown>,
): Record<string, string> {
  const { authorization: _drop, ...rest } = headers;
  return {
    ...(rest as Record<string, string>),
    ...request.forwardHeaders,
    'x-request-id': request.id,
  };
}

export type { Actor };
