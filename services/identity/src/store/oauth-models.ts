import { randomUUID } from 'node:crypto';
import { Schema, type Connection } from 'mongoose';
import type { EventEnvelope } from '@momentum/contracts';
import { baseSchemaOptions } from '@momentum/storage';

/** A client registered dynamically (RFC 7591); metadata-document clients are not stored. */
export interface OAuthClientDoc {
  _id: string;
  name: string;
  uri: string | null;
  redirectUris: string[];
  createdAt: Date;
}

/** An authorization code, by the SHA-256 of the code; single use (`usedAt`). */
export interface OAuthCodeDoc {
  _id: string;
  clientId: string;
  clientName: string;
  clientUri: string | null;
  redirectUri: string;
  challenge: string;
  resource: string;
  scopes: string[];
  userId: string;
  agentId: string | null;
  keyId: string;
  keyExpiresAt: Date | null;
  expiresAt: Date;
  usedAt: Date | null;
  /** The grant its redemption made: revoked if the code is presented again. */
  grantId: string | null;
}

/** What a person allowed a client: revoking it ends every token issued under it. */
export interface OAuthGrantDoc {
  _id: string;
  userId: string;
  agentId: string | null;
  /**
   * The key the person consented with (and its expiry): the grant ends with it. Null on
   * grants made before keys were recorded.
   */
  keyId: string | null;
  keyExpiresAt: Date | null;
  clientId: string;
  clientName: string;
  clientUri: string | null;
  scopes: string[];
  revokedAt: Date | null;
  lastUsedAt: Date | null;
  createdAt: Date;
  _outbox?: EventEnvelope[];
}

/** An access or refresh token, by id, with the SHA-256 of the whole token. */
export interface OAuthTokenDoc {
  _id: string;
  grantId: string;
  kind: 'access' | 'refresh';
  hash: string;
  resource: string;
  expiresAt: Date;
  /** A refresh token once rotated: presenting it again revokes the grant. */
  usedAt: Date | null;
  createdAt: Date;
}

const outbox = { type: [Schema.Types.Mixed], default: undefined };
const created = { ...baseSchemaOptions, timestamps: { createdAt: true, updatedAt: false } };

export function oauthModels(db: Connection) {
  const clients = new Schema<OAuthClientDoc>(
    {
      _id: { type: String, default: () => randomUUID() },
      name: { type: String, required: true },
      uri: { type: String, default: null },
      redirectUris: { type: [String], required: true },
    },
    created,
  );
  const codes = new Schema<OAuthCodeDoc>(
    {
      _id: String,
      clientId: { type: String, required: true },
      clientName: { type: String, required: true },
      clientUri: { type: String, default: null },
      redirectUri: { type: String, required: true },
      challenge: { type: String, required: true },
      resource: { type: String, required: true },
      scopes: { type: [String], required: true },
      userId: { type: String, required: true },
      agentId: { type: String, default: null },
      keyId: { type: String, required: true },
      keyExpiresAt: { type: Date, default: null },
      expiresAt: { type: Date, required: true },
      usedAt: { type: Date, default: null },
      grantId: { type: String, default: null },
    },
    baseSchemaOptions,
  );
  // A deleted person's codes go with the account.
  codes.index({ userId: 1 });
  const grants = new Schema<OAuthGrantDoc>(
    {
      _id: { type: String, default: () => randomUUID() },
      userId: { type: String, required: true },
      agentId: { type: String, default: null },
      keyId: { type: String, default: null },
      keyExpiresAt: { type: Date, default: null },
      clientId: { type: String, required: true },
      clientName: { type: String, required: true },
      clientUri: { type: String, default: null },
      scopes: { type: [String], required: true },
      revokedAt: { type: Date, default: null },
      lastUsedAt: { type: Date, default: null },
      _outbox: outbox,
    },
    created,
  );
  // A user's live grants, newest first (GET /api/users/me/authorizations).
  grants.index({ userId: 1, revokedAt: 1, createdAt: -1 });
  const tokens = new Schema<OAuthTokenDoc>(
    {
      _id: String,
      grantId: { type: String, required: true },
      kind: { type: String, enum: ['access', 'refresh'], required: true },
      hash: { type: String, required: true },
      resource: { type: String, required: true },
      expiresAt: { type: Date, required: true },
      usedAt: { type: Date, default: null },
    },
    created,
  );
  tokens.index({ grantId: 1 });
  return {
    OAuthClient: db.model<OAuthClientDoc>('OAuthClient', clients, 'oauth_clients'),
    OAuthCode: db.model<OAuthCodeDoc>('OAuthCode', codes, 'oauth_codes'),
    OAuthGrant: db.model<OAuthGrantDoc>('OAuthGrant', grants, 'oauth_grants'),
    OAuthToken: db.model<OAuthTokenDoc>('OAuthToken', tokens, 'oauth_tokens'),
  };
}
export type OAuthModels = ReturnType<typeof oauthModels>;
