// Keeps a started stack running (`npm start`): a process that exits without being asked to
// is started again, after a backoff, with a log line for each exit and each return.
import { waitHealthy } from './stack.mjs';

/**
 * The wait before restarting a process that has crashed `crashes` times in a row: 1 s,
 * doubling, at most 30 s. A process that ran for `stableMs` before it exited starts over at 1 s.
 */
export const backoffMs = (crashes, { firstMs = 1000, maxMs = 30_000 } = {}) =>
  Math.min(maxMs, firstMs * 2 ** Math.max(0, crashes - 1));

/**
 * Watches every restartable process of `stack` (services, gateways, the MCP server): one that
 * exits on its own is respawned with the env it first had after `backoffMs`, and the others
 * go on serving (with REPLICAS=2 its twin carries its requests meanwhile). Returns `stop()`,
 * called before the stack is stopped (Ctrl-C), after which nothing is restarted.
 */
export function supervise(stack, { log, firstMs = 1000, maxMs = 30_000, stableMs = 60_000 } = {}) {
  let stopped = false;
  const timers = new Set();
  const crashes = new Map();

  const watch = (entry) => {
    const startedAt = Date.now();
    entry.child.once('exit', (code, signal) => {
      if (stopped) return;
      const ranMs = Date.now() - startedAt;
      const inARow = ranMs >= stableMs ? 1 : (crashes.get(entry.name) ?? 0) + 1;
      crashes.set(entry.name, inARow);
      const delay = backoffMs(inARow, { firstMs, maxMs });
      const how = signal ? `killed by ${signal}` : `exited with code ${code}`;
      const streak = inARow > 1 ? `, crash ${inARow} in a row` : '';
      log(
        `${entry.name} ${how} after ${(ranMs / 1000).toFixed(1)}s; restarting in ${delay / 1000}s${streak}`,
      );
      const timer = setTimeout(() => {
        timers.delete(timer);
        if (stopped) return;
        const child = stack.respawn(entry.name);
        watch(entry);
        waitHealthy(entry.url, entry.name, child).then(
          () => log(`${entry.name} is back at ${entry.url}`),
          // It exited again while starting: its exit above schedules the next try.
          () => undefined,
        );
      }, delay);
      timers.add(timer);
    });
  };

  for (const entry of stack.children) if (entry.component) watch(entry);
  return {
    stop() {
      stopped = true;
      for (const timer of timers) clearTimeout(timer);
      timers.clear();
    },
  };
}
