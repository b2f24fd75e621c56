import { describe, expect, it } from 'vitest';
import { SettledDays } from '../../src/usecases/settled-days.js';

const utc = { timezone: 'UTC', dayStartHour: 0 };
const at = (iso: string) => new Date(iso);

/** The process's own clock for the trust window, moved by the test (not 0: lru-cache's "unset"). */
const clock = () => {
  const c = { t: 1_000_000, now: () => c.t };
  return c;
};

describe('SettledDays: the days this process saw settled', () => {
  it('knows a remembered day as settled within the trust window, and only that day', () => {
    const days = new SettledDays(5000, 10, clock());
    days.remember('u1', utc, '2026-11-25');
    expect(days.settled('u1', at('2026-11-25T10:00:04Z'))).toBe(true);
    expect(days.settled('u2', at('2026-11-25T10:00:04Z'))).toBe(false);
  });

  it('looks again once the trust window passed (a zone changed elsewhere shows that late at most)', () => {
    const c = clock();
    const days = new SettledDays(5000, 10, c);
    days.remember('u1', utc, '2026-11-25');
    c.t += 5000;
    expect(days.settled('u1', at('2026-11-25T10:00:05Z'))).toBe(true);
    c.t += 1;
    expect(days.settled('u1', at('2026-11-25T10:00:05Z'))).toBe(false);
  });

  it('a new day of the user (in their zone) is not settled, even within the window', () => {
    const days = new SettledDays(60_000, 10, clock());
    const berlin = { timezone: 'Europe/Berlin', dayStartHour: 0 };
    days.remember('u1', berlin, '2026-11-25');
    expect(days.settled('u1', at('2026-11-25T22:59:50Z'))).toBe(true);
    // 23:00 UTC is midnight in Berlin: another day there.
    expect(days.settled('u1', at('2026-11-25T23:00:10Z'))).toBe(false);
  });

  it('a service clock that went back to an earlier day does not count as the day seen', () => {
    const days = new SettledDays(5000, 10, clock());
    days.remember('u1', utc, '2026-11-25');
    expect(days.settled('u1', at('2026-11-24T10:00:00Z'))).toBe(false);
  });

  it('forgets a user at once (their zone or day start changed here)', () => {
    const days = new SettledDays(5000, 10, clock());
    days.remember('u1', utc, '2026-11-25');
    days.forget('u1');
    expect(days.settled('u1', at('2026-11-25T10:00:01Z'))).toBe(false);
  });

  it('keeps at most maxUsers, the least recently used going first', () => {
    const days = new SettledDays(5000, 2, clock());
    const now = at('2026-11-25T10:00:00Z');
    days.remember('a', utc, '2026-11-25');
    days.remember('b', utc, '2026-11-25');
    days.remember('c', utc, '2026-11-25');
    expect(days.settled('a', now)).toBe(false);
    expect(days.settled('b', now)).toBe(true);
    expect(days.settled('c', now)).toBe(true);
  });

  it("gives the day settings seen while trusted, on a new day too (a completion's today)", () => {
    const c = clock();
    const days = new SettledDays(60_000, 10, c);
    const berlin = { timezone: 'Europe/Berlin', dayStartHour: 2 };
    days.remember('u1', berlin, '2026-11-25');
    expect(days.daySettings('u1')).toMatchObject(berlin);
    expect(days.daySettings('u2')).toBeNull();
    c.t += 60_001;
    expect(days.daySettings('u1')).toBeNull();
  });

  it('trusts nothing with a window of 0', () => {
    const days = new SettledDays(0);
    days.remember('u1', utc, '2026-11-25');
    expect(days.settled('u1', at('2026-11-25T10:00:00Z'))).toBe(false);
    expect(days.daySettings('u1')).toBeNull();
  });
});
