import type { mongo } from 'mongoose';
import type { EventEnvelope } from '@momentum/contracts';
import { isUuidv7 } from '@momentum/contracts';
import type { Logger } from '@momentum/messaging';
import { isDuplicateKey } from '@momentum/storage';
import { appliedTrim, judgedByList, type AppliedTrim } from '../domain/xp-applied.js';
import type { HabitsModels, ProfileDoc } from './models.js';
import { GroupedCalls } from './grouped-calls.js';

export type ProfileState = Omit<
  ProfileDoc,
  '_outbox' | 'createdAt' | 'updatedAt' | 'xpApplied' | 'xpForgotten' | 'announcedLevels'
>;

const stateProjection = { _outbox: 0, xpApplied: 0, xpForgotten: 0, announcedLevels: 0 } as const;

export const defaultProfile = (userId: string): ProfileState => ({
  _id: userId,
  xp: 0,
  level: 1,
  timezone: 'UTC',
  dayStartHour: 0,
  settledDay: null,
});

/** A completion's XP on its way into the profile. */
interface XpEntry {
  id: string;
  xp: number;
  now: Date;
}

/**
 * The profile's XP total once a completion's XP is in, and whether this call added it.
 * `unjudged`: not added because the profile forgot ids as old as this one and does not
 * list it — it may have been applied and trimmed since, or never (award-xp.ts decides).
 */
export interface XpApplied {
  total: number;
  applied: boolean;
  unjudged?: true;
}

/**
 * Which of some completion ids a task still waits on, or null when that cannot be told
 * (task-store.ts pendingXpIds).
 */
export interface PendingXpIds {
  pendingXpIds(ids: readonly string[]): Promise<Set<string> | null>;
}

/**
 * The XP write's condition that the profile judges every one of `ids` by its list
 * (domain/xp-applied.ts judgedByList): it forgot nothing, or nothing as old as the oldest.
 */
function judgedFilter(ids: readonly string[]): Record<string, unknown> {
  if (!ids.every(isUuidv7)) return { xpForgotten: { $exists: false } };
  const oldest = ids.reduce((a, b) => (b < a ? b : a));
  return { xpForgotten: { $not: { $gt: oldest } } };
}

/**
 * How long this process tries no trim after one could not tell which ids tasks still wait
 * on (more than the read takes: a crash left that many for the recovery, which takes them
 * up on its next sweeps).
 */
const TRIMS_PAUSED_MS = 10_000;

type Settable = Partial<Pick<ProfileDoc, 'timezone' | 'dayStartHour' | 'settledDay'>>;

/**
 * Per-user progress and day settings, one document per user keyed by the user id. A
 * missing document reads as the defaults; the first write creates it (upsert). Every
 * write is one atomic update that needs no read before it: XP is a `$inc` guarded by the
 * completion's id, settings a `$set`, and a level's announcement a conditional `$push`.
 */
export class ProfileStore {
  constructor(
    private readonly m: HabitsModels,
    /** Asked before a trim: ids a task still waits on stay listed. */
    private readonly pending: PendingXpIds,
    /** Where a failed trim is told (the XP is in; the trim is due again next write). */
    private readonly log: Pick<Logger, 'warn'>,
  ) {}

