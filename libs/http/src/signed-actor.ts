import { createHash } from 'node:crypto';
import { Transform } from 'node:stream';
import type { FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { AppError, type Actor } from '@momentum/contracts';
import {
  EMPTY_BODY_DIGEST,
  SIGNATURE_EXPIRED_HEADER,
  SIGNATURE_WINDOW_MS,
  checkRequest,
  type TrustedKeys,
} from './actor-header.js';
import { isPublicRoute } from './route.js';
import { callerRefusal } from './caller-policy.js';
import { NonceSet } from './nonce-set.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** Who the request acts as: set by authentication before any handler runs. */
    actor: Actor;
  }
}

export interface SignedActorOptions {
  /** The shared secret (at least 32 characters), or the keys of each trusted caller. */
  internalSecret: string | TrustedKeys;
  /** The time the signatures' window is judged by (tests stand in a clock that is ahead). */
  clock?: () => number;
  /** How long a signature is good for either side of its time (SIGNATURE_WINDOW_MS). */
  windowMs?: number;
  /**
   * The nonces every process of the service shares (`SharedNonces`, @momentum/messaging),
   * asked for requests that change state after this process's own set passed them.
   */
  sharedNonces?: NonceClaims;
}

/** A seen-set of nonces shared across processes: true the first time a nonce is claimed. */
export interface NonceClaims {
  claim(nonce: string): Promise<boolean>;
}

/**
 * Requests that may change state: their nonces are checked across the service's processes too.
 * A read's replay is not (docs/SECURITY.md, Replay): its answer goes back to whoever sent it,
 * and whoever could capture the request could capture that answer as it went by.
 */
const changesState = (method: string) => method !== 'GET' && method !== 'HEAD';

const refused = () => new AppError('UNAUTHORIZED', 'Requests must come through the gateway');
/** Signed right but too long ago: marked, so the caller knows the request never ran. */
const expired = () =>
  new AppError('UNAUTHORIZED', 'This signed request arrived outside its time window', undefined, {
    [SIGNATURE_EXPIRED_HEADER]: '1',
  });
const replayed = () => new AppError('UNAUTHORIZED', 'This signed request was already used');

/** Whether Fastify will read a body: not for GET or HEAD, nor when the headers say none. */
const carriesBody = ({ method, headers }: FastifyRequest) =>
  method !== 'GET' &&
  method !== 'HEAD' &&
  (headers['transfer-encoding'] !== undefined || (headers['content-length'] ?? '0') !== '0');

/** Per request: the body digest the signature vouched for, and the digest of what arrived. */
const vouched = new WeakMap<object, { claimed: string; seen?: string }>();

/**
 * A service answers only requests signed by a trusted caller (the gateway, or another
 * service) for this method and path, within the signature's window, except on public routes;
 * and of those only the callers the route accepts, a user or agent actor from the gateway
 * alone (caller-policy.ts, 403); each signed request once per process (nonce-set.ts, 401).
 * The signature is checked before the body is read; the body, as it is read, must match the
 * digest the signature covers (else 401 before any handler).
 */
export const signedActorPlugin = fp<SignedActorOptions>(
  async (
    app,
    { internalSecret, clock = Date.now, windowMs = SIGNATURE_WINDOW_MS, sharedNonces },
  ) => {
    if (typeof internalSecret === 'string' ? internalSecret.length < 32 : !internalSecret?.size)
      throw new Error('signedActorPlugin: internalSecret must be at least 32 characters');
    app.decorateRequest('actor', null as unknown as Actor);
    const nonces = new NonceSet(2 * windowMs);
    // Callback hooks: none of them awaits anything, and an async hook costs every request a
    // promise and a turn of the microtask queue.
    app.addHook('onRequest', (request, _reply, done) => {
      if (isPublicRoute(request)) return done();
      const verified = checkRequest(
        request.headers,
        internalSecret,
        { method: request.method, url: request.url },
        clock(),
        windowMs,
      );
      if (verified === 'expired') return done(expired());
      if (!verified) return done(refused());
      const refusal = callerRefusal(verified, request);
      if (refusal) return done(refusal);
      // After the MAC and the caller: only nonces a trusted caller signed are remembered.
      if (!nonces.take(verified.nonce)) return done(replayed());
      const admit = () => {
        request.actor = verified.actor;
        vouched.set(request, { claimed: verified.bodyDigest });
        done();
      };
      if (!sharedNonces || !changesState(request.method)) return admit();
      // Fails open on its own (SharedNonces): a rejection here is not expected.
      sharedNonces.claim(verified.nonce).then(
        (first) => (first ? admit() : done(replayed())),
        (err: Error) => done(err),
      );
    });
    app.addHook('preParsing', (request, _reply, payload, done) => {
      const check = vouched.get(request);
      // Fastify reads no body of a GET or HEAD, nor one its headers say is empty: nothing to
      // hash, and the digest to match is the empty body's.
      if (!check || !carriesBody(request)) return done(null, payload);
      const hash = createHash('sha256');
      const tee = new Transform({
        transform(chunk: Buffer, _encoding, next) {
          hash.update(chunk);
          next(null, chunk);
        },
        flush(next) {
          check.seen = hash.digest('base64url');
          next();
        },
      });
      done(null, payload.pipe(tee));
    });
    app.addHook('preValidation', (request, _reply, done) => {
      const check = vouched.get(request);
      done(check && (check.seen ?? EMPTY_BODY_DIGEST) !== check.claimed ? refused() : undefined);
    });
  },
  { name: 'momentum-signed-actor', fastify: '5.x', dependencies: ['momentum-errors'] },
);
