import { z } from 'zod';

/**
 * OAuth 2.1 grants (docs/SECURITY.md, "OAuth"): what the gateway's authorization server
 * hands identity to keep, and what a person sees of the clients they connected. Tokens are
 * opaque; only their SHA-256 is ever stored.
 */

/** Access tokens begin with `mat_`, refresh tokens with `mrt_`: `<prefix><id>_<secret>`. */
export const ACCESS_TOKEN_PREFIX = 'mat_';
export const REFRESH_TOKEN_PREFIX = 'mrt_';

/** What the key cache files an OAuth verdict under: revoking the grant drops it (`oauth:<id>`). */
export const grantCacheKey = (grantId: string) => `oauth:${grantId}`;

const Id = z.string().min(1).max(64);
const Hash = z.string().regex(/^[0-9a-f]{64}$/);
const Url = z.string().max(2048);

/** A token as stored: its id (the part after the prefix), its hash and when it ends. */
export const StoredToken = z.strictObject({
  id: Id,
  hash: Hash,
  expiresAt: z.iso.datetime(),
  resource: Url,
});
export type StoredToken = z.infer<typeof StoredToken>;

export const OAuthClientRegistration = z.strictObject({
  name: z.string().min(1).max(200),
  uri: Url.nullable(),
  redirectUris: z.array(Url).min(1).max(10),
});
export type OAuthClientRegistration = z.infer<typeof OAuthClientRegistration>;

export const OAuthClientRecord = OAuthClientRegistration.extend({ id: Id });
export type OAuthClientRecord = z.infer<typeof OAuthClientRecord>;

/** A code as the consent page issued it (its hash), with all it is bound to. */
export const OAuthCodeRecord = z.strictObject({
  hash: Hash,
  clientId: Url,
  clientName: z.string().max(200),
  clientUri: Url.nullable(),
  redirectUri: Url,
  /** The PKCE S256 challenge. */
  challenge: z.string().min(43).max(128),
  resource: Url,
  scopes: z.array(z.string().max(64)).max(64),
  userId: Id,
  /** The agent the tokens will act as (one of the user's); null: the user. */
  agentId: Id.nullable(),
  /**
   * The key the person consented with, and when it expires (null: never): the grant ends
   * when that key is revoked or expires (docs/SECURITY.md, "Nothing outlives its key").
   */
  keyId: Id,
  keyExpiresAt: z.iso.datetime().nullable(),
  expiresAt: z.iso.datetime(),
});
export type OAuthCodeRecord = z.infer<typeof OAuthCodeRecord>;

/** A code presented at the token endpoint, with the tokens to store if it redeems. */
export const OAuthRedemption = z.strictObject({
  hash: Hash,
  clientId: Url,
  redirectUri: Url,
  /** S256 of the presented verifier, compared with the code's challenge. */
  challenge: z.string().min(43).max(128),
  resource: Url.nullable(),
  access: StoredToken,
  refresh: StoredToken,
});
export type OAuthRedemption = z.infer<typeof OAuthRedemption>;

export const OAuthRefresh = z.strictObject({
  id: Id,
  hash: Hash,
  clientId: Url,
  resource: Url.nullable(),
  access: StoredToken,
  refresh: StoredToken,
});
export type OAuthRefresh = z.infer<typeof OAuthRefresh>;

/** A token presented for revocation (RFC 7009), or for exchange (RFC 8693). */
export const OAuthTokenRef = z.strictObject({ id: Id, hash: Hash });

/** The grant a token belongs to, as the gateway needs it. */
export interface OAuthGrantRecord {
  grantId: string;
  userId: string;
  agentId: string | null;
  clientId: string;
  scopes: string[];
}

/** An access token's record for verification: the gateway compares the hash. */
export interface OAuthAccessRecord extends OAuthGrantRecord {
  hash: string;
  resource: string;
  expiresAt: string;
  /** The user as the actor of their own grants (name, teams, admin). */
  user: { id: string; name: string; teamIds: string[]; isAdmin: boolean };
}

/** A connected client, as `GET /api/users/me/authorizations` lists it. */
export const AuthorizationView = z
  .object({
    id: z.string(),
    client: z.object({
      id: z.string().describe('The client id: an HTTPS metadata URL or a registered id'),
      name: z.string(),
      uri: z.string().nullable(),
    }),
    scopes: z.array(z.string()),
    actingAs: z
      .object({ type: z.enum(['user', 'agent']), id: z.string() })
      .describe('Whom the tokens act as: the user, or one of their agents'),
    createdAt: z.string(),
    lastUsedAt: z.string().nullable(),
  })
  .meta({ id: 'Authorization' });
export type AuthorizationView = z.infer<typeof AuthorizationView>;
