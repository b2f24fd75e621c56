/**
 * Calendar days as `YYYY-MM-DD` strings in a user's time zone. Pure: the instant is
 * passed in, and the zone rules come from the runtime's IANA database (Intl).
 */
const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let f = formatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      hourCycle: 'h23',
    });
    formatters.set(timeZone, f);
  }
  return f;
}

/**
 * The user's day that `at` falls in. A day starts at local midnight, or at
 * `dayStartHour` local time (an owl's 1 a.m. still counts as yesterday with 3).
 */
export function dayKey(at: Date, timeZone = 'UTC', dayStartHour = 0): string {
  const { day, hour } = localDayAndHour(at, timeZone);
  return hour < dayStartHour ? addDays(day, -1) : day;
}

/**
 * Each zone's local date and hour at the last second asked: every read asks for "today",
 * and Intl's formatToParts is too costly to call on each. Zone offsets are whole
 * seconds, so one second has one local date and hour.
 */
const lastSecond = new Map<string, { second: number; day: string; hour: number }>();

function localDayAndHour(at: Date, timeZone: string): { day: string; hour: number } {
  const second = Math.floor(at.getTime() / 1000);
  const seen = lastSecond.get(timeZone);
  if (seen?.second === second) return seen;
  const parts = Object.fromEntries(
    formatterFor(timeZone)
      .formatToParts(at)
      .map((p) => [p.type, p.value]),
  );
  const local = {
    second,
    day: `${parts.year}-${parts.month}-${parts.day}`,
    hour: Number(parts.hour),
  };
  lastSecond.set(timeZone, local);
  return local;
}

const toUtc = (day: string) => {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return Date.UTC(y, m - 1, d);
};
const fromUtc = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const DAY_MS = 86_400_000;

export const addDays = (day: string, n: number): string => fromUtc(toUtc(day) + n * DAY_MS);

/** Whole days from `a` to `b` (positive when b is later). */
export const daysBetween = (a: string, b: string): number =>
  Math.round((toUtc(b) - toUtc(a)) / DAY_MS);

/** 0 = Sunday … 6 = Saturday, as in a daily's schedule. */
export const weekdayOf = (day: string): number => new Date(toUtc(day)).getUTCDay();

/** The canonical IANA name for a zone, or null (shared with identity's profile). */
export { canonicalTimeZone } from '@momentum/contracts';

/** The user's current day in their own time zone. */
export const todayOf = (settings: { timezone: string; dayStartHour: number }, now: Date) =>
  dayKey(now, settings.timezone, settings.dayStartHour);
