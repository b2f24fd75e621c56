import fp from 'fastify-plugin';
import type { FastifyReply, FastifyRequest } from 'fastify';
import rateLimit from '@fastify/rate-limit';
import { AppError } from '@momentum/contracts';
import type { SharedLimit } from './shared-counter.js';

export type { SharedLimit } from './shared-counter.js';
import { sharedStore, windowCounter } from './shared-store.js';
import { rateLimitRefusals } from '@momentum/telemetry';

/** Counts one request against its bucket; throws 429 when the bucket is over. */
export type Throttle = (request: FastifyRequest, reply: FastifyReply) => Promise<void>;

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * Called by authentication once the caller is known (or known to be nobody) and before
     * a 401 goes out, so that failed attempts are counted too (which slows down guessing keys).
     */
    throttle: Throttle;
  }
}

export interface ThrottleOptions {
  /** Requests per bucket per window; 0 turns rate limiting off. */
  max: number;
  windowMs: number;
  /** Shared windows; without it (or while it is unavailable) this process counts alone. */
  shared?: SharedLimit;
  /** Requests per account (all its keys and its agents') per window; 0 or absent: off. */
  accountMax?: number;
  /** The account's shared windows, as `shared` is for a key's. */
  sharedAccount?: SharedLimit;
}

/** The account a request counts against: the user, or the owner of an agent. */
const accountOf = (request: FastifyRequest) =>
  request.apiKeyId && request.actor ? `acct:${request.actor.userId}` : null;

/**
 * The bucket a request counts against: the verified key's id, so one client's burst
 * never slows another's; the client address when there is no valid key. A key id that
 * merely looks valid is not trusted here, else anyone could exhaust someone else's bucket.
 */
export const rateLimitKey = (request: FastifyRequest) =>
  request.apiKeyId ? `key:${request.apiKeyId}` : `ip:${request.ip}`;

/** A route that says `config: { rateLimit: false }` (health checks) is never limited. */
const exempt = (request: FastifyRequest) => request.routeOptions.config.rateLimit === false;

const limited = (reply: FastifyReply, max: number, remaining: number, resetS: number) => {
  const retryAfter = String(Math.max(1, resetS));
  reply.header('x-ratelimit-limit', max);
  reply.header('x-ratelimit-remaining', remaining);
  reply.header('x-ratelimit-reset', retryAfter);
  return new AppError('RATE_LIMITED', `Too many requests; retry in ${retryAfter} s`, undefined, {
    'retry-after': retryAfter,
  });
};

/**
 * Per-key rate limiting by @fastify/rate-limit, counted once across every gateway when
 * `shared` is given (the gateway's main does: a NATS key-value bucket, as the plugin's
 * store), else — and while NATS is away — in this process's memory. The plugin's own route
 * hooks would run after authentication has already refused a request, so the limiter is
 * exposed as `app.throttle` for authentication to call (`createRateLimit`, `global: false`).
 */
export const rateLimitPlugin = fp<ThrottleOptions>(
  async (app, { max, windowMs, shared, accountMax = 0, sharedAccount }) => {
    if (!Number.isInteger(max) || max < 0)
      throw new Error('rateLimitPlugin: max must be a non-negative integer');
    if (!Number.isInteger(windowMs) || windowMs < 1000)
      throw new Error('rateLimitPlugin: windowMs must be an integer of at least 1000');
    if (max === 0) {
      app.decorate('throttle', async () => undefined);
      return;
    }
    let warned = false;
    const fallback = (err: unknown) => {
      if (!warned) app.log.warn({ err }, 'shared rate limit unavailable; counting locally');
      warned = true;
    };
    await app.register(rateLimit, {
      global: false,
      max,
      timeWindow: windowMs,
      ...(shared ? { store: sharedStore(shared, fallback) } : { cache: 50_000 }),
    });
    const limit = app.createRateLimit({ keyGenerator: rateLimitKey, allowList: exempt });
    const countAccount =
      accountMax > 0 ? windowCounter(sharedAccount, fallback, windowMs, accountMax) : null;
    // Past the per-key check: every key of one user, its agents' too, share one budget.
    const throttleAccount = async (request: FastifyRequest, reply: FastifyReply) => {
      const account = countAccount ? accountOf(request) : null;
      if (!account) return;
      const { current, ttl } = await countAccount!(account);
      if (current <= accountMax) return;
      rateLimitRefusals.inc();
      throw limited(reply, accountMax, 0, Math.ceil(ttl / 1000));
    };
    app.decorate('throttle', async (request: FastifyRequest, reply: FastifyReply) => {
      const result = await limit(request);
      if (result.isAllowed) return;
      if (result.isExceeded) {
        rateLimitRefusals.inc();
        throw limited(reply, result.max, result.remaining, result.ttlInSeconds);
      }
      const retryAfter = String(Math.max(1, result.ttlInSeconds));
      reply.header('x-ratelimit-limit', result.max);
      reply.header('x-ratelimit-remaining', result.remaining);
      reply.header('x-ratelimit-reset', retryAfter);
      await throttleAccount(request, reply);
    });
  },
  { name: 'momentum-rate-limit', fastify: '5.x', dependencies: ['momentum-errors'] },
);
