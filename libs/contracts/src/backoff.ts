/**
 * How long to wait before the next try after `failures` failures in a row (1 = the first):
 * `baseMs` doubling with each failure, at most `maxMs`, then jittered so that parties that
 * failed together do not try again together. `full` jitter waits anywhere up to the step
 * (racing writers: the shortest waits matter); `equal` waits at least half of it (a
 * receiver that needs a rest gets one). The one backoff of the code base: storage's retries
 * of a conflicting write and lease, and webhooks' delivery schedule.
 */
export interface Backoff {
  baseMs: number;
  maxMs: number;
  jitter: 'full' | 'equal';
}

export function backoffDelay(
  failures: number,
  { baseMs, maxMs, jitter }: Backoff,
  random: () => number = Math.random,
): number {
  // Capped before it is raised: 2 ** 40 steps past any sensible maximum already.
  const exponent = Math.min(Math.max(failures - 1, 0), 40);
  const step = Math.min(maxMs, baseMs * 2 ** exponent);
  return jitter === 'full' ? random() * step : step / 2 + (random() * step) / 2;
}
