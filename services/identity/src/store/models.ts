import { randomUUID } from 'node:crypto';
import { Schema, type Connection } from 'mongoose';
import type { EventEnvelope } from '@momentum/contracts';
import { baseSchemaOptions } from '@momentum/storage';

export interface UserDoc {
  _id: string;
  name: string;
  email?: string | null;
  isAdmin: boolean;
  /** Set on the admin that startup ensures from ADMIN_API_KEY. */
  bootstrap?: boolean;
  /** The name and email folded (people-search.ts): the admin list's order and `?q=` prefixes. */
  nameKey?: string;
  emailKey?: string | null;
  /** IANA zone the person gave (`PATCH /api/users/me`); null: none. */
  timeZone?: string | null;
  /** Set by an instance admin: the user's keys (and their agents') are refused from then. */
  deactivatedAt?: Date | null;
  createdAt: Date;
  updatedAt: Date;
  _outbox?: EventEnvelope[];
}

/**
 * A claim on an email address (`_id`: the address lower-cased): one user per address,
 * whatever the number of concurrent changes, by the unique `_id`.
 */
export interface EmailClaimDoc {
  _id: string;
  userId: string;
  createdAt: Date;
}

export interface TeamDoc {
  _id: string;
  name: string;
  key: string;
  createdBy: string;
  createdAt: Date;
  updatedAt: Date;
}

/**
 * One user's membership of one team (unique per pair). Removal keeps the document with
 * `removedAt` set, so the removal's event has a document to travel in; adding the user
 * again clears it.
 */
export interface MembershipDoc {
  _id: string;
  teamId: string;
  userId: string;
  /** Absent on memberships made before roles: read as `member` (domain/directory.ts roleOf). */
  role?: string | null;
  removedAt?: Date | null;
  createdAt: Date;
  _outbox?: EventEnvelope[];
}

export interface UserKeyDoc {
  _id: string;
  /** The public part of the key (`svc_<keyId>_…`). */
  keyId: string;
  userId: string;
  hash: string;
  /** The key's label, scopes (null: every scope) and expiry (null: never); see KeyGrant. */
  name?: string | null;
  scopes?: string[] | null;
  expiresAt?: Date | null;
  revokedAt?: Date | null;
  lastUsedAt?: Date | null;
  createdAt: Date;
  _outbox?: EventEnvelope[];
}

const id = { type: String, default: () => randomUUID() };
/** Events stored with the write that caused them, until the relay or the reply publishes them. */
const outbox = { type: [Schema.Types.Mixed], default: undefined };

export function identityModels(db: Connection) {
  const users = new Schema<UserDoc>(
    {
      _id: id,
      name: { type: String, required: true },
      email: { type: String, default: null },
      isAdmin: { type: Boolean, default: false },
      bootstrap: { type: Boolean, default: false },
      nameKey: { type: String },
      emailKey: { type: String, default: null },
      timeZone: { type: String, default: null },
      deactivatedAt: { type: Date, default: null },
      _outbox: outbox,
    },
    baseSchemaOptions,
  );
  users.index({ bootstrap: 1 });
  // The admin list, by name (ties by id), and its `?q=`: a range on the name or on the email
  // (scalars: a range over an array field may match two elements apart).
  users.index({ nameKey: 1, _id: 1 });
  users.index({ emailKey: 1 });

  const emailClaims = new Schema<EmailClaimDoc>(
    { _id: { type: String, required: true }, userId: { type: String, required: true } },
    { ...baseSchemaOptions, timestamps: { createdAt: true, updatedAt: false } },
  );

  const teams = new Schema<TeamDoc>(
    {
      _id: id,
      name: { type: String, required: true },
      key: { type: String, required: true },
      createdBy: { type: String, required: true },
    },
    baseSchemaOptions,
  );
  teams.index({ key: 1 }, { unique: true });
  // The teams-per-user quota counts a creator's teams (team-quota.ts).
  teams.index({ createdBy: 1 });

  const memberships = new Schema<MembershipDoc>(
    {
      _id: id,
      teamId: { type: String, required: true },
      userId: { type: String, required: true },
      removedAt: { type: Date, default: null },
      _outbox: outbox,
    },
    { ...baseSchemaOptions, timestamps: { createdAt: true, updatedAt: false } },
  );
  // One membership per pair, whatever the number of concurrent adds (and the team's members).
  memberships.index({ teamId: 1, userId: 1 }, { unique: true });
  // A user's teams (key verification, /api/me, /api/teams) and a team's members.
  memberships.index({ userId: 1, removedAt: 1 });
  memberships.index({ teamId: 1, removedAt: 1 });

  const userKeys = new Schema<UserKeyDoc>(
    {
      _id: id,
      keyId: { type: String, required: true },
      userId: { type: String, required: true },
      hash: { type: String, required: true },
      name: { type: String, default: null },
      scopes: { type: [String], default: null },
      expiresAt: { type: Date, default: null },
      revokedAt: { type: Date, default: null },
      lastUsedAt: { type: Date, default: null },
      _outbox: outbox,
    },
    { ...baseSchemaOptions, timestamps: { createdAt: true, updatedAt: false } },
  );
  userKeys.index({ keyId: 1 }, { unique: true });
  // The caller's active keys, oldest first.
  userKeys.index({ userId: 1, revokedAt: 1, createdAt: 1 });
  // All of a user's keys, oldest first (the bootstrap key's predecessors, revoked ones too).
  userKeys.index({ userId: 1, createdAt: 1 });

  return {
    User: db.model<UserDoc>('User', users, 'users'),
    EmailClaim: db.model<EmailClaimDoc>('EmailClaim', emailClaims, 'email_claims'),
    Team: db.model<TeamDoc>('Team', teams, 'teams'),
    Membership: db.model<MembershipDoc>('Membership', memberships, 'memberships'),
    UserKey: db.model<UserKeyDoc>('UserKey', userKeys, 'user_keys'),
  };
}
export type IdentityModels = ReturnType<typeof identityModels>;
