/**
 * What one attempt's result means. A 2xx is delivered. Network errors, timeouts, 5xx and
 * 429 are the receiver's passing trouble: try again later. Any other answer (4xx, and 3xx,
 * since redirects are never followed) will not change by repeating the same request, nor
 * will a target that resolves to a forbidden address: the delivery fails at once.
 */
export type AttemptResult =
  | { kind: 'response'; status: number; retryAfter: string | null }
  | { kind: 'error'; error: AttemptError; message: string };

export type AttemptError = 'timeout' | 'network' | 'forbidden_target';

export type Verdict = 'succeeded' | 'retry' | 'failed';

export function verdictOf(result: AttemptResult): Verdict {
  if (result.kind === 'error') return result.error === 'forbidden_target' ? 'failed' : 'retry';
  if (result.status >= 200 && result.status < 300) return 'succeeded';
  if (result.status >= 500 || result.status === 429 || result.status === 408) return 'retry';
  return 'failed';
}

/** The short text kept in the delivery log for a result that was not a success. */
export function errorTextOf(result: AttemptResult): string | null {
  if (result.kind === 'error') return `${result.error}: ${result.message}`.slice(0, 300);
  if (result.status >= 300 && result.status < 400)
    return `redirect (${result.status}) not followed`;
  return result.status >= 200 && result.status < 300 ? null : `HTTP ${result.status}`;
}
