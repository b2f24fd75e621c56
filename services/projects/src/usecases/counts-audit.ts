import type { Logger } from '@momentum/messaging';
import type { IssueStatesSource } from '../clients/issue-states-source.js';
import type { IssueStateStore } from '../store/issue-state-store.js';
import type { ProjectStore } from '../store/project-store.js';
import { rebuildCounts, repairDrift } from './counts.js';

const PROJECTS_PAGE = 200;

export interface AuditDeps {
  store: ProjectStore;
  states: IssueStateStore;
  source: IssueStatesSource;
  log: Logger;
}

/**
 * Every project in id order, a page at a time: its counts compared with the issues
 * service's and rebuilt where they drifted, or (`rebuild`) rebuilt outright — after the
 * issue events were lost (an expired stream position). One project failing is logged and
 * the pass goes on.
 */
export async function auditAllCounts(
  deps: AuditDeps,
  options: { rebuild?: boolean } = {},
): Promise<{ projects: number; repaired: number; failed: number }> {
  const tally = { projects: 0, repaired: 0, failed: 0 };
  let after: string | undefined;
  for (;;) {
    const ids = await deps.store.idsAfter(after, PROJECTS_PAGE);
    for (const projectId of ids) {
      tally.projects++;
      try {
        if (options.rebuild) {
          await rebuildCounts(deps.states, deps.source, projectId);
          tally.repaired++;
        } else if ((await repairDrift(deps.states, deps.source, projectId)).drifted) {
          tally.repaired++;
          deps.log.warn({ projectId }, 'project counts drifted from the issues; rebuilt');
        }
      } catch (err) {
        tally.failed++;
        deps.log.error({ err, projectId }, 'project counts audit failed for this project');
      }
    }
    if (ids.length < PROJECTS_PAGE) return tally;
    after = ids.at(-1);
  }
}

/**
 * The audit on a schedule: every `everyMs` (jittered by up to a tenth, so replicas drift
 * apart), one pass at a time. Answers a stop function.
 */
export function scheduleCountsAudit(deps: AuditDeps, everyMs: number): () => Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<unknown> = Promise.resolve();
  let stopped = false;
  const next = () => {
    if (stopped) return;
    timer = setTimeout(
      () => {
        running = auditAllCounts(deps)
          .then((t) => deps.log.info(t, 'project counts audited'))
          .catch((err: unknown) => deps.log.error({ err }, 'project counts audit failed'))
          .finally(next);
      },
      everyMs * (1 + Math.random() / 10),
    );
    timer.unref();
  };
  next();
  return async () => {
    stopped = true;
    clearTimeout(timer);
    await running;
  };
}
