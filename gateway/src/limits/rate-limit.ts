import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import rateLimit from '@fastify/rate-limit';
import { AppError } from '@momentum/contracts';
import type { GatewayConfig } from '../config.js';

/** Runs once per request, after the key was resolved and before a 401 is sent. */
export type Throttle = (request: FastifyRequest, reply: FastifyReply) => Promise<void>;

/** Never limited: load balancers and the stack's own start-up poll it. */
const EXEMPT_PATHS = new Set(['/health']);

/**
 * The bucket a request counts against: the verified key's id, so one client's burst
 * never slows another's; the client address when there is no valid key (which also
 * slows down guessing keys). A key id that merely looks valid is not trusted here,
 * else anyone could exhaust someone else's bucket.
 */
export const rateLimitKey = (request: FastifyRequest) =>
  request.apiKeyId ? `key:${request.apiKeyId}` : `ip:${request.ip}`;

/**
 * Per-key rate limiting with @fastify/rate-limit's counter store (in this process's
 * memory: each gateway instance counts on its own). The plugin's own route hooks would
 * run after authentication has already refused a request, so its limiter is called from
 * the authentication hook instead (`createRateLimit`, `global: false`). Returns nothing
 * when RATE_LIMIT_MAX is 0 (off).
 */
export async function createThrottle(
  app: FastifyInstance,
  config: GatewayConfig,
): Promise<Throttle | undefined> {
  if (config.RATE_LIMIT_MAX === 0) return undefined;
  await app.register(rateLimit, {
    global: false,
    max: config.RATE_LIMIT_MAX,
    timeWindow: config.RATE_LIMIT_WINDOW_MS,
    cache: 50_000,
  });
  const limit = app.createRateLimit({
    keyGenerator: rateLimitKey,
    allowList: (request) => EXEMPT_PATHS.has(request.url.split('?')[0]!),
  });
  return async (request, reply) => {
    const result = await limit(request);
    if (result.isAllowed) return;
    const retryAfter = String(Math.max(1, result.ttlInSeconds));
    reply.header('x-ratelimit-limit', result.max);
    reply.header('x-ratelimit-remaining', result.remaining);
    reply.header('x-ratelimit-reset', retryAfter);
    if (result.isExceeded) {
      throw new AppError('RATE_LIMITED', `Too many requests; retry in ${retryAfter} s`, undefined, {
        'retry-after': retryAfter,
      });
    }
  };
}
