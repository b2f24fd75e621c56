import type { ListPosition } from '@momentum/contracts';
import { keysetSteps, readAfter } from '@momentum/storage';
import { forgetPeople } from '../domain/audit.js';
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
    const who = email ? [userId, email] : [userId];
    const naming = await this.m.Audit.find({ people: { $in: who } }).lean<AuditDoc[]>();
    for (const entry of naming) {
      const { actor, data, people } = forgetPeople(entry, who);
      await this.m.Audit.updateOne({ _id: entry._id }, { $set: { actor, data, people } });
    }
  }
}
