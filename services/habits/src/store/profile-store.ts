import type { EventEnvelope } from '@momentum/contracts';
import { isDuplicateKey, withoutOutbox } from '@momentum/service-kit/storage';
import type { HabitsModels, ProfileDoc } from './models.js';

export type ProfileState = Omit<ProfileDoc, '_outbox' | 'createdAt' | 'updatedAt'>;

export const defaultProfile = (userId: string): ProfileState => ({
  _id: userId,
  xp: 0,
  level: 1,
  timezone: 'UTC',
  dayStartHour: 0,
  settledDay: null,
});

type Settable = Partial<Pick<ProfileDoc, 'timezone' | 'dayStartHour' | 'settledDay'>>;

/**
 * Per-user progress and day settings, one document per user keyed by the user id. A
 * missing document reads as the defaults; the first write creates it (upsert). Every
 * write is one atomic update that needs no read before it: XP is a `$inc`, settings a
 * `$set`, and a level's announcement a conditional `$push`.
 */
export class ProfileStore {
  constructor(private readonly m: HabitsModels) {}

  get model() {
    return this.m.Profile;
  }

  async get(userId: string): Promise<ProfileState> {
    const doc = await this.m.Profile.findById(userId, { _outbox: 0 }).lean<ProfileDoc>().exec();
    return doc ?? defaultProfile(userId);
  }

  /**
   * Adds XP in one `$inc` and answers the user's total after it. The totals of concurrent
   * additions are all different (each sees the ones before it), so the caller whose
   * addition crossed a level is the only one to see it crossed.
   */
  async addXp(userId: string, xp: number, now: Date): Promise<number> {
    const doc = await this.upsert(userId, { $inc: { xp }, $set: { updatedAt: now } }, now);
    return doc.xp;
  }

  /**
   * Stores a level's leveled-up event unless that level was announced already: the filter
   * lets exactly one writer per level through, whichever order levels arrive in. Answers
   * whether this call stored it.
   */
  async announceLevel(userId: string, level: number, event: EventEnvelope): Promise<boolean> {
    const written = await this.m.Profile.updateOne(
      { _id: userId, announcedLevels: { $ne: level } },
      { $push: { announcedLevels: level, _outbox: event }, $max: { level } },
    ).exec();
    return written.modifiedCount === 1;
  }

  async update(userId: string, set: Settable, now: Date): Promise<ProfileState> {
    return withoutOutbox(await this.upsert(userId, { $set: { ...set, updatedAt: now } }, now));
  }

  /**
   * One `findOneAndUpdate` by `_id` that creates the profile with its defaults (those the
   * update does not set or increment) when missing. Two first writes of one user race to insert; the
   * loser's duplicate key means the profile exists now, and its update applies to it.
   */
  private async upsert(
    userId: string,
    update: { $set: Record<string, unknown>; $inc?: Record<string, number> },
    now: Date,
  ): Promise<ProfileDoc> {
    const defaults = defaultProfile(userId);
    const taken = new Set([...Object.keys(update.$set), ...Object.keys(update.$inc ?? {})]);
    const onInsert = Object.fromEntries(
      Object.entries({
        xp: defaults.xp,
        level: defaults.level,
        timezone: defaults.timezone,
        dayStartHour: defaults.dayStartHour,
        settledDay: defaults.settledDay,
      }).filter(([k]) => !taken.has(k)),
    );
    const write = () =>
      this.m.Profile.findOneAndUpdate(
        { _id: userId },
        { ...update, $setOnInsert: { ...onInsert, createdAt: now } },
        { upsert: true, new: true, setDefaultsOnInsert: false },
      )
        .lean<ProfileDoc>()
        .exec();
    const doc = await write().catch((err: unknown) => {
      if (isDuplicateKey(err)) return write();
      throw err;
    });
    return doc!;
  }
}
