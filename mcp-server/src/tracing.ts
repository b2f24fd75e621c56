import { shutdownTracing } from '@momentum/telemetry/tracing';

/**
 * Flushes the spans still batched before the process exits (nothing to do when none are
 * exported), waiting at most `ms`: an unreachable collector is retried for longer than a
 * client closing the server should wait.
 */
export const flushTraces = (ms = 2000): Promise<void> =>
  Promise.race([
    shutdownTracing(),
    new Promise<void>((resolve) => setTimeout(resolve, ms).unref()),
  ]);
