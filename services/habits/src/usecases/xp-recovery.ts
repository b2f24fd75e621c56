import type { Logger } from '@momentum/messaging';
import { awardXp } from './award-xp.js';
import type { HabitsDeps } from '../deps.js';

/**
 * XP still pending on a task this long after its completion was left by a process that
 * died (or stalled) between the task write and the profile's; its writer is done with it
 * within milliseconds. Younger entries are left to their writer.
 */
export const XP_RECOVERY_AFTER_MS = 10_000;

/**
 * Applies the XP crashed completions left pending on their tasks (award-xp.ts): one
 * indexed query for the oldest, on a timer in every process. Each entry applies once
 * whichever process, or how many, take it up.
 */
export async function recoverXp(deps: HabitsDeps, limit = 200): Promise<number> {
  const before = new Date(deps.now().getTime() - XP_RECOVERY_AFTER_MS);
  const tasks = await deps.tasks.withPendingXp(before, limit);
  let recovered = 0;
  for (const task of tasks) {
    const entries = task.xpPending ?? [];
    for (const entry of entries) {
      await awardXp(deps, task._id, entry);
      recovered++;
    }
    // A crash between settling the last entry and dropping the marker leaves an empty list.
    if (!entries.length) await deps.tasks.settleXp(task._id, null);
  }
  return recovered;
}

/** Runs `recoverXp` every `everyMs`, one pass at a time; failures are logged and retried. */
export function startXpRecovery(deps: HabitsDeps, log: Logger, everyMs: number): () => void {
  let running = false;
  const timer = setInterval(() => {
    if (running) return;
    running = true;
    recoverXp(deps)
      .then((n) => {
        if (n) log.warn({ recovered: n }, 'XP left pending by a crashed completion applied');
      })
      .catch((err: unknown) => log.warn({ err }, 'XP recovery failed; retried next tick'))
      .finally(() => (running = false));
  }, everyMs);
  timer.unref();
  return () => clearInterval(timer);
}
