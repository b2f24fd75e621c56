import { datesInOrder } from '@momentum/contracts';

export interface DateRange {
  startDate: string | null;
  targetDate: string | null;
}

/**
 * The dates a PATCH would leave on the project: a field absent from the change keeps
 * its stored value, null clears it. The rule (target not before start) is checked on
 * this result, so a PATCH of one date is judged against the other stored one.
 */
export function mergeDates(stored: DateRange, change: Partial<DateRange>): DateRange {
  return {
    startDate: change.startDate !== undefined ? change.startDate : stored.startDate,
    targetDate: change.targetDate !== undefined ? change.targetDate : stored.targetDate,
  };
}

/** Which field to blame when the merged range is out of order, or null when it is fine. */
export function dateOrderProblem(
  stored: DateRange,
  change: Partial<DateRange>,
): 'targetDate' | 'startDate' | null {
  const merged = mergeDates(stored, change);
  if (datesInOrder(merged.startDate, merged.targetDate)) return null;
  return change.targetDate !== undefined ? 'targetDate' : 'startDate';
}
