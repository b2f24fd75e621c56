import { describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { errorShapeForPath } from '@momentum/contracts';
import { createServer, errorHandlerPlugin } from '@momentum/http';
import { TEST_SECRET } from '@momentum/testing';
import { authenticationPlugin } from '../../src/auth/authenticate.js';
import { KeyCache } from '../../src/auth/key-cache.js';
import { KeyResolver } from '../../src/auth/key-resolver.js';
import { keyCacheInvalidationPlugin } from '../../src/auth/local-invalidation.js';
import { corsPlugin } from '../../src/cors/plugin.js';
import { idempotencyPlugin } from '../../src/idempotency/plugin.js';
import { rateLimitPlugin } from '../../src/limits/rate-limit.js';
import { Keyring } from '../support/harness.js';

/** A server with the error plugin every other one depends on. */
async function base(): Promise<FastifyInstance> {
  const app = createServer({ logger: false, shapeFor: errorShapeForPath });
  await app.register(errorHandlerPlugin, { shapeFor: errorShapeForPath });
  return app;
}

const resolver = () => new KeyResolver(new Keyring(), new KeyCache(1000));

/** Registering `register` on a fresh base fails with `message`. */
async function refused(
  register: (app: FastifyInstance) => Promise<unknown>,
  message: RegExp,
): Promise<void> {
  const app = await base();
  await expect(register(app)).rejects.toThrow(message);
  await app.close().catch(() => undefined);
}

describe('the gateway plugins check their options and dependencies once, at registration', () => {
  it('CORS: every origin must be one', async () => {
    await refused(
      async (app) => app.register(corsPlugin, { origins: ['https://ok.example', 'nope'] }),
      /"nope" is not an origin/,
    );
  });

  it('rate limit: whole, non-negative numbers', async () => {
    await refused(
      async (app) => app.register(rateLimitPlugin, { max: -1, windowMs: 60_000 }),
      /max/,
    );
    await refused(
      async (app) => app.register(rateLimitPlugin, { max: 1, windowMs: 10 }),
      /windowMs/,
    );
  });

  it('authentication: a resolver and a long secret, after the rate limiter', async () => {
    await refused(
      async (app) =>
        app.register(authenticationPlugin, { resolver: resolver(), internalSecret: TEST_SECRET }),
      /throttle/,
    );
    await refused(async (app) => {
      await app.register(rateLimitPlugin, { max: 0, windowMs: 60_000 });
      await app.register(authenticationPlugin, { resolver: resolver(), internalSecret: 'short' });
    }, /internalSecret/);
  });

  it('idempotency and key-cache invalidation: after authentication', async () => {
    await refused(async (app) => app.register(idempotencyPlugin, {}), /momentum-authentication/);
    await refused(
      async (app) => app.register(keyCacheInvalidationPlugin, { cache: new KeyCache(1000) }),
      /momentum-authentication/,
    );
  });

  it('all of them, in order, make a gateway', async () => {
    const app = await base();
    await app.register(corsPlugin, { origins: ['http://localhost:*'] });
    await app.register(rateLimitPlugin, { max: 10, windowMs: 60_000 });
    await app.register(authenticationPlugin, { resolver: resolver(), internalSecret: TEST_SECRET });
    await app.register(idempotencyPlugin, {});
    await app.register(keyCacheInvalidationPlugin, { cache: new KeyCache(1000) });
    await app.ready();
    expect(app.hasDecorator('throttle')).toBe(true);
    expect(app.hasRequestDecorator('apiKeyId')).toBe(true);
    await app.close();
  });
});
