import type { Actor } from '@momentum/contracts';
import { levelFor } from '../domain/levels.js';
import { userLeveledUp } from '../events/task-events.js';
import type { PendingXp } from '../store/models.js';
import type { HabitsDeps } from '../deps.js';

/**
 * A completion's XP travels with its task write: the write lists it in the task's
 * `xpPending` (complete.ts), so a process that dies right after the write loses nothing.
 * It reaches the completer's profile here, right after the write or later by the recovery
 * (xp-recovery.ts): the profile adds it unless it holds it already (keyed by the
 * completion's id), the level it crossed is announced once per level, and only then does
 * the task stop listing it. Any step may be repeated, none applies twice.
 */
export async function awardXp(
  deps: HabitsDeps,
  taskId: string,
  entry: PendingXp,
): Promise<{ level: number; leveledUp: boolean }> {
  const userId = entry.actor.userId;
  const { total, applied } = await deps.profiles.applyXp(userId, entry.id, entry.xp, deps.now());
  deps.faults.afterXpApplied?.();
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
  await deps.tasks.settleXp(taskId, entry);
  return { level, leveledUp: applied && level !== previousLevel };
}
