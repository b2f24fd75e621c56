import { isDuplicateKey } from '@momentum/storage';
import type { IssuesModels } from './models.js';

/** What an account's quota counts. */
export type CountedKind = 'issues' | 'comments';

const idOf = (kind: CountedKind, accountId: string) => `${kind}:${accountId}`;

/**
 * One counter document per account and kind, changed with the writes it counts: taking a
 * slot is one `$inc` guarded by `count < limit` on the document's `_id`, atomic in the
 * engine, so creates racing in any number of processes never pass the limit together, and
 * the cost does not grow with what the account holds (a count before each insert did).
 */
export class AccountCounts {
  constructor(private readonly m: IssuesModels) {}

  /** Takes one slot below `limit`; false when the account holds `limit` already. */
  async take(kind: CountedKind, accountId: string, limit: number): Promise<boolean> {
    const _id = idOf(kind, accountId);
    if (await this.inc(_id, limit)) return true;
    try {
      // No counter yet: the first slot makes it. Racing first creates: one inserts, the
      // others meet its `_id` and take their slot by the guarded `$inc` like any later one.
      await this.m.AccountCount.create({ _id, count: 1 });
      return true;
    } catch (err) {
      if (!isDuplicateKey(err)) throw err;
    }
    return this.inc(_id, limit);
  }

  /** Gives a slot back (a delete, or a create that failed after taking it); never below 0. */
  async give(kind: CountedKind, accountId: string): Promise<void> {
    await this.m.AccountCount.updateOne(
      { _id: idOf(kind, accountId), count: { $gt: 0 } },
      { $inc: { count: -1 } },
    );
  }

  /** The account's count (tests, audits); 0 without a counter. */
  async count(kind: CountedKind, accountId: string): Promise<number> {
    const doc = await this.m.AccountCount.findById(idOf(kind, accountId)).lean();
    return doc?.count ?? 0;
  }

  private async inc(_id: string, limit: number): Promise<boolean> {
    const r = await this.m.AccountCount.updateOne(
      { _id, count: { $lt: limit } },
      { $inc: { count: 1 } },
    );
    return r.modifiedCount === 1;
  }
}
