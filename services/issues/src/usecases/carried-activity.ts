import type { EventEnvelope } from '@momentum/contracts';
import type { Carrier } from '../store/activity-store.js';
import type { ActivityEntry } from '../store/models.js';
import type { IssuesDeps } from '../deps.js';

/** Records the activity entries a write of `kind` document `id` carried (activity-store.ts). */
export async function recordCarried(
  deps: IssuesDeps,
  kind: Carrier,
  id: string,
  entries: ActivityEntry[],
): Promise<void> {
  if (!entries.length) return;
  await deps.activity.record(kind, id, entries);
}

/**
 * After an issue's write, off the request path: its events published, its activity
 * inserted into the log (batched with other writes'), then one statement takes both off
 * the issue (the outbox's pull joined with the activity's clearing, batched with other
 * documents' pulls). A failure anywhere leaves them on the issue for the outbox sweep and
 * the activity recovery, which repeat nothing a consumer or the log would keep twice.
 */
export function settleInBackground(
  deps: IssuesDeps,
  id: string,
  outbox: readonly EventEnvelope[],
  entries: ActivityEntry[],
): void {
  const held = deps.outbox.issueHolding(id, outbox);
  if (!entries.length) return held.alone();
  deps.activity.insertBatched(entries).then(
    () => held.join(deps.activity.settleWith('issue', id, entries)),
    (err: unknown) => {
      deps.log.warn({ err, id }, 'activity not recorded yet; the recovery will');
      held.alone();
    },
  );
}
