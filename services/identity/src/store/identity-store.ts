import { isDuplicateKey } from '@momentum/service-kit';
import { AppError, notFound, type UserSummary } from '@momentum/contracts';
import type { IdentityModels, TeamDoc, UserDoc } from './models.js';
import { alternativeKey } from '../domain/team-key.js';

/** The identity queries; every list is served by an index declared in models.ts. */
export class IdentityStore {
  constructor(private readonly m: IdentityModels) {}

  findUser(id: string) {
    return this.m.User.findById(id).lean<UserDoc>();
  }

  async createUser(input: {
    name: string;
    email?: string | null;
    isAdmin?: boolean;
    bootstrap?: boolean;
  }) {
    const doc = await this.m.User.create({ ...input, email: input.email ?? null });
    return doc.toObject<UserDoc>();
  }

  findBootstrapAdmin() {
    return this.m.User.findOne({ bootstrap: true }).lean<UserDoc>();
  }

  async teamIdsOf(userId: string): Promise<string[]> {
    const rows = await this.m.Membership.find({ userId }, { teamId: 1 }).lean();
    return rows.map((r) => r.teamId);
  }

  teamsOf(teamIds: readonly string[]) {
    return this.m.Team.find({ _id: { $in: [...teamIds] } })
      .sort({ createdAt: 1 })
      .lean<TeamDoc[]>();
  }

  findTeam(id: string) {
    return this.m.Team.findById(id).lean<TeamDoc>();
  }

  /** Creates a team with a unique key: the given one, or the derived one with a number. */
  async createTeam(input: {
    name: string;
    key: string;
    chosen: boolean;
    createdBy: string;
  }): Promise<TeamDoc> {
    for (let attempt = 0; attempt < 50; attempt++) {
      const key = alternativeKey(input.key, attempt);
      try {
        const doc = await this.m.Team.create({ name: input.name, key, createdBy: input.createdBy });
        return doc.toObject<TeamDoc>();
      } catch (err) {
        if (!isDuplicateKey(err)) throw err;
        if (input.chosen)
          throw new AppError('CONFLICT', `Team key ${input.key} is taken`, {
            field: 'key',
            rule: 'unique',
          });
      }
    }
    throw new AppError('CONFLICT', 'Could not find a free team key; choose one with `key`');
  }

  /** Idempotent: adding a member twice keeps one membership. */
  async addMember(teamId: string, userId: string): Promise<boolean> {
    const res = await this.m.Membership.updateOne(
      { teamId, userId },
      { $setOnInsert: { teamId, userId } },
      { upsert: true },
    );
    return res.upsertedCount > 0;
  }

  async removeMember(teamId: string, userId: string): Promise<boolean> {
    const res = await this.m.Membership.deleteOne({ teamId, userId });
    return res.deletedCount > 0;
  }

  async isMember(teamId: string, userId: string): Promise<boolean> {
    return (await this.m.Membership.countDocuments({ teamId, userId })) > 0;
  }

  async members(teamId: string): Promise<UserSummary[]> {
    const rows = await this.m.Membership.find({ teamId }, { userId: 1 }).lean();
    return this.summaries(rows.map((r) => r.userId));
  }

  async summaries(ids: readonly string[]): Promise<UserSummary[]> {
    const users = await this.m.User.find({ _id: { $in: [...ids] } }, { name: 1 }).lean<UserDoc[]>();
    return users.map((u) => ({ id: u._id, name: u.name, avatar: avatarUrl(u._id) }));
  }

  async createKey(userId: string, keyId: string, hash: string) {
    const doc = await this.m.UserKey.create({ keyId, userId, hash });
    return doc._id;
  }

  findKeyByKeyId(keyId: string) {
    return this.m.UserKey.findOne({ keyId }).lean();
  }

  setKeyHash(keyId: string, hash: string) {
    return this.m.UserKey.updateOne({ keyId }, { $set: { hash, revokedAt: null } });
  }

  listKeys(userId: string) {
    return this.m.UserKey.find({ userId, revokedAt: null }, { keyId: 1, createdAt: 1 })
      .sort({ createdAt: 1 })
      .lean();
  }

  /** Revoke one of the caller's own keys; another user's key id is simply not found. */
  async revokeKey(userId: string, id: string): Promise<string> {
    const key = await this.m.UserKey.findOneAndUpdate(
      { _id: id, userId, revokedAt: null },
      { $set: { revokedAt: new Date() } },
    ).lean();
    if (!key) throw notFound('API key');
    return key.keyId;
  }
}

/** A stable generated avatar address; users have no uploads yet. */
export const avatarUrl = (userId: string) => `https://avatars.momentum.dev/${userId}.svg`;
