/**
 * Cycle checks for the two issue graphs: blockers (issue → issues blocking it) and
 * parents (issue → its parent). Pure: the caller supplies the edges it loaded.
 */

/**
 * Would "issue is blocked by blocker" close a cycle? It does when `issue` is already
 * reachable from `blocker` by following blocked-by edges. Returns the path
 * blocker → … → issue when it is, else null.
 */
export function blockerCyclePath(
  issueId: string,
  blockerId: string,
  blockedBy: ReadonlyMap<string, readonly string[]>,
): string[] | null {
  if (issueId === blockerId) return [issueId];
  const previous = new Map<string, string | null>([[blockerId, null]]);
  const queue = [blockerId];
  while (queue.length) {
    const current = queue.shift()!;
    for (const next of blockedBy.get(current) ?? []) {
      if (previous.has(next)) continue;
      previous.set(next, current);
      if (next === issueId) return pathTo(next, previous);
      queue.push(next);
    }
  }
  return null;
}

function pathTo(end: string, previous: Map<string, string | null>): string[] {
  const path: string[] = [];
  for (let at: string | null | undefined = end; at; at = previous.get(at)) path.unshift(at);
  return path;
}

/**
 * Would making `parentId` the parent of `issueId` close a cycle? `ancestors` is the
 * parent chain of `parentId`, nearest first (without parentId itself).
 */
export function parentCloseCycle(
  issueId: string,
  parentId: string,
  ancestors: readonly string[],
): boolean {
  return parentId === issueId || ancestors.includes(issueId);
}
