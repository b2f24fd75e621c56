import type { IssueState } from '@momentum/contracts';

export interface RebuildPlan {
  /** Issues the read model has no row for. */
  inserts: IssueState[];
  /** Issues whose row is older than the truth. */
  updates: IssueState[];
  /** Row ids the truth does not list. */
  missing: string[];
}

/**
 * What a rebuild must write: only the differences, since every write costs a round trip
 * and a rebuild may cover many thousand issues. A row newer than the truth (an event
 * that arrived after the snapshot) is left alone.
 */
export function planRebuild(
  existing: ReadonlyMap<string, number>,
  truth: readonly IssueState[],
): RebuildPlan {
  const inserts: IssueState[] = [];
  const updates: IssueState[] = [];
  const listed = new Set<string>();
  for (const state of truth) {
    listed.add(state.id);
    const version = existing.get(state.id);
    if (version === undefined) inserts.push(state);
    else if (version < state.version) updates.push(state);
  }
  const missing = [...existing.keys()].filter((id) => !listed.has(id));
  return { inserts, updates, missing };
}
