import { avatarUrl, type EventEnvelope, type UserSummary } from '@momentum/contracts';
import { TOTAL_COUNTED_MAX, cappedTotal, conflict } from '@momentum/contracts';
import { isDuplicateKey, withoutOutbox } from '@momentum/storage';
import type { IdentityModels, UserDoc } from './models.js';
import { foldQuery, prefixRange } from '../domain/people-search.js';

const VISIBLE = { _outbox: 0 } as const;
/** Users without search keys that one start-up fills in (made before the directory). */
const BACKFILL_BATCH = 10_000;

/** The fields a name and email are found and sorted by. */
const keysOf = (name: string, email: string | null | undefined) => ({
  nameKey: foldQuery(name),
  emailKey: email ? foldQuery(email) : null,
});
const emailKey = (email: string) => email.trim().toLocaleLowerCase('en-US');

/** Users and their public summaries. */
export class UserStore {
  constructor(private readonly m: IdentityModels) {}

  get model() {
    return this.m.User;
  }

  find(id: string) {
    return this.m.User.findById(id, { _outbox: 0 }).lean<UserDoc>();
  }

  /** A new user, with the event announcing it stored in the same insert. */
  async create(input: {
    _id: string;
    name: string;
    email: string | null;
    event: EventEnvelope;
  }): Promise<UserDoc> {
    const { event, ...fields } = input;
    const doc = await this.m.User.create({
      ...fields,
      ...keysOf(fields.name, fields.email),
      _outbox: [event],
    });
    return withoutOutbox(doc.toObject<UserDoc>());
  }

  findBootstrapAdmin() {
    return this.m.User.findOne({ bootstrap: true }).lean<UserDoc>();
  }

  /**
   * The admin that startup ensures, under the id its key names. Any number of processes
   * may ensure it at once: the insert by `_id` lets one in, the others find it there.
   */
  async ensureBootstrapAdmin(id: string): Promise<void> {
    try {
      await this.m.User.updateOne(
        { _id: id },
        {
          $setOnInsert: {
            name: 'Admin',
            ...keysOf('Admin', null),
            isAdmin: true,
            bootstrap: true,
            email: null,
          },
        },
        { upsert: true },
      );
    } catch (err) {
      if (!isDuplicateKey(err)) throw err;
    }
  }

  /**
   * Changes a user's profile fields, with the event in the same write; the search keys
   * follow the name and email as they end up. Null when there is no such user.
   */
  async updateProfile(
    id: string,
    current: Pick<UserDoc, 'name' | 'email'>,
    set: { name?: string; email?: string | null; timeZone?: string | null },
    event: EventEnvelope,
  ): Promise<UserDoc | null> {
    const name = set.name ?? current.name;
    const email = set.email !== undefined ? set.email : (current.email ?? null);
    const doc = await this.m.User.findOneAndUpdate(
      { _id: id },
      { $set: { ...set, ...keysOf(name, email) }, $push: { _outbox: event } },
      { new: true },
    ).lean<UserDoc>();
    return doc ? withoutOutbox(doc) : null;
  }

  /**
   * Claims an address for a user (its unique `_id`). A claim left by a change that did not
   * finish (its user no longer has the address) is taken over; a live one is 409.
   */
  async claimEmail(userId: string, email: string): Promise<void> {
    const key = emailKey(email);
    try {
      await this.m.EmailClaim.create({ _id: key, userId });
      return;
    } catch (err) {
      if (!isDuplicateKey(err)) throw err;
    }
    const claim = await this.m.EmailClaim.findById(key).lean();
    if (!claim || claim.userId === userId) return;
    const holder = await this.find(claim.userId);
    if (holder?.email && emailKey(holder.email) === key)
      throw conflict('This email belongs to another user', { field: 'email', rule: 'unique' });
    // Stale: the holder moved on. Taken over only if still theirs (one of racing takers wins).
    const taken = await this.m.EmailClaim.updateOne(
      { _id: key, userId: claim.userId },
      { $set: { userId } },
    );
    if (taken.matchedCount === 0) return this.claimEmail(userId, email);
  }

  /** Frees an address the user held (after they changed it). */
  async releaseEmail(userId: string, email: string): Promise<void> {
    await this.m.EmailClaim.deleteOne({ _id: emailKey(email), userId });
  }

  /** The admin list: by name, optionally a prefix and the active state, one page. */
  async list(query: {
    q?: string | undefined;
    active?: boolean | undefined;
    page: number;
    limit: number;
  }): Promise<{ items: UserDoc[]; total: ReturnType<typeof cappedTotal> }> {
    // Every user has a nameKey (backfillSearchKeys): the range keeps the read on its index.
    const filter: Record<string, unknown> = {};
    if (!query.q) filter.nameKey = { $gte: '' };
    if (query.q) {
      const range = prefixRange(foldQuery(query.q));
      filter.$or = [{ nameKey: range }, { emailKey: range }];
    }
    if (query.active !== undefined) filter.deactivatedAt = query.active ? null : { $ne: null };
    const [items, total] = await Promise.all([
      this.m.User.find(filter, VISIBLE)
        .sort({ nameKey: 1, _id: 1 })
        .skip((query.page - 1) * query.limit)
        .limit(query.limit)
        .lean<UserDoc[]>(),
      this.m.User.countDocuments(filter, { limit: TOTAL_COUNTED_MAX + 1 }),
    ]);
    return { items, total: cappedTotal(total) };
  }

  /** Users by ids (the directory's join): one `_id $in`. */
  byIds(ids: readonly string[]) {
    return this.m.User.find(
      { _id: { $in: [...ids] } },
      { name: 1, email: 1, deactivatedAt: 1 },
    ).lean<Array<Pick<UserDoc, '_id' | 'name' | 'email' | 'deactivatedAt'>>>();
  }

  /**
   * Deactivates (`at`) or reactivates (null) a user, with the event in the same conditional
   * write: of concurrent calls one changes the state and announces it. Null: no change made.
   */
  setDeactivated(id: string, at: Date | null, event: EventEnvelope) {
    return this.m.User.findOneAndUpdate(
      { _id: id, deactivatedAt: at ? null : { $ne: null } },
      { $set: { deactivatedAt: at }, $push: { _outbox: event } },
      { new: true },
    ).lean<UserDoc>();
  }

  /** Fills in the search keys of users made before them (a few at each start, then none). */
  async backfillSearchKeys(): Promise<number> {
    const missing = await this.m.User.find({ nameKey: { $exists: false } }, { name: 1, email: 1 })
      .limit(BACKFILL_BATCH)
      .lean<Array<Pick<UserDoc, '_id' | 'name' | 'email'>>>();
    for (const u of missing)
      await this.m.User.updateOne(
        { _id: u._id },
        { $set: keysOf(u.name, u.email) },
        { timestamps: false },
      );
    return missing.length;
  }

  async summaries(ids: readonly string[]): Promise<UserSummary[]> {
    const users = await this.m.User.find({ _id: { $in: [...ids] } }, { name: 1 }).lean<UserDoc[]>();
    return users.map((u) => ({
      id: u._id,
      name: u.name,
      avatar: avatarUrl('user', u._id, u.name),
    }));
  }
}
