/**
 * Where a write carries the activity entries it makes: in the written document (issue,
 * comment or blocker relation) itself, by the same atomic write, until the activity log
 * has them (ActivityStore.record). `_activitySince` is the oldest one's time, present while
 * any waits: what the recovery finds them by (PENDING_ACTIVITY_INDEX).
 */
export const CARRIED = '_activity';
export const CARRIED_SINCE = '_activitySince';

/** Declared on every carrier: partial, so it holds only documents with entries waiting. */
export const PENDING_ACTIVITY_INDEX = {
  keys: { [CARRIED_SINCE]: 1 },
  options: {
    name: 'activity_pending',
    partialFilterExpression: { [CARRIED_SINCE]: { $exists: true } },
  },
} as const;
