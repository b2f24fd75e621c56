import { nextAttemptAt, parseRetryAfter, type RetryPolicy } from '../domain/backoff.js';
import { errorTextOf, verdictOf, type AttemptResult } from '../domain/outcome.js';
import type { Settlement } from '../store/delivery-store.js';

/**
 * What an attempt's result makes of the delivery: succeeded; pending until the next
 * attempt (backoff counted from the attempts since it was last armed, Retry-After
 * honoured); or failed — at once, or because the next attempt would fall outside the window.
 */
export function settlementOf(
  policy: RetryPolicy,
  delivery: { roundAttempts: number; armedAt: Date },
  result: AttemptResult,
  at: Date,
  random?: () => number,
): Settlement {
  const base = {
    lastResponseCode: result.kind === 'response' ? result.status : null,
    lastError: errorTextOf(result),
    lastAttemptAt: at,
    attempted: true,
  };
  const verdict = verdictOf(result);
  if (verdict === 'succeeded') return { ...base, state: 'succeeded', nextAttemptAt: at };
  const next =
    verdict === 'retry'
      ? nextAttemptAt({
          failedAttempts: delivery.roundAttempts + 1,
          retryAfterMs:
            result.kind === 'response' ? parseRetryAfter(result.retryAfter, at.getTime()) : null,
          now: at.getTime(),
          armedAt: delivery.armedAt.getTime(),
          policy,
          random,
        })
      : null;
  return next === null
    ? { ...base, state: 'failed', nextAttemptAt: at }
    : { ...base, state: 'pending', nextAttemptAt: new Date(next) };
}
