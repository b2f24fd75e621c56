import { DELETED_USER_ID, type EventEnvelope } from '@momentum/contracts';
import type { IdentityModels, MembershipDoc, TeamDoc, UserKeyDoc } from './models.js';

/** A membership as the last-owner rule reads it (`role` where teams have roles). */
export type RoleMembership = Pick<MembershipDoc, 'teamId' | 'userId'> & { role?: string };

/** What identity holds of one person, for an export and an erasure. */
export class PersonalDataStore {
  constructor(private readonly m: IdentityModels) {}

  get memberships() {
    return this.m.Membership;
  }

  /** The person's teams (active memberships) with the team documents. */
  async teams(userId: string) {
    const memberships = await this.m.Membership.find(
      { userId, removedAt: null },
      { _outbox: 0 },
    ).lean<Array<MembershipDoc & { role?: string }>>();
    const teams = await this.m.Team.find({ _id: { $in: memberships.map((m) => m.teamId) } }).lean<
      TeamDoc[]
    >();
    return { memberships, teams };
  }

  /** The active members of teams (for the last-owner rule). */
  membersOf(teamIds: string[]) {
    return this.m.Membership.find(
      { teamId: { $in: teamIds }, removedAt: null },
      { teamId: 1, userId: 1, role: 1 },
    ).lean<RoleMembership[]>();
  }

  /** Every key the person has had: metadata only, never the hash. */
  keys(userId: string) {
    return this.m.UserKey.find(
      { userId },
      { keyId: 1, name: 1, scopes: 1, expiresAt: 1, revokedAt: 1, lastUsedAt: 1, createdAt: 1 },
    )
      .sort({ createdAt: 1 })
      .lean<Array<Omit<UserKeyDoc, 'hash' | '_outbox'>>>();
  }

  /** Ends one active membership, with its event in the same conditional write. */
  async leave(membershipId: string, event: EventEnvelope): Promise<boolean> {
    const res = await this.m.Membership.updateOne(
      { _id: membershipId, removedAt: null },
      { $set: { removedAt: new Date() }, $push: { _outbox: event } },
    );
    return res.modifiedCount > 0;
  }

  /**
   * The account's final removal, once every service erased its part (idempotent): the
   * user, their keys and memberships go; teams they created stay, created by the
   * deleted-user id.
   */
  async remove(userId: string): Promise<void> {
    await this.m.UserKey.deleteMany({ userId });
    await this.m.EmailClaim.deleteMany({ userId });
    await this.m.Membership.deleteMany({ userId });
    await this.m.Team.updateMany({ createdBy: userId }, { $set: { createdBy: DELETED_USER_ID } });
    await this.m.User.deleteOne({ _id: userId });
  }
}
