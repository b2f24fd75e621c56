import type { EventEnvelope } from '@momentum/contracts';
import type { IdentityModels, InvitationDoc } from './models.js';

/** At most this many invitations in one list (pending ones; a team rarely has more). */
export const INVITATION_LIST_LIMIT = 200;

/** Invitations to teams: pending until accepted, declined, revoked or past `expiresAt`. */
export class InvitationStore {
  constructor(private readonly m: IdentityModels) {}

  get model() {
    return this.m.Invitation;
  }

  /** A new invitation, with its event in the same insert. */
  async create(
    doc: Omit<InvitationDoc, 'createdAt' | 'respondedAt' | 'status' | '_outbox'>,
    event: EventEnvelope,
  ) {
    const made = await this.m.Invitation.create({
      ...doc,
      status: 'pending',
      respondedAt: null,
      _outbox: [event],
    });
    return made.toObject<InvitationDoc>();
  }

  find(id: string) {
    return this.m.Invitation.findById(id, { _outbox: 0 }).lean<InvitationDoc>();
  }

  /** A pending invitation of this invitee to this team, not expired, if there is one. */
  pendingFor(teamId: string, invitee: { userId: string | null; email: string | null }, now: Date) {
    return this.m.Invitation.findOne({
      teamId,
      status: 'pending',
      expiresAt: { $gt: now },
      ...(invitee.userId ? { userId: invitee.userId } : { email: invitee.email }),
    }).lean<InvitationDoc>();
  }

  /** Pending, unexpired invitations of a user, by id or by their email; newest first. */
  async forInvitee(userId: string, email: string | null, now: Date) {
    const live = { status: 'pending', expiresAt: { $gt: now } };
    const [byId, byEmail] = await Promise.all([
      this.m.Invitation.find({ userId, ...live })
        .sort({ createdAt: -1 })
        .limit(INVITATION_LIST_LIMIT)
        .lean<InvitationDoc[]>(),
      email
        ? this.m.Invitation.find({ email, ...live })
            .sort({ createdAt: -1 })
            .limit(INVITATION_LIST_LIMIT)
            .lean<InvitationDoc[]>()
        : Promise.resolve([]),
    ]);
    return [...byId, ...byEmail]
      .sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime())
      .slice(0, INVITATION_LIST_LIMIT);
  }

  /** A team's pending, unexpired invitations, newest first. */
  forTeam(teamId: string, now: Date) {
    return this.m.Invitation.find({ teamId, status: 'pending', expiresAt: { $gt: now } })
      .sort({ createdAt: -1 })
      .limit(INVITATION_LIST_LIMIT)
      .lean<InvitationDoc[]>();
  }

  /**
   * Ends a pending, unexpired invitation with `status`, in one conditional write: of an
   * accept and a revoke at once, one wins. Null when it was no longer pending.
   */
  respond(
    id: string,
    status: 'accepted' | 'declined' | 'revoked',
    now: Date,
    event: EventEnvelope,
    teamId?: string,
  ) {
    return this.m.Invitation.findOneAndUpdate(
      { _id: id, status: 'pending', expiresAt: { $gt: now }, ...(teamId ? { teamId } : {}) },
      { $set: { status, respondedAt: now }, $push: { _outbox: event } },
      { new: true, projection: { _outbox: 0 } },
    ).lean<InvitationDoc>();
  }
}
