import type { EventEnvelope } from '@momentum/contracts';
import { withoutOutbox } from '@momentum/service-kit';
import type { HabitsModels, ProfileDoc } from './models.js';
import type { KeyedSerializer } from '@momentum/service-kit';

export type ProfileState = Omit<ProfileDoc, '_outbox' | 'createdAt' | 'updatedAt'>;

export const defaultProfile = (userId: string): ProfileState => ({
  _id: userId,
  xp: 0,
  level: 1,
  timezone: 'UTC',
  dayStartHour: 0,
  settledDay: null,
});

/**
 * Per-user progress and day settings, one document per user keyed by the user id. A
 * missing document reads as the defaults; the first write creates it (upsert).
 */
export class ProfileStore {
  constructor(
    private readonly m: HabitsModels,
    private readonly serializer: KeyedSerializer,
  ) {}

  get model() {
    return this.m.Profile;
  }

  serialized<T>(userId: string, work: () => Promise<T>): Promise<T> {
    return this.serializer.runFor(this.m.Profile, userId, work);
  }

  async get(userId: string): Promise<ProfileState> {
    const doc = await this.m.Profile.findById(userId, { _outbox: 0 }).lean<ProfileDoc>().exec();
    return doc ?? defaultProfile(userId);
  }

  /**
   * One atomic write per user: `$inc` the XP, and when `level` is given, record it with
   * its leveled-up event.
   */
  async addXp(
    userId: string,
    xp: number,
    now: Date,
    levelUp?: { level: number; event: EventEnvelope },
  ): Promise<ProfileState> {
    const doc = await this.m.Profile.findOneAndUpdate(
      { _id: userId },
      {
        $inc: { xp },
        $set: { updatedAt: now, ...(levelUp ? { level: levelUp.level } : {}) },
        ...(levelUp ? { $push: { _outbox: levelUp.event } } : {}),
        $setOnInsert: {
          createdAt: now,
          timezone: 'UTC',
          dayStartHour: 0,
          settledDay: null,
          ...(levelUp ? {} : { level: 1 }),
        },
      },
      { upsert: true, new: true, setDefaultsOnInsert: false },
    )
      .lean<ProfileDoc>()
      .exec();
    return withoutOutbox(doc!);
  }

  async update(
    userId: string,
    set: Partial<Pick<ProfileDoc, 'timezone' | 'dayStartHour' | 'settledDay'>>,
    now: Date,
  ): Promise<ProfileState> {
    const defaults = defaultProfile(userId);
    const onInsert = Object.fromEntries(
      Object.entries({
        xp: defaults.xp,
        level: defaults.level,
        timezone: defaults.timezone,
        dayStartHour: defaults.dayStartHour,
        settledDay: defaults.settledDay,
      }).filter(([k]) => !(k in set)),
    );
    const doc = await this.m.Profile.findOneAndUpdate(
      { _id: userId },
      { $set: { ...set, updatedAt: now }, $setOnInsert: { ...onInsert, createdAt: now } },
      { upsert: true, new: true, setDefaultsOnInsert: false },
    )
      .lean<ProfileDoc>()
      .exec();
    return withoutOutbox(doc!);
  }
}
