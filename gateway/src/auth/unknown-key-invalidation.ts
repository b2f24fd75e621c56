import fp from 'fastify-plugin';
import type { UnknownKeyIds } from './unknown-keys.js';

/** Writes that create a key: a user (with their first key), a user key, an agent, an agent key. */
const KEY_CREATING =
  /^\/api\/(?:users(?:\/me\/api-keys)?|agents(?:\/[^/?]+\/(?:api-key|regen-key))?)\/?(?:\?|$)/;

export const createsKey = (method: string, url: string) =>
  method === 'POST' && KEY_CREATING.test(url);

/**
 * The gateway that carried a successful key creation forgets the key ids it knew as
 * unknown, so the new key works on its very next request; other gateways hear of it by
 * event (events/key-freshness.ts).
 */
export const unknownKeyInvalidationPlugin = fp<{ unknown: UnknownKeyIds }>(
  async (app, { unknown }) => {
    app.addHook('onResponse', (request, reply, done) => {
      if (reply.statusCode < 400 && createsKey(request.method, request.url)) unknown.clear();
      done();
    });
  },
  { name: 'momentum-unknown-key-invalidation', fastify: '5.x' },
);
