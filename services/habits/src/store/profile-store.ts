import type { EventEnvelope } from '@momentum/contracts';
import { isDuplicateKey, withoutOutbox } from '@momentum/storage';
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

/** How many applied completions a profile remembers at least (see applyXp). */
export const XP_APPLIED_KEPT = 50;

type Settable = Partial<Pick<ProfileDoc, 'timezone' | 'dayStartHour' | 'settledDay'>>;

/**
 * Per-user progress and day settings, one document per user keyed by the user id. A
 * missing document reads as the defaults; the first write creates it (upsert). Every
 * write is one atomic update that needs no read before it: XP is a `$inc` guarded by the
 * completion's id, settings a `$set`, and a level's announcement a conditional `$push`.
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
   * Adds a completion's XP unless this profile holds it already (`xpApplied` lists it),
   * in one write that also lists it: applied once however often it is retried. Answers
   * the total after, and whether this call added it. The profile is created when missing;
   * an insert that then fails on the `_id` means it exists now (retried once) or already
   * lists the completion.
   *
   * The list keeps the user's last XP_APPLIED_KEPT..2×XP_APPLIED_KEPT completions (trimmed
   * by a second write now and then: FerretDB ignores `$push`'s `$slice`). A completion is
   * retried only while its task lists it as pending, which the writer ends milliseconds
   * after this write and the recovery within a minute of a crash, long before that many
   * later completions of the same user push its id out.
   */
  async applyXp(
    userId: string,
    completionId: string,
    xp: number,
    now: Date,
  ): Promise<{ total: number; applied: boolean }> {
    const defaults = defaultProfile(userId);
    const write = () =>
      this.m.Profile.findOneAndUpdate(
        { _id: userId, xpApplied: { $ne: completionId } },
        {
          $inc: { xp },
          $push: { xpApplied: completionId },
          $set: { updatedAt: now },
          $setOnInsert: {
            level: defaults.level,
            timezone: defaults.timezone,
            dayStartHour: defaults.dayStartHour,
            settledDay: defaults.settledDay,
            createdAt: now,
          },
        },
        { upsert: true, new: true, setDefaultsOnInsert: false },
      )
        .lean<ProfileDoc>()
        .exec();
    for (let attempt = 0; attempt < 2; attempt++) {
      try {
        const doc = (await write())!;
        const ids = doc.xpApplied ?? [];
        if (ids.length > 2 * XP_APPLIED_KEPT) await this.trimApplied(userId, ids);
        return { total: doc.xp, applied: true };
      } catch (err) {
        if (!isDuplicateKey(err)) throw err;
      }
    }
    return { total: (await this.get(userId)).xp, applied: false };
  }

  private async trimApplied(userId: string, ids: string[]): Promise<void> {
    const oldest = ids.slice(0, ids.length - XP_APPLIED_KEPT);
    await this.m.Profile.updateOne(
      { _id: userId },
      { $pullAll: { xpApplied: oldest } },
      { timestamps: false },
    ).exec();
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
