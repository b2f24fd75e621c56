import type { Connection } from 'mongoose';
import { backoffDelay } from '@momentum/contracts';
import { auditAllCounts, type AuditDeps } from './counts-audit.js';

/** Where counts were kept before they moved beside the issue rows in `issue_states`. */
const LEGACY_COLLECTION = 'project_counts';

/**
 * An upgrade from the former `project_counts` collection: every project's counts are rebuilt
 * from the issues service at start, then that collection is dropped, so the numbers are right
 * from the first minutes rather than the first hourly audit. Tried again with backoff while
 * the issues service is not answering; any process may run it (a recount is guarded).
 * Answers a stop function.
 */
export function migrateLegacyCounts(db: Connection, deps: AuditDeps): () => Promise<void> {
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  const run = async (): Promise<void> => {
    for (let failures = 0; !stopped;) {
      try {
        const legacy = await db.db!.listCollections({ name: LEGACY_COLLECTION }).toArray();
        if (!legacy.length) return;
        const tally = await auditAllCounts(deps, { rebuild: true });
        if (tally.failed) throw new Error(`${tally.failed} projects not rebuilt`);
        await db.db!.dropCollection(LEGACY_COLLECTION).catch(() => undefined);
        deps.log.info(tally, 'project counts moved from project_counts; rebuilt');
        return;
      } catch (err) {
        failures++;
        deps.log.warn({ err }, 'project counts upgrade not finished; trying again');
        await new Promise<void>((resolve) => {
          timer = setTimeout(
            resolve,
            backoffDelay(failures, { baseMs: 1000, maxMs: 60_000, jitter: 'equal' }),
          );
          timer.unref();
        });
      }
    }
  };
  const running = run();
  return async () => {
    stopped = true;
    clearTimeout(timer);
    await running;
  };
}
