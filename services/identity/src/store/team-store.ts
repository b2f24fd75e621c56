import { randomUUID } from 'node:crypto';
import { AppError, type EventEnvelope } from '@momentum/contracts';
import { isDuplicateKey } from '@momentum/storage';
import type { IdentityModels, MembershipDoc, TeamDoc } from './models.js';
import { alternativeKey } from '../domain/team-key.js';

/** A membership that counts: added and not removed since. */
const CURRENT = { removedAt: null };
/** Two concurrent first adds of one pair: the insert that loses retries as an update. */
const ADD_ATTEMPTS = 3;

/** Teams and who belongs to them. */
export class TeamStore {
  constructor(private readonly m: IdentityModels) {}

  get memberships() {
    return this.m.Membership;
  }

  findTeam(id: string) {
    return this.m.Team.findById(id).lean<TeamDoc>();
  }

  teamsOf(teamIds: readonly string[]) {
    return this.m.Team.find({ _id: { $in: [...teamIds] } })
      .sort({ createdAt: 1 })
      .lean<TeamDoc[]>();
  }

  /** Teams a user has created: one count served by the `createdBy` index. */
  countCreatedBy(userId: string): Promise<number> {
    return this.m.Team.countDocuments({ createdBy: userId });
  }

  /**
   * Creates a team with a unique key: the given one, or the derived one with a number.
   * The unique index on `key` decides between concurrent creates in any process.
   */
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

  async teamIdsOf(userId: string): Promise<string[]> {
    const rows = await this.m.Membership.find({ userId, ...CURRENT }, { teamId: 1 }).lean();
    return rows.map((r) => r.teamId);
  }

  async memberIdsOf(teamId: string): Promise<string[]> {
    const rows = await this.m.Membership.find({ teamId, ...CURRENT }, { userId: 1 }).lean();
    return rows.map((r) => r.userId);
  }

  /** A team's current memberships, for its directory (the `{teamId, removedAt}` index). */
  currentMemberships(teamId: string) {
    return this.m.Membership.find(
      { teamId, ...CURRENT },
      { userId: 1, role: 1, createdAt: 1 },
    ).lean<Array<Pick<MembershipDoc, '_id' | 'userId' | 'role' | 'createdAt'>>>();
  }

  async isMember(teamId: string, userId: string): Promise<boolean> {
    return (await this.m.Membership.exists({ teamId, userId, ...CURRENT })) !== null;
  }

  /**
   * Idempotent: the pair's one membership (unique index) is made current, with the event
   * in the same write. Concurrent adds leave one membership.
   */
  async addMember(teamId: string, userId: string, event: EventEnvelope): Promise<MembershipDoc> {
    for (let attempt = 1; ; attempt++) {
      try {
        const doc = await this.m.Membership.findOneAndUpdate(
          { teamId, userId },
          {
            $set: { removedAt: null },
            $setOnInsert: { _id: randomUUID() },
            $push: { _outbox: event },
          },
          { upsert: true, new: true },
        ).lean<MembershipDoc>();
        return doc!;
      } catch (err) {
        if (!isDuplicateKey(err) || attempt >= ADD_ATTEMPTS) throw err;
      }
    }
  }

  /**
   * Ends a current membership, with the event in the same conditional write: of
   * concurrent removals one does it, the others find none. Null when there was none.
   */
  removeMember(teamId: string, userId: string, event: EventEnvelope) {
    return this.m.Membership.findOneAndUpdate(
      { teamId, userId, ...CURRENT },
      { $set: { removedAt: new Date() }, $push: { _outbox: event } },
      { new: true },
    ).lean<MembershipDoc>();
  }
}
