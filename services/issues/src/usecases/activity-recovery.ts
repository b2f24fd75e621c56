import type { IssuesDeps } from '../deps.js';

export interface ActivityRecoveryOptions {
  /** How often to look (ms). */
  everyMs?: number;
  /**
   * How old a carried entry must be before the recovery records it (ms): younger ones are
   * their writer's, done within milliseconds. Recording one twice is harmless (its `_id`),
   * only wasted work.
   */
  afterMs?: number;
}

/**
 * Records the activity entries writes still carry because their process died between the
 * write and the log (activity-store.ts): every few seconds in every process, one indexed
 * query per carrier. Answers the function that stops it.
 */
export function recoverActivity(deps: IssuesDeps, options: ActivityRecoveryOptions = {}) {
  const everyMs = options.everyMs ?? 5000;
  const afterMs = options.afterMs ?? 10_000;
  let running = false;
  const timer = setInterval(() => {
    if (running) return;
    running = true;
    deps.activity
      .recover(new Date(Date.now() - afterMs))
      .then((n) => {
        if (n) deps.log.warn({ recorded: n }, 'activity a crashed write carried recorded');
      })
      .catch((err: unknown) => deps.log.warn({ err }, 'activity recovery failed; retried'))
      .finally(() => (running = false));
  }, everyMs);
  timer.unref();
  return () => clearInterval(timer);
}
