import { describe, expect, it } from 'vitest';
import { datesInOrder, isRealDate } from '@momentum/contracts';
import { dateOrderProblem, mergeDates } from '../../src/domain/dates.js';

describe('project dates', () => {
  it('accepts only real calendar dates', () => {
    expect(isRealDate('2025-02-28')).toBe(true);
    expect(isRealDate('2024-02-29')).toBe(true);
    expect(isRealDate('2025-02-29')).toBe(false);
    expect(isRealDate('2025-13-01')).toBe(false);
    expect(isRealDate('2025-1-01')).toBe(false);
    expect(isRealDate('2025-01-01T00:00:00Z')).toBe(false);
  });

  it('allows a target on or after the start, or either missing', () => {
    expect(datesInOrder('2025-03-01', '2025-03-01')).toBe(true);
    expect(datesInOrder('2025-03-01', '2025-12-31')).toBe(true);
    expect(datesInOrder('2025-03-02', '2025-03-01')).toBe(false);
    expect(datesInOrder(null, '2025-03-01')).toBe(true);
    expect(datesInOrder('2025-03-01', undefined)).toBe(true);
  });

  it('merges a change with stored dates: absent keeps, null clears', () => {
    const stored = { startDate: '2025-03-01', targetDate: '2025-04-01' };
    expect(mergeDates(stored, { targetDate: '2025-05-01' })).toEqual({
      startDate: '2025-03-01',
      targetDate: '2025-05-01',
    });
    expect(mergeDates(stored, { startDate: null })).toEqual({
      startDate: null,
      targetDate: '2025-04-01',
    });
  });

  it('judges a one-date change against the stored other date and names the field', () => {
    const stored = { startDate: '2025-03-01', targetDate: '2025-04-01' };
    expect(dateOrderProblem(stored, { targetDate: '2025-02-01' })).toBe('targetDate');
    expect(dateOrderProblem(stored, { startDate: '2025-05-01' })).toBe('startDate');
    expect(
      dateOrderProblem(stored, { startDate: '2025-05-01', targetDate: '2025-06-01' }),
    ).toBeNull();
    expect(dateOrderProblem(stored, { startDate: null })).toBeNull();
    expect(dateOrderProblem(stored, {})).toBeNull();
  });
});