  /**
   * No trim before this time. Process time (Date.now()), not the use cases' clock: it
   * paces this process's work, and tests move that clock between days.
   */
  private trimsPausedUntil = 0;

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
   * an insert that then fails on the `_id` means it exists now (written again) or did not
   * take the completion: it lists it, or has forgotten ids as old (`unjudged`).
   *
   * The XP of one user's completions asked for while a write of theirs is out goes in one
   * write, in order (grouped-calls.ts): the same atomic add, guarded by every id it
   * lists, as if each had been written in turn; should the profile refuse one of them,
   * each goes alone.
   *
   * The list keeps the user's newest completions (ids are time-ordered) and any a task
   * still waits on, trimmed by a second write now and then: which ids tasks wait on is read
   * from the tasks, so no `$slice` in the XP write could keep them, and the trim pulls the
   * ids it read (`$pullAll`). A trim raises the profile's cut, `xpForgotten`, past
   * what it drops, and the write takes no completion below the cut
   * (domain/xp-applied.ts): one the profile may have applied and forgotten is never added
   * blindly, whatever the rate of completions or however long a retry waited.
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
    for (let attempt = 0; attempt < 3; attempt++) {
      try {
        return { total: (await this.writeXp(userId, [entry])).xp, applied: true };
      } catch (err) {
        if (!isDuplicateKey(err)) throw err;
      }
      // Refused: the profile lists it, forgot ids as old, or was created meanwhile (again).
      const stored = this.m.Profile.collection as unknown as mongo.Collection<ProfileDoc>;
      const doc = await stored.findOne(
        { _id: userId },
        { projection: { xp: 1, xpApplied: 1, xpForgotten: 1 } },
      );
      if (!doc) continue;
      if (doc.xpApplied?.includes(entry.id)) return { total: doc.xp, applied: false };
      if (!judgedByList(doc.xpForgotten, entry.id))
        return { total: doc.xp, applied: false, unjudged: true };
    }
    throw new Error(
      `The profile of ${userId} refused completion ${entry.id} for no reason it shows`,
    );
  }

  /**
   * Adds the entries' XP and lists their ids unless the profile lists one of them or has
   * forgotten ids as old as one, creating the profile when missing: a duplicate `_id` when
   * it exists and refuses (or was created meanwhile). Trims the list when due.
   */
  private async writeXp(
    userId: string,
    entries: XpEntry[],
  ): Promise<Pick<ProfileDoc, 'xp' | 'xpApplied'>> {
    const defaults = defaultProfile(userId);
    const ids = entries.map((e) => e.id);
    const now = entries[entries.length - 1]!.now;
    const doc = await this.m.Profile.findOneAndUpdate(
      { _id: userId, xpApplied: { $nin: ids }, ...judgedFilter(ids) },
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
      { upsert: true, new: true, setDefaultsOnInsert: false, projection: { xp: 1, xpApplied: 1 } },
    )
      .lean<Pick<ProfileDoc, 'xp' | 'xpApplied'>>()
      .exec();
    const trim = appliedTrim(doc!.xpApplied ?? []);
    // The XP is in either way; a trim that failed is due again at the next write.
    if (trim && Date.now() >= this.trimsPausedUntil)
      await this.trimApplied(userId, trim).catch((err: unknown) =>
        this.log.warn({ err, userId }, 'trimming the applied XP list failed; due again next write'),
      );
    return doc!;
  }

  /**
   * Drops the trim's ids but those a task still waits on, and raises the cut to the trim's,
   * in one write. A pending id stays listed: the profile may hold its XP (its writer died
   * before settling), and only a listed id is known to be applied. Asked after the list
   * was read: an id listed then (so written to its task before) that no task lists now
   * was settled, and no task lists it again.
   */
  private async trimApplied(userId: string, trim: AppliedTrim): Promise<void> {
    const waiting = await this.pending.pendingXpIds(trim.drop);
    // Too many tasks waiting to tell (a crash of many completions the recovery is still
    // working through): the lists grow a little longer, and no write reads them all again.
    if (!waiting) {
      this.trimsPausedUntil = Date.now() + TRIMS_PAUSED_MS;
      return;
    }
    const drop = trim.drop.filter((id) => !waiting.has(id));
    if (!drop.length) return;
    await this.m.Profile.updateOne(
      { _id: userId },
      { $pullAll: { xpApplied: drop }, $max: { xpForgotten: trim.forget } },
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
    return this.upsert(userId, { $set: { ...set, updatedAt: now } }, now);
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
  ): Promise<ProfileState> {
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
        { upsert: true, new: true, setDefaultsOnInsert: false, projection: stateProjection },
      )
        .lean<ProfileState>()
        .exec();
    const doc = await write().catch((err: unknown) => {
      if (isDuplicateKey(err)) return write();
      throw err;
    });
    return doc!;
  }
}
