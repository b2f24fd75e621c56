import fp from 'fastify-plugin';
import type { FastifyRequest } from 'fastify';
import { ACCESS_TOKEN_PREFIX, AppError, type Actor } from '@momentum/contracts';
import {
  invalidTokenChallenge,
  isPublicRoute,
  signActor,
  signerToward,
  type Signer,
  type SigningConfig,
} from '@momentum/http';
import { parseApiKey } from '@momentum/keys';
import { forwardedBodyDigest } from './body-digest.js';
import type { KeyResolver } from './key-resolver.js';
import type { AccessTokenResolver } from '../oauth/access-tokens.js';
import {
  discoveryChallenge,
  gatewayResources,
  issuerOf,
  resourceMetadataUrl,
} from '../oauth/issuer.js';
import { traceHeaders } from '@momentum/telemetry';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The key may come as `?access_token=` (GET /api/events: EventSource sends no header). */
    queryToken?: boolean;
  }
  interface FastifyRequest {
    /** Signs the actor for one service, bound to this request (null without a valid key). */
    signFor: ((upstream: string) => Record<string, string>) | null;
    /** The id part of a verified key (never the secret); null without a valid key. */
    apiKeyId: string | null;
  }
}

/** The token of an `Authorization: Bearer <token>` header, whatever it looks like. */
export function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (typeof header !== 'string') return null;
  const m = /^Bearer\s+(\S+)$/i.exec(header.trim());
  return m ? m[1]! : null;
}

const MISSING = 'Missing API key: send Authorization: Bearer svc_…';
const MALFORMED = 'Malformed API key: Momentum keys begin with svc_';
const REFUSED = 'Invalid, revoked or inactive API key';
const REFUSED_TOKEN = 'Invalid, expired or revoked access token, or one for another resource';

/**
 * A 401 for a key that was sent and refused says so in WWW-Authenticate (RFC 6750); with
 * OAuth on, every 401 also names the resource's metadata (RFC 9728 §5.1), where an MCP
 * client starts its authorization.
 */
const refused = (message: string, metadata: string | null) =>
  new AppError('UNAUTHORIZED', message, undefined, {
    'www-authenticate': metadata
      ? discoveryChallenge(metadata, message)
      : invalidTokenChallenge(message),
  });
const missing = (metadata: string | null) =>
  new AppError(
    'UNAUTHORIZED',
    MISSING,
    undefined,
    metadata ? { 'www-authenticate': discoveryChallenge(metadata) } : undefined,
  );

export interface AuthenticationOptions {
  resolver: KeyResolver;
  /** Signs the actor the services trust (at least 32 characters). */
  internalSecret: string;
  /** Per-service keys (SIGNING_KEYS): the gateway's own key toward each service. */
  signing?: SigningConfig;
  /** OAuth access tokens (`mat_…`), when the authorization server is on. */
  oauth?: { tokens: AccessTokenResolver; issuer?: string | undefined };
}

/**
 * Authenticates every request before routing, except on routes that say `config.public`: a
 * missing, malformed, unknown or revoked key is 401 in the path's error shape, with
 * `WWW-Authenticate: Bearer` (and `error="invalid_token"` when a key was sent). The resolved
 * actor travels on as a signed header; the raw key does not. Every request is counted by the
 * rate limiter once its caller is known, refused ones included.
 */
export const authenticationPlugin = fp<AuthenticationOptions>(
  async (app, { resolver, internalSecret, signing, oauth }) => {
    if (typeof resolver?.resolve !== 'function')
      throw new Error('authenticationPlugin: a key resolver is required');
    if (typeof internalSecret !== 'string' || internalSecret.length < 32)
      throw new Error('authenticationPlugin: internalSecret must be at least 32 characters');
    app.decorateRequest('actor', null as unknown as Actor);
    app.decorateRequest('signFor', null);
    const signers = new Map<string, string | Signer>();
    const signerFor = (upstream: string) => {
      let signer = signers.get(upstream);
      if (!signer) {
        signer = signerToward(signing ?? { INTERNAL_SECRET: internalSecret }, 'gateway', upstream);
        signers.set(upstream, signer);
      }
      return signer;
    };
    app.decorateRequest('apiKeyId', null);

    app.addHook('onRequest', async (request, reply) => {
      if (isPublicRoute(request)) return app.throttle(request, reply);
      const token = bearerToken(request) ?? queryKey(request);
      const key = token?.startsWith('svc_') ? token : null;
      const issuer = oauth ? issuerOf(oauth.issuer, request) : null;
      const access =
        oauth && !key && token?.startsWith(ACCESS_TOKEN_PREFIX)
          ? await oauth.tokens.resolve(token, gatewayResources(issuer!))
          : null;
      const actor = key ? await resolver.resolve(key, request.ip) : (access?.actor ?? null);
      if (token && actor) {
        request.actor = actor;
        // An OAuth grant counts as one key (rate limits, live streams): `oauth:<grant>`.
        request.apiKeyId = key ? (parseApiKey(key)?.keyId ?? null) : access!.grantKey;
        // Signed as it goes out, bound to the method, the URL and the body sent upstream.
        request.signFor = (upstream) =>
          signActor(actor, signerFor(upstream), {
            method: request.method,
            url: request.url,
            bodyDigest: forwardedBodyDigest(request),
          });
      }
      await app.throttle(request, reply);
      const metadata = issuer
        ? resourceMetadataUrl(issuer, request.url.startsWith('/mcp') ? '/mcp' : '')
        : null;
      if (token === null) throw missing(metadata);
      if (actor) return;
      if (oauth && token.startsWith(ACCESS_TOKEN_PREFIX)) throw refused(REFUSED_TOKEN, metadata);
      if (key === null) throw refused(MALFORMED, metadata);
      throw refused(REFUSED, metadata);
    });
  },
  {
    name: 'momentum-authentication',
    fastify: '5.x',
    dependencies: ['momentum-errors', 'momentum-rate-limit'],
    decorators: { fastify: ['throttle'] },
  },
);

/** Headers sent to `upstream`: the client's, minus its key, plus the actor signed for it. */
export function upstreamHeaders(
  request: {
    signFor: ((upstream: string) => Record<string, string>) | null;
    id: string;
    raw?: object;
  },
  headers: Record<string, unknown>,
  upstream: string,
): Record<string, string> {
  // A copy without the key and the caller's trace headers (a loop: rest-destructuring a
  // header object costs more, on every request).
  const out: Record<string, string> = {};
  for (const name in headers) {
    if (!NOT_SENT_ON.has(name)) out[name] = headers[name] as string;
  }
  if (request.signFor) Object.assign(out, request.signFor(upstream));
  out['x-request-id'] = request.id;
  // The gateway's own span is the service's parent (a caller's traceparent was continued).
  return Object.assign(out, traceHeaders(request.raw));
}

/** `?access_token=` on a route that takes it; looked at only when no header came. */
function queryKey(request: FastifyRequest): string | null {
  if (request.routeOptions.config.queryToken !== true) return null;
  const token = (request.query as { access_token?: unknown } | null)?.access_token;
  return typeof token === 'string' && token ? token : null;
}

/** Client headers that never reach a service: the key, and the trace the gateway continued. */
const NOT_SENT_ON = new Set(['authorization', 'traceparent', 'tracestate']);

export { queryKey };
export type { Actor };
