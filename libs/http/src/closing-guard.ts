// Kept: close-with-grace runs the process's shutdown (lifecycle.ts); answering requests that arrive meanwhile, in the path's error shape, is the app's part.
import fp from 'fastify-plugin';
import { AppError } from '@momentum/contracts';

/**
 * A request that arrives while the app is closing gets 503 in the path's error shape
 * (Fastify's own `return503OnClosing` answers in neither shape A nor B, so apps built
 * here turn it off and register this). `Connection: close` tells the client not to reuse
 * the socket.
 */
export const closingGuardPlugin = fp(
  async (app) => {
    let closing = false;
    app.addHook('preClose', async () => {
      closing = true;
    });
    // Callback-style: on every request this costs one check and no promise.
    app.addHook('onRequest', (_request, reply, done) => {
      if (!closing) return done();
      reply.header('connection', 'close');
      done(
        new AppError('SERVICE_UNAVAILABLE', 'Shutting down; retry shortly', undefined, {
          'retry-after': '1',
        }),
      );
    });
  },
  { name: 'momentum-closing-guard', fastify: '5.x', dependencies: ['momentum-errors'] },
);
