import { describe, expect, it } from 'vitest';
import { SettledDays } from '../../src/usecases/settled-days.js';

const utc = { timezone: 'UTC', dayStartHour: 0 };
const at = (iso: string) => new Date(iso);

describe('SettledDays: the days this process saw settled', () => {
  it('knows a remembered day as settled within the trust window, and only that day', () => {
    const days = new SettledDays(5000);
    days.remember('u1', utc, '2026-11-25', at('2026-11-25T10:00:00Z'));
    expect(days.settled('u1', at('2026-11-25T10:00:04Z'))).toBe(true);
    expect(days.settled('u2', at('2026-11-25T10:00:04Z'))).toBe(false);
  });

  it('looks again once the trust window passed (a zone changed elsewhere shows that late at most)', () => {
    const days = new SettledDays(5000);
    days.remember('u1', utc, '2026-11-25', at('2026-11-25T10:00:00Z'));
    expect(days.settled('u1', at('2026-11-25T10:00:05.001Z'))).toBe(false);
    // Forgotten: not trusted again even if the clock went back.
    expect(days.settled('u1', at('2026-11-25T10:00:01Z'))).toBe(false);
  });

  it('a new day of the user (in their zone) is not settled, even within the window', () => {
    const days = new SettledDays(60_000);
    const berlin = { timezone: 'Europe/Berlin', dayStartHour: 0 };
    days.remember('u1', berlin, '2026-11-25', at('2026-11-25T22:59:30Z'));
    expect(days.settled('u1', at('2026-11-25T22:59:50Z'))).toBe(true);
    // 23:00 UTC is midnight in Berlin: another day there.
    expect(days.settled('u1', at('2026-11-25T23:00:10Z'))).toBe(false);
  });

  it('a clock that went back does not trust what was seen later', () => {
    const days = new SettledDays(5000);
    days.remember('u1', utc, '2026-11-25', at('2026-11-25T10:00:00Z'));
    expect(days.settled('u1', at('2026-11-24T10:00:00Z'))).toBe(false);
  });

  it('forgets a user at once (their zone or day start changed here)', () => {
    const days = new SettledDays(5000);
    days.remember('u1', utc, '2026-11-25', at('2026-11-25T10:00:00Z'));
    days.forget('u1');
    expect(days.settled('u1', at('2026-11-25T10:00:01Z'))).toBe(false);
  });

  it('keeps at most maxUsers, dropping the oldest', () => {
    const days = new SettledDays(5000, 2);
    const now = at('2026-11-25T10:00:00Z');
    days.remember('a', utc, '2026-11-25', now);
    days.remember('b', utc, '2026-11-25', now);
    days.remember('c', utc, '2026-11-25', now);
    expect(days.settled('a', now)).toBe(false);
    expect(days.settled('b', now)).toBe(true);
    expect(days.settled('c', now)).toBe(true);
  });

  it("gives the day settings seen while trusted, on a new day too (a completion's today)", () => {
    const days = new SettledDays(60_000);
    const berlin = { timezone: 'Europe/Berlin', dayStartHour: 2 };
    days.remember('u1', berlin, '2026-11-25', at('2026-11-25T22:59:30Z'));
    expect(days.daySettings('u1', at('2026-11-25T23:00:10Z'))).toMatchObject(berlin);
    expect(days.daySettings('u2', at('2026-11-25T23:00:10Z'))).toBeNull();
    expect(days.daySettings('u1', at('2026-11-25T23:00:31Z'))).toBeNull();
  });
});
