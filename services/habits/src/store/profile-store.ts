import type { mongo } from 'mongoose';
import type { EventEnvelope } from '@momentum/contracts';
import { isDuplicateKey, withoutOutbox } from '@momentum/storage';
import type { HabitsModels, ProfileDoc } from './models.js';
import { GroupedCalls } from './grouped-calls.js';

export type ProfileState = Omit<
  ProfileDoc,
  '_outbox' | 'createdAt' | 'updatedAt' | 'xpApplied' | 'announcedLevels'
>;

const stateProjection = { _outbox: 0, xpApplied: 0, announcedLevels: 0 } as const;

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

/** A completion's XP on its way into the profile. */
interface XpEntry {
  id: string;
  xp: number;
  now: Date;
}

/** The profile's XP total once a completion's XP is in, and whether this call added it. */
export interface XpApplied {
  total: number;
  applied: boolean;
}

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

  /**
   * Through the driver, without the lists only the profile's writes use (completions
   * applied, levels announced, events waiting): a completion reads the profile for its day,
   * and the applied list is most of the document. A user's reads asked for while one is out
   * share the next.
   */
  get(userId: string): Promise<ProfileState> {
    return this.reads.add(userId, undefined);
  }

  /** One read for the reads of a user asked for while one is out (grouped-calls.ts). */
  private readonly reads = new GroupedCalls<undefined, ProfileState>(async (userId, asked) => {
    const stored = this.m.Profile.collection as unknown as mongo.Collection<ProfileState>;
    const doc = await stored.findOne({ _id: userId }, { projection: stateProjection });
    return asked.map(() => doc ?? defaultProfile(userId));
  });

  /**
   * Adds a completion's XP unless this profile holds it already (`xpApplied` lists it),
   * in one write that also lists it: applied once however often it is retried. Answers
   * the total after, and whether this call added it. The profile is created when missing;
   * an insert that then fails on the `_id` means it exists now (retried once) or already
   * lists the completion.
   *
   * The XP of one user's completions asked for while a write of theirs is out goes in one
   * write, in order (grouped-calls.ts): the same atomic add, guarded by every id it
   * lists, as if each had been written in turn; should the profile hold one of them
   * already, each goes alone.
   *
   * The list keeps the user's last XP_APPLIED_KEPT..2×XP_APPLIED_KEPT completions (trimmed
   * by a second write now and then: FerretDB ignores `$push`'s `$slice`). A completion is
   * retried only while its task lists it as pending, which the writer ends milliseconds
   * after this write and the recovery within a minute of a crash, long before that many
   * later completions of the same user push its id out.
   */
  applyXp(userId: string, completionId: string, xp: number, now: Date): Promise<XpApplied> {
    return this.xpWrites.add(userId, { id: completionId, xp, now });
  }

  private readonly xpWrites = new GroupedCalls<XpEntry, XpApplied>(async (userId, entries) => {
    if (entries.length > 1) {
      const doc = await this.writeXp(userId, entries).catch((err: unknown) => {
        if (isDuplicateKey(err)) return null;
        throw err;
      });
      if (doc) {
        // Each entry's total as if written in turn: the total after, less the XP after it.
        let after = doc.xp;
        const totals = entries.map(() => 0);
        for (let i = entries.length - 1; i >= 0; i--) {
          totals[i] = after;
          after -= entries[i]!.xp;
        }
        return totals.map((total) => ({ total, applied: true }));
      }
    }
    const results: XpApplied[] = [];
    for (const entry of entries) results.push(await this.applyOne(userId, entry));
    return results;
  });

  private async applyOne(userId: string, entry: XpEntry): Promise<XpApplied> {
    for (let attempt = 0; attempt < 2; attempt++) {
      try {
        return { total: (await this.writeXp(userId, [entry])).xp, applied: true };
      } catch (err) {
        if (!isDuplicateKey(err)) throw err;
      }
    }
    return { total: (await this.get(userId)).xp, applied: false };
  }

  /**
   * Adds the entries' XP and lists their ids unless the profile lists one of them, creating
   * the profile when missing: a duplicate `_id` when it exists and lists one (or was
   * created meanwhile). Trims the list when it has grown past twice what it keeps.
   */
  private async writeXp(
    userId: string,
    entries: XpEntry[],
  ): Promise<Pick<ProfileDoc, 'xp' | 'xpApplied'>> {
    const defaults = defaultProfile(userId);
    const ids = entries.map((e) => e.id);
    const now = entries[entries.length - 1]!.now;
    const doc = await this.m.Profile.findOneAndUpdate(
      { _id: userId, xpApplied: { $nin: ids } },
      {
        $inc: { xp: entries.reduce((sum, e) => sum + e.xp, 0) },
        $push: { xpApplied: { $each: ids } },
        $set: { updatedAt: now },
        $setOnInsert: {
          level: defaults.level,
          timezone: defaults.timezone,
          dayStartHour: defaults.dayStartHour,
          settledDay: defaults.settledDay,
          createdAt: now,
        },
      },
      // No projection: FerretDB refuses one on findAndModify.
      { upsert: true, new: true, setDefaultsOnInsert: false },
    )
      .lean<Pick<ProfileDoc, 'xp' | 'xpApplied'>>()
      .exec();
    const applied = doc!.xpApplied ?? [];
    if (applied.length > 2 * XP_APPLIED_KEPT) await this.trimApplied(userId, applied);
    return doc!;
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
