import fp from 'fastify-plugin';
import type { FastifyRequest } from 'fastify';
import { changedMembers, MEMBERSHIPS_CHANGED_HEADER } from '@momentum/http';
import type { KeyCache } from './key-cache.js';

/**
 * What a successful write on a route makes stale: an agent's keys (`:id` is the agent), a
 * member's teams (`:userId` left a team), or the caller's own keys (one was revoked).
 */
export type KeyChange = 'agent' | 'member' | 'own-keys';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** After a successful write here, this gateway drops the cached key verdicts it staled. */
    dropsCachedKeys?: KeyChange;
  }
}

export interface KeyCacheInvalidationOptions {
  cache: KeyCache;
}

const param = (request: FastifyRequest, name: string) =>
  (request.params as Record<string, string | undefined>)[name];

/**
 * The gateway that carried a successful key revocation or agent change drops its own
 * cached verdicts as the reply goes out, so the caller's very next request is checked
 * afresh even before the event arrives. Other gateways learn it from NATS. The routes say
 * which change they make (`config.dropsCachedKeys`), and the router hands over the ids.
 * A membership change (a team made, a member added or removed) is said by identity's reply
 * (MEMBERSHIPS_CHANGED_HEADER): those users' actors are dropped before the reply goes out,
 * and the header goes no further.
 */
export const keyCacheInvalidationPlugin = fp<KeyCacheInvalidationOptions>(
  async (app, { cache }) => {
    if (typeof cache?.dropWhere !== 'function')
      throw new Error('keyCacheInvalidationPlugin: a key cache is required');
    app.addHook('onSend', (_request, reply, payload, done) => {
      const changed = reply.getHeader(MEMBERSHIPS_CHANGED_HEADER);
      if (changed !== undefined) {
        for (const userId of changedMembers(changed)) cache.dropUser(userId);
        reply.removeHeader(MEMBERSHIPS_CHANGED_HEADER);
      }
      done(null, payload);
    });
    app.addHook('onResponse', (request, reply, done) => {
      const change = request.routeOptions.config.dropsCachedKeys;
      if (change && reply.statusCode < 400 && request.actor) {
        if (change === 'agent') cache.dropAgent(param(request, 'id') ?? '');
        else if (change === 'member') cache.dropUser(param(request, 'userId') ?? '');
        else cache.dropUser(request.actor.userId);
      }
      done();
    });
  },
  {
    name: 'momentum-key-cache-invalidation',
    fastify: '5.x',
    dependencies: ['momentum-authentication'],
  },
);
