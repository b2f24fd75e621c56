import fp from 'fastify-plugin';
import { AppError, type Actor } from '@momentum/contracts';
import { verifyActor } from './actor-header.js';
import { isPublicRoute } from './route-config.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** Who the request acts as: set by authentication before any handler runs. */
    actor: Actor;
  }
}

export interface SignedActorOptions {
  /** The secret the gateway and the services share (at least 32 characters). */
  internalSecret: string;
}

/**
 * A service answers only requests that carry an actor signed with the internal secret (the
 * gateway's, or another service's system actor), except on public routes. The check runs
 * before the body is read.
 */
export const signedActorPlugin = fp<SignedActorOptions>(
  async (app, { internalSecret }) => {
    if (typeof internalSecret !== 'string' || internalSecret.length < 32)
      throw new Error('signedActorPlugin: internalSecret must be at least 32 characters');
    app.decorateRequest('actor', null as unknown as Actor);
    app.addHook('onRequest', async (request) => {
      if (isPublicRoute(request)) return;
      const actor = verifyActor(request.headers, internalSecret);
      if (!actor) throw new AppError('UNAUTHORIZED', 'Requests must come through the gateway');
      request.actor = actor;
    });
  },
  { name: 'momentum-signed-actor', fastify: '5.x', dependencies: ['momentum-errors'] },
);
