import type { FastifyInstance } from 'fastify';
import { AppError } from '@momentum/contracts';

/**
 * A request that arrives while the app is closing gets 503 in the path's error shape
 * (Fastify's own `return503OnClosing` answers in neither shape A nor B, so apps built
 * here turn it off and use this). `Connection: close` tells the client not to reuse
 * the socket.
 */
export function installClosingGuard(app: FastifyInstance): void {
  let closing = false;
  app.addHook('preClose', async () => {
    closing = true;
  });
  app.addHook('onRequest', async (_request, reply) => {
    if (!closing) return;
    reply.header('connection', 'close');
    throw new AppError('SERVICE_UNAVAILABLE', 'Shutting down; retry shortly', undefined, {
      'retry-after': '1',
    });
  });
}
