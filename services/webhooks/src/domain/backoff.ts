import { backoffDelay } from '@momentum/contracts';

/**
 * When to try a failed delivery again: exponential backoff with "equal jitter" (half the
 * step fixed, half random), so receivers that failed together are not retried together
 * and no retry comes sooner than half its step. A receiver's `Retry-After` is honoured
 * (never retried sooner), capped like every delay. Past the retry window the delivery is
 * given up: with the defaults (5 s doubling, 6 h cap, 24 h window) that is about 15
 * attempts over a day.
 */
export interface RetryPolicy {
  baseMs: number;
  maxDelayMs: number;
  windowMs: number;
}

/** The pause after the `failedAttempts`-th failed attempt (1 = the first failure). */
export function retryDelay(
  failedAttempts: number,
  policy: Pick<RetryPolicy, 'baseMs' | 'maxDelayMs'>,
  random: () => number = Math.random,
): number {
  const backoff = { baseMs: policy.baseMs, maxMs: policy.maxDelayMs, jitter: 'equal' } as const;
  return Math.round(backoffDelay(failedAttempts, backoff, random));
}

/** `Retry-After` as seconds or an HTTP date, in milliseconds from now; null if absent or unreadable. */
export function parseRetryAfter(value: string | null | undefined, now: number): number | null {
  if (!value) return null;
  const trimmed = value.trim();
  if (/^\d{1,10}$/.test(trimmed)) return Number(trimmed) * 1000;
  const at = Date.parse(trimmed);
  return Number.isNaN(at) ? null : Math.max(0, at - now);
}

/**
 * The next attempt's time, or null when it would fall outside the window that began when
 * the delivery was armed (created, or redelivered by hand).
 */
export function nextAttemptAt(input: {
  failedAttempts: number;
  retryAfterMs: number | null;
  now: number;
  armedAt: number;
  policy: RetryPolicy;
  random?: () => number;
}): number | null {
  const jittered = retryDelay(input.failedAttempts, input.policy, input.random);
  const delay = Math.min(input.policy.maxDelayMs, Math.max(jittered, input.retryAfterMs ?? 0));
  const at = input.now + delay;
  return at > input.armedAt + input.policy.windowMs ? null : at;
}
