import type { Actor } from '@momentum/contracts';
import { uuidv7 } from '@momentum/contracts';
import { levelFor } from '../domain/levels.js';
import { userLeveledUp } from '../events/task-events.js';
import type { PendingXp } from '../store/models.js';
import type { HabitsDeps } from '../deps.js';

/**
 * Takes the entry, as applied, off its task: settleXp, or a completion's own way of making
 * that write (complete.ts: with the task's outbox pull).
 */
export type Settle = (entry: PendingXp) => Promise<void>;

/** New ids one completion's XP may take in a row before it is left for the recovery. */
const MAX_REKEYS = 3;

/**
 * A completion's XP travels with its task write: the write lists it in the task's
 * `xpPending` (complete.ts), so a process that dies right after the write loses nothing.
 * It reaches the completer's profile here, right after the write or later by the recovery
 * (xp-recovery.ts): the profile adds it unless it holds it already (keyed by the
 * completion's id), the level it crossed is announced once per level, and only then does
 * the task stop listing it. Any step may be repeated, none applies twice.
 *
 * The profile may have forgotten ids as old as the entry's (it keeps the newest and those
 * still pending: profile-store.ts) and not list it: a retry that waited while the entry was
 * applied, settled and trimmed, or an entry whose write to the task took longer than the
 * user's next completions. The profile's trims keep every id a task still lists, so if the
 * task still lists the entry the profile never applied it: the task gives it a new id (one
 * caller wins) and that is applied. If the task no longer lists it, whoever settled it or
 * gave it a new id took care of it.
 */
export async function awardXp(
  deps: HabitsDeps,
  taskId: string,
  entry: PendingXp,
  settle: Settle = (applied) => deps.tasks.settleXp(taskId, applied),
  rekeys = 0,
): Promise<{ level: number; leveledUp: boolean }> {
  const userId = entry.actor.userId;
  const applied = await deps.profiles.applyXp(userId, entry.id, entry.xp, deps.now());
  const { total } = applied;
  if (applied.unjudged) {
    if (rekeys >= MAX_REKEYS)
      throw new Error(`XP of completion ${entry.id} refused ${rekeys + 1} times; left pending`);
    const fresh = await deps.tasks.rekeyXp(taskId, entry, uuidv7());
    if (!fresh) return { level: levelFor(total), leveledUp: false };
    deps.log.warn(
      { taskId, userId, completion: entry.id, newId: fresh.id, at: entry.at },
      'XP of a completion older than its profile remembers: never applied (its task still lists it), applied under a new id',
    );
    return awardXp(deps, taskId, fresh, settle, rekeys + 1);
  }
  const level = levelFor(total);
  const previousLevel = levelFor(total - entry.xp);
  // Also when this call found the XP applied: the one that applied it may have died
  // before announcing; a level is stored once whoever asks.
  if (level !== previousLevel) {
    const actor = entry.actor as Actor;
    const event = userLeveledUp(actor, { userId, level, previousLevel, xp: total });
    if (await deps.profiles.announceLevel(userId, level, event))
      deps.outbox.flush(deps.profiles.model, userId);
  }
  await settle(entry);
  return { level, leveledUp: applied.applied && level !== previousLevel };
}
