import fp from 'fastify-plugin';
import { AppError } from '@momentum/contracts';
import { BODY_LIMIT } from '@momentum/http';

/**
 * The path families stream bodies to their service without parsing them here, so Fastify's
 * bodyLimit never counts them: a declared Content-Length over the limit is refused before a
 * byte is read. (A body sent without a length is counted by whoever reads it: the service,
 * the JSON parser of the routes forwarded here, or the idempotency plugin.)
 */
export const declaredBodyLimitPlugin = fp(
  async (app) => {
    // Callback-style: on every request this costs one check and no promise.
    app.addHook('onRequest', (request, _reply, done) => {
      const length = Number(request.headers['content-length'] ?? 0);
      if (length > BODY_LIMIT)
        return done(
          new AppError('PAYLOAD_TOO_LARGE', `Request body is larger than ${BODY_LIMIT} bytes`),
        );
      done();
    });
  },
  { name: 'momentum-declared-body-limit', fastify: '5.x', dependencies: ['momentum-errors'] },
);
