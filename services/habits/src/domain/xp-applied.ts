import { isUuidv7 } from '@momentum/contracts';

/**
 * What a profile remembers of the completions whose XP it holds (store/profile-store.ts):
 * the ids it applied (`xpApplied`) and, since its list was first trimmed, the cut below
 * which it forgot ids (`xpForgotten`). Completion ids are time-ordered (uuidv7), so "below"
 * is a string comparison, and a trim keeps the newest ids whatever the rate of completions.
 *
 * An id at or above the cut is judged by the list: applied exactly when listed. Below it
 * the list only answers "listed, so applied"; an unlisted id there may have been applied
 * and trimmed, so the XP write never applies it blindly (award-xp.ts takes it up). Ids of
 * completions made before ids were time-ordered (random UUIDs, not uuidv7) have no place
 * in that order: judged by the list only while nothing was forgotten, and below the cut
 * after.
 */

/** How many of the newest applied ids a trim keeps: a few times the completions of one user in flight at once. */
export const XP_APPLIED_KEPT = 32;
/** How many ids a trim drops at least: one trim per this many completions, not one per completion. */
export const XP_APPLIED_TRIM_AT = 32;
/** The cut of a trim that dropped only ids of before the time order: below every uuidv7. */
export const NOTHING_FORGOTTEN = '00000000-0000-0000-0000-000000000000';

export interface AppliedTrim {
  /** The ids to take off the list (those a completion still waits on are kept: profile-store.ts). */
  drop: string[];
  /** The profile's new cut, at least: every id dropped is below it or not time-ordered. */
  forget: string;
}

/**
 * The trim a profile's applied list is due, or null while it is short: every id below the
 * `kept`-th newest goes, and every id not time-ordered, once at least `trimAt` would.
 */
export function appliedTrim(
  applied: readonly string[],
  kept = XP_APPLIED_KEPT,
  trimAt = XP_APPLIED_TRIM_AT,
): AppliedTrim | null {
  if (applied.length < kept + trimAt) return null;
  const ordered = applied.filter(isUuidv7).sort();
  const forget = ordered.length > kept ? ordered[ordered.length - kept]! : NOTHING_FORGOTTEN;
  const drop = applied.filter((id) => id < forget || !isUuidv7(id));
  return drop.length >= trimAt ? { drop, forget } : null;
}

/**
 * Whether a profile that forgot ids below `forgotten` (none when undefined) still tells
 * by its list whether it applied `id`.
 */
export const judgedByList = (forgotten: string | undefined, id: string): boolean =>
  forgotten === undefined || (isUuidv7(id) && id >= forgotten);
