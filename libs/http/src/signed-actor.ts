import { createHash } from 'node:crypto';
import { Transform } from 'node:stream';
import fp from 'fastify-plugin';
import { AppError, type Actor } from '@momentum/contracts';
import { EMPTY_BODY_DIGEST, verifyRequest, type TrustedKeys } from './actor-header.js';
import { isPublicRoute } from './route-config.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** Who the request acts as: set by authentication before any handler runs. */
    actor: Actor;
  }
}

export interface SignedActorOptions {
  /** The shared secret (at least 32 characters), or the keys of each trusted caller. */
  internalSecret: string | TrustedKeys;
}

const refused = () => new AppError('UNAUTHORIZED', 'Requests must come through the gateway');

/** Per request: the body digest the signature vouched for, and the digest of what arrived. */
const vouched = new WeakMap<object, { claimed: string; seen?: string }>();

/**
 * A service answers only requests signed by a trusted caller (the gateway, or another
 * service) for this method and path, within the signature's window, except on public routes.
 * The signature is checked before the body is read; the body, as it is read, must match the
 * digest the signature covers (else 401 before any handler).
 */
export const signedActorPlugin = fp<SignedActorOptions>(
  async (app, { internalSecret }) => {
    if (typeof internalSecret === 'string' ? internalSecret.length < 32 : !internalSecret?.size)
      throw new Error('signedActorPlugin: internalSecret must be at least 32 characters');
    app.decorateRequest('actor', null as unknown as Actor);
    app.addHook('onRequest', async (request) => {
      if (isPublicRoute(request)) return;
      const verified = verifyRequest(request.headers, internalSecret, {
        method: request.method,
        url: request.url,
      });
      if (!verified) throw refused();
      request.actor = verified.actor;
      vouched.set(request, { claimed: verified.bodyDigest });
    });
    app.addHook('preParsing', async (request, _reply, payload) => {
      const check = vouched.get(request);
      if (!check) return payload;
      const hash = createHash('sha256');
      const tee = new Transform({
        transform(chunk: Buffer, _encoding, done) {
          hash.update(chunk);
          done(null, chunk);
        },
        flush(done) {
          check.seen = hash.digest('base64url');
          done();
        },
      });
      return payload.pipe(tee);
    });
    app.addHook('preValidation', async (request) => {
      const check = vouched.get(request);
      if (check && (check.seen ?? EMPTY_BODY_DIGEST) !== check.claimed) throw refused();
    });
  },
  { name: 'momentum-signed-actor', fastify: '5.x', dependencies: ['momentum-errors'] },
);
