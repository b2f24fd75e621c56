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
