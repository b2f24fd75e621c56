import { randomUUID } from 'node:crypto';
import { Schema, type Connection } from 'mongoose';
import type { EventEnvelope, TeamRole } from '@momentum/contracts';
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
  /**
   * How many current members are owners, never more (the last-owner guard decrements it
   * conditionally before an owner goes). Absent on teams made before roles: counted on first
   * use (team-roles.ts).
   */
  ownerCount?: number;
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
  /** Absent on memberships made before roles: `member`, or `owner` for the team's creator. */
  role?: TeamRole | null;
  removedAt?: Date | null;
  createdAt: Date;
  _outbox?: EventEnvelope[];
}

/** An invitation to a team; `expired` is not stored but read from `expiresAt`. */
export interface InvitationDoc {
  _id: string;
  teamId: string;
  role: Exclude<TeamRole, 'guest'>;
  /** The invitee: a user id, or an email (lower case) that a user's email matches. */
  userId: string | null;
  email: string | null;
  invitedBy: string;
  status: 'pending' | 'accepted' | 'declined' | 'revoked';
  expiresAt: Date;
  respondedAt: Date | null;
  createdAt: Date;
  _outbox?: EventEnvelope[];
}

/** One entry of a team's audit log: the event that recorded a change (its id is the `_id`). */
export interface AuditDoc {
  _id: string;
  teamId: string;
  type: string;
  actor: { type: 'user' | 'agent' | 'system'; id: string } | null;
  data: Record<string, unknown>;
  /** Whom the entry names (the actor, people in its data by id, an invitee's email). */
  people: string[];
  at: Date;
  /** When the TTL index drops it (AUDIT_RETENTION_DAYS after `at`). */
  expiresAt: Date;
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
  // A deleted person's address is free again.
  emailClaims.index({ userId: 1 });

  const teams = new Schema<TeamDoc>(
    {
      _id: id,
      name: { type: String, required: true },
      key: { type: String, required: true },
      createdBy: { type: String, required: true },
      ownerCount: { type: Number },
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
      role: { type: String },
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

  const invitations = new Schema<InvitationDoc>(
    {
      _id: id,
      teamId: { type: String, required: true },
      role: { type: String, required: true },
      userId: { type: String, default: null },
      email: { type: String, default: null },
      invitedBy: { type: String, required: true },
      status: { type: String, required: true, default: 'pending' },
      expiresAt: { type: Date, required: true },
      respondedAt: { type: Date, default: null },
      _outbox: outbox,
    },
    { ...baseSchemaOptions, timestamps: { createdAt: true, updatedAt: false } },
  );
  // The invitee's invitations (by id or by email) and a team's, newest first.
  invitations.index({ userId: 1, status: 1, createdAt: -1 });
  invitations.index({ email: 1, status: 1, createdAt: -1 });
  invitations.index({ teamId: 1, status: 1, createdAt: -1 });

  const audit = new Schema<AuditDoc>(
    {
      _id: { type: String, required: true },
      teamId: { type: String, required: true },
      type: { type: String, required: true },
      actor: { type: Schema.Types.Mixed, default: null },
      data: { type: Schema.Types.Mixed, default: {} },
      people: { type: [String], default: [] },
      at: { type: Date, required: true },
      expiresAt: { type: Date, required: true },
    },
    { ...baseSchemaOptions, timestamps: false },
  );
  // A team's log, newest first, paged by (at, _id); entries go after the retention time.
  audit.index({ teamId: 1, at: -1, _id: -1 });
  audit.index({ expiresAt: 1 }, { expireAfterSeconds: 0 });
  // The entries naming a person (ids, an invitee's email): rewritten when they are deleted.
  audit.index({ people: 1 });

  return {
    Audit: db.model<AuditDoc>('Audit', audit, 'audit_log'),
    Invitation: db.model<InvitationDoc>('Invitation', invitations, 'invitations'),
    User: db.model<UserDoc>('User', users, 'users'),
    EmailClaim: db.model<EmailClaimDoc>('EmailClaim', emailClaims, 'email_claims'),
    Team: db.model<TeamDoc>('Team', teams, 'teams'),
    Membership: db.model<MembershipDoc>('Membership', memberships, 'memberships'),
    UserKey: db.model<UserKeyDoc>('UserKey', userKeys, 'user_keys'),
  };
}
export type IdentityModels = ReturnType<typeof identityModels>;
