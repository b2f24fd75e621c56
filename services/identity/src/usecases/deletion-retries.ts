import type { Logger } from '@momentum/messaging';
import type { IdentityDeps } from '../deps.js';
import { retryDeletions } from './deletion.js';

/**
 * Re-publishes erasures a service has not confirmed (retryDeletions), checked a few times
 * per retry period; one sweep at a time per process.
 */
export function startDeletionRetries(deps: IdentityDeps, log: Logger): () => void {
  let running = false;
  const timer = setInterval(
    () => {
      if (running) return;
      running = true;
      retryDeletions(deps)
        .then((n) => {
          if (n)
            log.warn(
              { republished: n },
              'erasures not yet confirmed by every service, asked again',
            );
        })
        .catch((err: unknown) => log.warn({ err }, 'erasure retry failed; retried next tick'))
        .finally(() => (running = false));
    },
    Math.max(100, Math.floor(deps.deletion.retryMs / 4)),
  );
  timer.unref();
  return () => clearInterval(timer);
}
