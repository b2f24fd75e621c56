import { randomUUID } from 'node:crypto';
import { Schema, type Connection } from 'mongoose';
import { baseSchemaOptions } from '@momentum/service-kit';

export interface UserDoc {
  _id: string;
  name: string;
  email?: string | null;
  isAdmin: boolean;
  /** Set on the admin that startup ensures from ADMIN_API_KEY. */
  bootstrap?: boolean;
  createdAt: Date;
  updatedAt: Date;
}

export interface TeamDoc {
  _id: string;
  name: string;
  key: string;
  createdBy: string;
  createdAt: Date;
  updatedAt: Date;
}

export interface MembershipDoc {
  _id: string;
  teamId: string;
  userId: string;
  createdAt: Date;
}

export interface UserKeyDoc {
  _id: string;
  /** The public part of the key (`svc_<keyId>_…`). */
  keyId: string;
  userId: string;
  hash: string;
  revokedAt?: Date | null;
  lastUsedAt?: Date | null;
  createdAt: Date;
}

const id = { type: String, default: () => randomUUID() };

export function identityModels(db: Connection) {
  const users = new Schema<UserDoc>(
    {
      _id: id,
      name: { type: String, required: true },
      email: { type: String, default: null },
      isAdmin: { type: Boolean, default: false },
      bootstrap: { type: Boolean, default: false },
    },
    baseSchemaOptions,
  );
  users.index({ bootstrap: 1 });

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

  const memberships = new Schema<MembershipDoc>(
    { _id: id, teamId: { type: String, required: true }, userId: { type: String, required: true } },
    { ...baseSchemaOptions, timestamps: { createdAt: true, updatedAt: false } },
  );
  memberships.index({ teamId: 1, userId: 1 }, { unique: true });
  memberships.index({ userId: 1 });

  const userKeys = new Schema<UserKeyDoc>(
    {
      _id: id,
      keyId: { type: String, required: true },
      userId: { type: String, required: true },
      hash: { type: String, required: true },
      revokedAt: { type: Date, default: null },
      lastUsedAt: { type: Date, default: null },
    },
    { ...baseSchemaOptions, timestamps: { createdAt: true, updatedAt: false } },
  );
  userKeys.index({ keyId: 1 }, { unique: true });
  userKeys.index({ userId: 1 });

  return {
    User: db.model<UserDoc>('User', users, 'users'),
    Team: db.model<TeamDoc>('Team', teams, 'teams'),
    Membership: db.model<MembershipDoc>('Membership', memberships, 'memberships'),
    UserKey: db.model<UserKeyDoc>('UserKey', userKeys, 'user_keys'),
  };
}
export type IdentityModels = ReturnType<typeof identityModels>;
