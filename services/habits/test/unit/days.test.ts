import { describe, expect, it } from 'vitest';
import {
  addDays,
  canonicalTimeZone,
  dayKey,
  daysBetween,
  weekdayOf,
} from '../../src/domain/days.js';

describe('day boundaries', () => {
  const at = (iso: string) => new Date(iso);

  it('is the UTC date by default', () => {
    expect(dayKey(at('2025-03-10T23:59:59Z'))).toBe('2025-03-10');
    expect(dayKey(at('2025-03-11T00:00:00Z'))).toBe('2025-03-11');
  });

  it('answers each zone and each day start for itself within one second, and the next second anew', () => {
    const second = at('2025-03-10T23:30:00.100Z');
    expect(dayKey(second, 'UTC')).toBe('2025-03-10');
    expect(dayKey(at('2025-03-10T23:30:00.900Z'), 'Asia/Tokyo')).toBe('2025-03-11');
    expect(dayKey(second, 'UTC', 0)).toBe('2025-03-10');
    // 08:30 in Tokyo, before a 9 o'clock day start: still the day before.
    expect(dayKey(second, 'Asia/Tokyo', 9)).toBe('2025-03-10');
    expect(dayKey(at('2025-03-10T23:59:59.999Z'), 'UTC')).toBe('2025-03-10');
    expect(dayKey(at('2025-03-11T00:00:00.000Z'), 'UTC')).toBe('2025-03-11');
  });

  it("follows the user's time zone on either side of UTC", () => {
    // 23:30 UTC is already the next morning in Tokyo, still the same evening in New York.
    expect(dayKey(at('2025-03-10T23:30:00Z'), 'Asia/Tokyo')).toBe('2025-03-11');
    expect(dayKey(at('2025-03-11T03:30:00Z'), 'America/New_York')).toBe('2025-03-10');
    expect(dayKey(at('2025-03-11T04:30:00Z'), 'America/New_York')).toBe('2025-03-11');
  });

  it('handles daylight-saving changes by local wall-clock midnight', () => {
    // Berlin switches to summer time on 2025-03-30: midnight is 23:00Z before, 22:00Z after.
    expect(dayKey(at('2025-03-29T22:59:00Z'), 'Europe/Berlin')).toBe('2025-03-29');
    expect(dayKey(at('2025-03-29T23:00:00Z'), 'Europe/Berlin')).toBe('2025-03-30');
    expect(dayKey(at('2025-03-30T21:59:00Z'), 'Europe/Berlin')).toBe('2025-03-30');
    expect(dayKey(at('2025-03-30T22:00:00Z'), 'Europe/Berlin')).toBe('2025-03-31');
  });

  it('shifts the start of the day by dayStartHour', () => {
    expect(dayKey(at('2025-03-11T02:59:00Z'), 'UTC', 3)).toBe('2025-03-10');
    expect(dayKey(at('2025-03-11T03:00:00Z'), 'UTC', 3)).toBe('2025-03-11');
    expect(dayKey(at('2025-03-01T01:00:00Z'), 'UTC', 4)).toBe('2025-02-28');
  });

  it('does calendar arithmetic across months, years and leap days', () => {
    expect(addDays('2024-02-28', 1)).toBe('2024-02-29');
    expect(addDays('2024-12-31', 1)).toBe('2025-01-01');
    expect(addDays('2025-03-01', -1)).toBe('2025-02-28');
    expect(daysBetween('2024-12-30', '2025-01-02')).toBe(3);
    expect(weekdayOf('2025-03-09')).toBe(0); // a Sunday
    expect(weekdayOf('2025-03-15')).toBe(6);
  });

  it('accepts IANA zone names only, canonicalized', () => {
    expect(canonicalTimeZone('Europe/Paris')).toBe('Europe/Paris');
    expect(canonicalTimeZone('europe/paris')).toBe('Europe/Paris');
    expect(canonicalTimeZone('UTC')).toBe('UTC');
    expect(canonicalTimeZone('America/Argentina/Buenos_Aires')).toMatch(
      /^America\/(Argentina\/)?Buenos_Aires$/,
    );
    for (const bad of ['Mars/Olympus', '+01:00', 'GMT+1 ', '', 'Europe/../etc', 'x'.repeat(80)]) {
      expect(canonicalTimeZone(bad), bad).toBeNull();
    }
  });
});
