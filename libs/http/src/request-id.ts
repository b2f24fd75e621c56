import fp from 'fastify-plugin';
import { REQUEST_ID_HEADER } from './server.js';

/**
 * Every response names its request (`x-request-id`, the caller's own when it sent a plain
 * one, see `serverOptions`), so a client's report can be matched to the logs. Set first, so
 * even a refusal (401, 503 while closing, a CORS preflight) carries it.
 */
export const requestIdPlugin = fp(
  async (app) => {
    // Callback-style: on every request this costs one header and no promise.
    app.addHook('onRequest', (request, reply, done) => {
      reply.header(REQUEST_ID_HEADER, request.id);
      done();
    });
  },
  { name: 'momentum-request-id', fastify: '5.x' },
);
