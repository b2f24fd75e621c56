import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { OAuthGrantRecord } from '@momentum/contracts';
import { one, type Form } from './form-body.js';
import { gatewayResources, issuerOf } from './issuer.js';
import { OAuthError, sendOAuthError } from './oauth-errors.js';
import { isVerifier, s256 } from './pkce.js';
import { newToken, parseToken, sha256Hex } from './tokens.js';
import { verifyAccess } from './access-tokens.js';
import { exchangeClientAuthenticated } from './exchange-auth.js';
import type { OAuthDeps } from './deps.js';

export const TOKEN_EXCHANGE = 'urn:ietf:params:oauth:grant-type:token-exchange';
export const ACCESS_TOKEN_TYPE = 'urn:ietf:params:oauth:token-type:access_token';

const invalidGrant = (why: string) => new OAuthError('invalid_grant', why);
const required = (form: Form | undefined, name: string) => {
  const v = one(form, name);
  if (!v) throw new OAuthError('invalid_request', `${name} is required (once)`);
  return v;
};

/**
 * `POST /oauth/token`: a code for a grant's first tokens (PKCE S256, the exact redirect URI,
 * the resource), a refresh token for the next pair (rotated; a spent one revokes the grant),
 * or — for the standalone MCP servers only — a token for one of them exchanged for a token
 * for this gateway (RFC 8693), so that no server passes on a token that was not meant for
 * where it sends it.
 */
export function registerTokenEndpoint(scope: FastifyInstance, deps: OAuthDeps): void {
  const { config } = deps;
  const pair = (resource: string) => {
    const access = newToken('access');
    const refresh = newToken('refresh');
    const now = Date.now();
    const at = (s: number) => new Date(now + s * 1000).toISOString();
    return {
      access,
      refresh,
      stored: {
        access: {
          id: access.id,
          hash: access.hash,
          resource,
          expiresAt: at(config.OAUTH_ACCESS_TTL_S),
        },
        refresh: {
          id: refresh.id,
          hash: refresh.hash,
          resource,
          expiresAt: at(config.OAUTH_REFRESH_TTL_S),
        },
      },
    };
  };
  const issued = (reply: FastifyReply, grant: OAuthGrantRecord, p: ReturnType<typeof pair>) =>
    reply.header('pragma', 'no-cache').send({
      access_token: p.access.raw,
      token_type: 'Bearer',
      expires_in: config.OAUTH_ACCESS_TTL_S,
      refresh_token: p.refresh.raw,
      scope: grant.scopes.join(' '),
    });

  async function authorizationCode(reply: FastifyReply, form: Form) {
    const code = required(form, 'code');
    const clientId = required(form, 'client_id');
    const redirectUri = required(form, 'redirect_uri');
    const verifier = required(form, 'code_verifier');
    if (!isVerifier(verifier)) throw invalidGrant('code_verifier is not a PKCE verifier');
    const resource = one(form, 'resource') ?? null;
    // The resource decides the tokens' audience; identity checks it is the code's.
    const p = pair(resource ?? '');
    const grant = await deps.store.redeem({
      hash: sha256Hex(code),
      clientId,
      redirectUri,
      challenge: s256(verifier),
      resource,
      access: p.stored.access,
      refresh: p.stored.refresh,
    });
    if (!grant)
      throw invalidGrant('The code is invalid, expired, used, or not bound to these values');
    return issued(reply, grant, p);
  }

  async function refreshToken(reply: FastifyReply, form: Form) {
    const raw = required(form, 'refresh_token');
    const clientId = required(form, 'client_id');
    const parsed = parseToken('refresh', raw);
    if (!parsed) throw invalidGrant('The refresh token is invalid');
    const resource = one(form, 'resource') ?? null;
    const p = pair(resource ?? '');
    const grant = await deps.store.refresh({
      ...parsed,
      clientId,
      resource,
      access: p.stored.access,
      refresh: p.stored.refresh,
    });
    if (!grant) throw invalidGrant('The refresh token is invalid, expired, spent or revoked');
    return issued(reply, grant, p);
  }

  async function tokenExchange(request: FastifyRequest, reply: FastifyReply, form: Form) {
    if (!exchangeClientAuthenticated(request, config.OAUTH_EXCHANGE_SECRET))
      throw new OAuthError('invalid_client', 'Token exchange is for Momentum’s MCP servers', 401);
    if (one(form, 'subject_token_type') !== ACCESS_TOKEN_TYPE)
      throw new OAuthError('invalid_request', `subject_token_type must be ${ACCESS_TOKEN_TYPE}`);
    const issuer = issuerOf(config.OAUTH_ISSUER, request);
    const resource = one(form, 'resource') ?? issuer;
    if (!gatewayResources(issuer).includes(resource))
      throw new OAuthError('invalid_target', 'Tokens are exchanged for this gateway only');
    const subject = await verifyAccess(deps.store, required(form, 'subject_token'));
    // Only a token issued for one of the standalone servers: the gateway's own need none.
    if (!subject || !config.OAUTH_RESOURCES.includes(subject.record.resource))
      throw invalidGrant('The subject token is invalid, expired, or not for an MCP server');
    const access = newToken('access');
    const ttl = config.OAUTH_ACCESS_TTL_S * 1000;
    const expiresAt = Math.min(Date.parse(subject.record.expiresAt), Date.now() + ttl);
    const stored = {
      id: access.id,
      hash: access.hash,
      resource,
      expiresAt: new Date(expiresAt).toISOString(),
    };
    if (!(await deps.store.addAccess(subject.record.grantId, stored)))
      throw invalidGrant('The grant ended');
    return reply.header('pragma', 'no-cache').send({
      access_token: access.raw,
      issued_token_type: ACCESS_TOKEN_TYPE,
      token_type: 'Bearer',
      expires_in: Math.max(1, Math.floor((expiresAt - Date.now()) / 1000)),
      scope: subject.record.scopes.join(' '),
    });
  }

  scope.post('/oauth/token', async (request, reply) => {
    const form = request.body as Form | undefined;
    try {
      const type = one(form, 'grant_type');
      if (type === 'authorization_code') return await authorizationCode(reply, form!);
      if (type === 'refresh_token') return await refreshToken(reply, form!);
      if (type === TOKEN_EXCHANGE) return await tokenExchange(request, reply, form!);
      throw new OAuthError(
        'unsupported_grant_type',
        'grant_type must be authorization_code, refresh_token or token exchange',
      );
    } catch (err) {
      if (err instanceof OAuthError) return sendOAuthError(reply, err);
      throw err;
    }
  });
}
