import { LRUCache } from 'lru-cache';
import type { ProfileState } from '../store/profile-store.js';
import { todayOf } from '../domain/days.js';

type DaySettings = Pick<ProfileState, 'timezone' | 'dayStartHour'>;

interface Seen extends DaySettings {
  day: string;
}

/** What the trust window reads time from (`performance`; a test passes its own). */
export interface Clock {
  now(): number;
}

/**
 * The users whose current day this process has seen settled, so a read need not fetch the
 * profile again to learn it, nor a completion to learn what "today" is. Safe because a
 * settled day never comes unsettled: `settledDay` only moves forward. What may change
 * elsewhere is the user's time zone or day start, which decide what "today" is, so what was
 * seen is trusted for `trustMs` of this process's time only (another process's change of
 * zone settles here at most that late); a change made through this process forgets it at
 * once. Bounded: the least recently used go first.
 */
export class SettledDays {
  /** Null when `trustMs` is 0: nothing is trusted (lru-cache would read 0 as "forever"). */
  private readonly seen: LRUCache<string, Seen> | null;

  constructor(trustMs = 5000, maxUsers = 50_000, clock: Clock = performance) {
    this.seen =
      trustMs > 0
        ? new LRUCache({ max: maxUsers, ttl: trustMs, ttlResolution: 0, perf: clock })
        : null;
  }

  /** Whether the user's day at `now` (the service's clock) is known settled. */
  settled(userId: string, now: Date): boolean {
    const seen = this.seen?.get(userId);
    return !!seen && todayOf(seen, now) === seen.day;
  }

  /** The user's day settings as seen, while they are trusted (a completion's "today"). */
  daySettings(userId: string): DaySettings | null {
    return this.seen?.get(userId) ?? null;
  }

  /** The user's day `day` is settled, under these day settings. */
  remember(userId: string, settings: DaySettings, day: string): void {
    const { timezone, dayStartHour } = settings;
    this.seen?.set(userId, { timezone, dayStartHour, day });
  }

  forget(userId: string): void {
    this.seen?.delete(userId);
  }
}
