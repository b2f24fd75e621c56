import {
  DELETED_USER_ID,
  DELETED_USER_NAME,
  keysetSteps,
  readAfter,
  type ListPosition,
} from '@momentum/contracts';
import type { AuditDoc, IdentityModels } from './models.js';

/** Teams' audit logs: one entry per recorded event, newest first. */
export class AuditStore {
  constructor(private readonly m: IdentityModels) {}

  /** Records an entry once: a redelivered event finds its id there and changes nothing. */
  async record(entry: AuditDoc): Promise<void> {
    const { _id, ...fields } = entry;
    await this.m.Audit.updateOne({ _id }, { $setOnInsert: fields }, { upsert: true });
  }

  /** How many entries a team's log holds, counted no further than `max`. */
  count(teamId: string, max: number): Promise<number> {
    return this.m.Audit.countDocuments({ teamId }).limit(max);
  }

  /** A page of a team's log, newest first, after a position; one more than `limit`. */
  page(teamId: string, limit: number, after?: ListPosition): Promise<AuditDoc[]> {
    const read = (step: Record<string, unknown>, n: number) =>
      this.m.Audit.find({ teamId, ...step })
        .sort({ at: -1, _id: -1 })
        .limit(n)
        .lean<AuditDoc[]>();
    return after ? readAfter(keysetSteps('at', -1, after), limit + 1, read) : read({}, limit + 1);
  }

  /**
   * A deleted person leaves the log as "Deleted user": the entries stay (who changed what is
   * the team's record) but no longer name them, by id, name or email.
   */
  async forget(userId: string, email: string | null): Promise<void> {
    const gone = DELETED_USER_ID;
    const { Audit } = this.m;
    await Audit.updateMany(
      { 'actor.id': userId },
      { $set: { 'actor.id': gone, 'data.actorName': DELETED_USER_NAME } },
    );
    for (const field of ['userId', 'ownerId', 'invitedBy'])
      await Audit.updateMany({ [`data.${field}`]: userId }, { $set: { [`data.${field}`]: gone } });
    if (email) await Audit.updateMany({ 'data.email': email }, { $set: { 'data.email': null } });
  }
}
