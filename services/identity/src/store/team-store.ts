import { randomUUID } from 'node:crypto';
import { AppError, type EventEnvelope, type TeamRole } from '@momentum/contracts';
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
        // No owner yet: the creator's membership, made next, counts itself in.
        const doc = await this.m.Team.create({
          name: input.name,
          key,
          createdBy: input.createdBy,
          ownerCount: 0,
        });
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

  /** A user's current memberships, with their roles (one read, the `{userId, removedAt}` index). */
  membershipsOf(userId: string) {
    return this.m.Membership.find({ userId, ...CURRENT }, { teamId: 1, userId: 1, role: 1 }).lean<
      Pick<MembershipDoc, 'teamId' | 'userId' | 'role'>[]
    >();
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

  /** Whether the user ever had a membership of the team (current or removed since). */
  async everMember(teamId: string, userId: string): Promise<boolean> {
    return (await this.m.Membership.exists({ teamId, userId })) !== null;
  }

  /** A user's current membership of a team, or null. */
  membership(teamId: string, userId: string) {
    return this.m.Membership.findOne(
      { teamId, userId, ...CURRENT },
      { _outbox: 0 },
    ).lean<MembershipDoc>();
  }

  /** A team's current memberships, oldest first (sorted here: a team is small). */
  async members(teamId: string) {
    const rows = await this.m.Membership.find({ teamId, ...CURRENT }, { _outbox: 0 }).lean<
      MembershipDoc[]
    >();
    return rows.sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime());
  }

  /**
   * Gives a team made before roles its owner count, once: its creator's current membership
   * becomes `owner` first, then the owners are counted and the count set only where none is.
   * Nothing lowers a count before it exists (the guard needs one), so the first count set is
   * never above the owners there are.
   */
  async ensureOwnerCount(team: TeamDoc): Promise<void> {
    if (typeof team.ownerCount === 'number') return;
    const fresh = await this.m.Team.findById(team._id, { ownerCount: 1 }).lean<TeamDoc>();
    if (typeof fresh?.ownerCount === 'number') return;
    await this.m.Membership.updateOne(
      { teamId: team._id, userId: team.createdBy, ...CURRENT, role: null },
      { $set: { role: 'owner' } },
    );
    const owners = await this.m.Membership.countDocuments({
      teamId: team._id,
      ...CURRENT,
      role: 'owner',
    });
    await this.m.Team.updateOne(
      { _id: team._id, ownerCount: { $exists: false } },
      { $set: { ownerCount: owners } },
    );
  }

  /**
   * The last-owner guard: takes one from the owner count only while another owner remains,
   * before the owner's membership changes. Of concurrent removals or demotions of the last
   * two owners, one gets through; the count is never above the owners there are.
   */
  async takeOwnerSlot(teamId: string): Promise<boolean> {
    const res = await this.m.Team.updateOne(
      { _id: teamId, ownerCount: { $gt: 1 } },
      { $inc: { ownerCount: -1 } },
    );
    return res.modifiedCount === 1;
  }

  /** Counts one more owner: after a membership became `owner`, or to undo a taken slot. */
  async addOwnerSlot(teamId: string): Promise<void> {
    await this.m.Team.updateOne({ _id: teamId }, { $inc: { ownerCount: 1 } });
  }

  /**
   * Makes a user a member with `role`, with the event in the same write; a current member
   * stays as they are (`added: false`, no event). The upsert matches only a removed
   * membership; a current one makes it collide with the unique `{teamId, userId}` index.
   */
  async addMember(
    teamId: string,
    userId: string,
    role: TeamRole,
    event: EventEnvelope,
  ): Promise<{ membership: MembershipDoc; added: boolean }> {
    for (let attempt = 1; ; attempt++) {
      try {
        const doc = await this.m.Membership.findOneAndUpdate(
          { teamId, userId, removedAt: { $ne: null } },
          {
            $set: { removedAt: null, role },
            $setOnInsert: { _id: randomUUID() },
            $push: { _outbox: event },
          },
          { upsert: true, new: true },
        ).lean<MembershipDoc>();
        return { membership: doc!, added: true };
      } catch (err) {
        if (!isDuplicateKey(err)) throw err;
        const current = await this.membership(teamId, userId);
        if (current) return { membership: current, added: false };
        if (attempt >= ADD_ATTEMPTS) throw err;
      }
    }
  }

  /**
   * Ends a current membership, with the event in the same conditional write: of
   * concurrent removals one does it, the others find none. `owner` says whether it is an
   * owner's (whose slot the caller took): a membership whose role changed meanwhile is not
   * touched. Null when there was none such.
   */
  removeMember(teamId: string, userId: string, owner: boolean, event: EventEnvelope) {
    return this.m.Membership.findOneAndUpdate(
      { teamId, userId, ...CURRENT, role: owner ? 'owner' : { $ne: 'owner' } },
      { $set: { removedAt: new Date() }, $push: { _outbox: event } },
      { new: true },
    ).lean<MembershipDoc>();
  }

  /** Sets a current member's role if it still is (or is not) `owner`, with the event. */
  setRole(teamId: string, userId: string, wasOwner: boolean, role: TeamRole, event: EventEnvelope) {
    return this.m.Membership.findOneAndUpdate(
      { teamId, userId, ...CURRENT, role: wasOwner ? 'owner' : { $ne: 'owner' } },
      { $set: { role }, $push: { _outbox: event } },
      { new: true },
    ).lean<MembershipDoc>();
  }
}
