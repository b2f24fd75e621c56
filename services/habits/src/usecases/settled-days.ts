import type { ProfileState } from '../store/profile-store.js';
import { todayOf } from '../domain/days.js';

type DaySettings = Pick<ProfileState, 'timezone' | 'dayStartHour'>;

interface Seen extends DaySettings {
  day: string;
  at: number;
}

/**
 * The users whose current day this process has seen settled, so a read need not fetch the
 * profile again to learn it, nor a completion to learn what "today" is. Safe because a settled day never comes unsettled: `settledDay`
 * only moves forward. What may change elsewhere is the user's time zone or day start, which
 * decide what "today" is, so what was seen is trusted for `trustMs` only (another process's
 * change of zone settles here at most that late); a change made through this process
 * forgets it at once. Bounded: the oldest entries go first.
 */
export class SettledDays {
  private readonly seen = new Map<string, Seen>();

  constructor(
    private readonly trustMs = 5000,
    private readonly maxUsers = 50_000,
  ) {}

  /** Whether the user's day at `now` is known settled. */
  settled(userId: string, now: Date): boolean {
    const seen = this.trusted(userId, now);
    return !!seen && todayOf(seen, now) === seen.day;
  }

  /** The user's day settings as seen, while they are trusted (a completion's "today"). */
  daySettings(userId: string, now: Date): DaySettings | null {
    return this.trusted(userId, now);
  }

  /** The user's day `day` is settled, under these day settings, as of `now`. */
  remember(userId: string, settings: DaySettings, day: string, now: Date): void {
    this.seen.delete(userId);
    if (this.seen.size >= this.maxUsers) {
      const oldest = this.seen.keys().next();
      if (!oldest.done) this.seen.delete(oldest.value);
    }
    const { timezone, dayStartHour } = settings;
    this.seen.set(userId, { timezone, dayStartHour, day, at: now.getTime() });
  }

  private trusted(userId: string, now: Date): Seen | null {
    const seen = this.seen.get(userId);
    if (!seen) return null;
    if (now.getTime() - seen.at > this.trustMs || now.getTime() < seen.at) {
      this.seen.delete(userId);
      return null;
    }
    return seen;
  }

  forget(userId: string): void {
    this.seen.delete(userId);
  }
}
