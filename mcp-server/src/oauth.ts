import { createHash } from 'node:crypto';
import type { Config } from './config.js';

/**
 * This server as an OAuth protected resource of its own (docs/SECURITY.md, "OAuth"): it
 * advertises its metadata (RFC 9728) naming the gateway as its authorization server, accepts
 * tokens issued for itself (`<MCP_PUBLIC_URL>/mcp`), and never forwards them: it exchanges
 * each at the gateway's token endpoint (RFC 8693, authenticated with OAUTH_EXCHANGE_SECRET)
 * for a token meant for the gateway, which is what its tools then call with.
 */
export const ACCESS_TOKEN_PREFIX = 'mat_';
const TOKEN_EXCHANGE = 'urn:ietf:params:oauth:grant-type:token-exchange';
const ACCESS_TOKEN_TYPE = 'urn:ietf:params:oauth:token-type:access_token';
/** An exchanged token is used until this long before it expires. */
const MARGIN_MS = 10_000;

export const publicUrlOf = (config: Config) =>
  (config.MCP_PUBLIC_URL ?? `http://${config.HOST}:${config.MCP_PORT}`).replace(/\/+$/, '');
export const resourceOf = (config: Config) => `${publicUrlOf(config)}/mcp`;
export const metadataUrlOf = (config: Config) =>
  `${publicUrlOf(config)}/.well-known/oauth-protected-resource/mcp`;
const issuerOf = (config: Config) =>
  (config.OAUTH_ISSUER ?? config.SVC_BASE_URL).replace(/\/+$/, '');

/** Whether OAuth is offered: only with the secret the exchange needs. */
export const oauthOn = (config: Config) => config.OAUTH_EXCHANGE_SECRET !== undefined;

export function protectedResourceMetadata(config: Config, scopes: readonly string[]) {
  return {
    resource: resourceOf(config),
    authorization_servers: [issuerOf(config)],
    scopes_supported: scopes,
    bearer_methods_supported: ['header'],
    resource_name: 'Momentum (standalone MCP server)',
  };
}

interface Exchanged {
  authorization: string;
  expiresAt: number;
}

/** Tokens exchanged, by the SHA-256 of the client's token, until shortly before they expire. */
export class TokenExchanger {
  private readonly cache = new Map<string, Exchanged>();

  constructor(private readonly config: Config) {}

  /** The Authorization header to call the gateway with for a client's token; null: refused. */
  async gatewayAuthorization(token: string): Promise<string | null> {
    const key = createHash('sha256').update(token).digest('base64url');
    const now = Date.now();
    const hit = this.cache.get(key);
    if (hit && hit.expiresAt - MARGIN_MS > now) return hit.authorization;
    this.cache.delete(key);
    const basic = Buffer.from(
      `${encodeURIComponent(resourceOf(this.config))}:${encodeURIComponent(this.config.OAUTH_EXCHANGE_SECRET ?? '')}`,
    ).toString('base64');
    const res = await fetch(`${this.config.SVC_BASE_URL.replace(/\/+$/, '')}/oauth/token`, {
      method: 'POST',
      headers: {
        authorization: `Basic ${basic}`,
        'content-type': 'application/x-www-form-urlencoded',
        accept: 'application/json',
      },
      body: new URLSearchParams({
        grant_type: TOKEN_EXCHANGE,
        subject_token: token,
        subject_token_type: ACCESS_TOKEN_TYPE,
        resource: issuerOf(this.config),
      }),
      signal: AbortSignal.timeout(10_000),
    });
    if (res.status === 400 || res.status === 401) return null;
    if (!res.ok) throw new Error(`the token exchange answered ${res.status}`);
    const body = (await res.json()) as { access_token: string; expires_in: number };
    const exchanged = {
      authorization: `Bearer ${body.access_token}`,
      expiresAt: now + body.expires_in * 1000,
    };
    if (this.cache.size >= 10_000) this.cache.clear();
    this.cache.set(key, exchanged);
    return exchanged.authorization;
  }
}
