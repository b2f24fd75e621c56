import { conflict, notFound, scopeOf, type Actor, type Watcher } from '@momentum/contracts';
import type { IssuesDeps } from '../deps.js';
import { MAX_WATCHERS, watcherOf, withWatchers } from '../domain/watchers.js';
import { visibleIssue } from './access.js';

/** PUT /api/tasks/:id/watch: anyone who may read the issue follows it (again: no change). */
export async function watchIssue(deps: IssuesDeps, actor: Actor, id: string): Promise<void> {
  await visibleIssue(deps.issues, scopeOf(actor), id);
  const me = watcherOf(actor);
  if (!me) return;
  let full = false;
  const done = await deps.issues.rewatch(id, (current) => {
    if (current.some((w) => w.id === me.id)) return null;
    full = current.length >= MAX_WATCHERS;
    return full ? null : withWatchers(current, [me]);
  });
  if (!done) throw notFound('Issue');
  if (full) throw conflict(`An issue has at most ${MAX_WATCHERS} watchers`, { max: MAX_WATCHERS });
}

/** DELETE /api/tasks/:id/watch: the caller stops following the issue (idempotent). */
export async function unwatchIssue(deps: IssuesDeps, actor: Actor, id: string): Promise<void> {
  await visibleIssue(deps.issues, scopeOf(actor), id);
  const done = await deps.issues.rewatch(id, (current) =>
    current.some((w) => w.id === actor.id) ? current.filter((w) => w.id !== actor.id) : null,
  );
  if (!done) throw notFound('Issue');
}

/**
 * Adds people who took part (commented, were mentioned); answers the watchers after. `known`
 * is the list as just read: when everyone is on it already, nothing is read or written.
 */
export async function joinWatchers(
  deps: Pick<IssuesDeps, 'issues'>,
  id: string,
  people: ReadonlyArray<Watcher | null>,
  known?: readonly Watcher[],
): Promise<Watcher[]> {
  if (known && people.every((p) => !p || known.some((w) => w.id === p.id))) return [...known];
  const done = await deps.issues.rewatch(id, (current) => {
    const next = withWatchers(current, people);
    return next.length === current.length ? null : next;
  });
  if (!done) throw notFound('Issue');
  return done.watchers;
}
