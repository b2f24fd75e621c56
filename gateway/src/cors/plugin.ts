import fp from 'fastify-plugin';
import cors, { type FastifyCorsOptions } from '@fastify/cors';
import type { FastifyRequest } from 'fastify';
import { originMatcher } from './origins.js';

export interface CorsOptions {
  /** Allowed origin patterns (see origins.ts); none: no origin is allowed. */
  origins: readonly string[];
}

/**
 * What a browser may send and read: the key, JSON, retries, the MCP version and session
 * headers, and Last-Event-ID (a fetch-based client resuming /api/events; EventSource sends
 * it itself).
 */
const ALLOWED_HEADERS = [
  'authorization',
  'content-type',
  'idempotency-key',
  'x-request-id',
  'mcp-protocol-version',
  'mcp-session-id',
  'last-event-id',
];
const EXPOSED_HEADERS = [
  'retry-after',
  'idempotent-replayed',
  'x-ratelimit-limit',
  'x-ratelimit-remaining',
  'x-ratelimit-reset',
  'x-request-id',
  'www-authenticate',
  'allow',
  'mcp-session-id',
];

/** Not a CORS request (no Origin), or an OPTIONS that is no preflight: left alone. */
const NOT_CORS: FastifyCorsOptions = { origin: false };

const isCors = (request: FastifyRequest) =>
  request.headers.origin !== undefined &&
  (request.method !== 'OPTIONS' || request.headers['access-control-request-method'] !== undefined);

/**
 * CORS for browser clients. A preflight is answered (204) in the first hooks, before
 * authentication, since a browser never sends the key with it; only an allowed origin gets
 * `Access-Control-Allow-Origin`, so for any other the browser stops there. Responses to an
 * allowed origin expose the headers a client acts on (Retry-After, Idempotent-Replayed, the
 * rate-limit headers, the request id, WWW-Authenticate, Allow). Keys travel in a header, never
 * a cookie, so credentials stay off. Requests without an Origin get no CORS headers at all.
 */
export const corsPlugin = fp<CorsOptions>(
  async (app, { origins }) => {
    if (!Array.isArray(origins)) throw new Error('corsPlugin: origins must be a list');
    const corsOptions: FastifyCorsOptions = {
      origin: origins.map(originMatcher), // throws on a pattern that is not an origin
      methods: ['GET', 'HEAD', 'POST', 'PATCH', 'DELETE'],
      allowedHeaders: ALLOWED_HEADERS,
      exposedHeaders: EXPOSED_HEADERS,
      credentials: false,
      maxAge: 600,
      strictPreflight: true,
    };
    await app.register(cors, {
      hook: 'onRequest',
      delegator: (request, callback) => callback(null, isCors(request) ? corsOptions : NOT_CORS),
    });
  },
  { name: 'momentum-cors', fastify: '5.x', dependencies: ['momentum-errors'] },
);
