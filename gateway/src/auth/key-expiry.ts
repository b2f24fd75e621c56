import fp from 'fastify-plugin';
import { AppError } from '@momentum/contracts';
import { invalidTokenChallenge } from '@momentum/http';

/** The 401 of an expired key: RFC 6750 `invalid_token`, saying why, so a client asks for a new key. */
export const expiredKey = (expiresAt: string) => {
  const message = `The API key expired at ${expiresAt}; create a new one`;
  return new AppError('UNAUTHORIZED', message, undefined, {
    'www-authenticate': invalidTokenChallenge(`the API key expired at ${expiresAt}`),
  });
};

/**
 * Refuses a key past its `expiresAt` (on the actor its record gave). Checked on every request,
 * not when the verdict is cached, so a key stops at its expiry to the second whatever the
 * key cache's TTL. Registered after authentication: its onRequest runs once the actor is known.
 */
export const keyExpiryPlugin = fp(
  async (app) => {
    app.addHook('onRequest', (request, _reply, done) => {
      const expiresAt = request.actor?.keyExpiresAt;
      done(expiresAt && Date.parse(expiresAt) <= Date.now() ? expiredKey(expiresAt) : undefined);
    });
  },
  {
    name: 'momentum-key-expiry',
    fastify: '5.x',
    dependencies: ['momentum-authentication'],
  },
);
