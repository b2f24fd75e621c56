import type { Actor, IssueStatus, Watcher } from '@momentum/contracts';

/**
 * Watchers an issue keeps at most: past it, nobody more is added (automatically or by
 * `PUT /watch`), so an issue document and the fan-out of its events stay bounded.
 */
export const MAX_WATCHERS = 200;

/** The acting person as a watcher; the platform itself watches nothing. */
export const watcherOf = (actor: Pick<Actor, 'type' | 'id'>): Watcher | null =>
  actor.type === 'system' ? null : { type: actor.type, id: actor.id };

/**
 * The watchers with `added` joined, each person once, in order, never beyond
 * MAX_WATCHERS; the same list (by identity) when nobody new joined.
 */
export function withWatchers(
  current: readonly Watcher[] | undefined,
  added: ReadonlyArray<Watcher | null | undefined>,
): Watcher[] {
  const list = [...(current ?? [])];
  const ids = new Set(list.map((w) => w.id));
  for (const w of added) {
    if (!w || ids.has(w.id) || list.length >= MAX_WATCHERS) continue;
    ids.add(w.id);
    list.push({ type: w.type, id: w.id });
  }
  return list;
}

/** People in `now` who were not in `before` (newly mentioned by an edit). */
export const newlyMentioned = <T extends { id: string }>(before: readonly T[], now: readonly T[]) =>
  now.filter((p) => !before.some((b) => b.id === p.id));

/** Statuses that close an issue: it blocks nothing any more. */
export const isClosed = (status: IssueStatus): boolean =>
  status === 'done' || status === 'cancelled';

/** The first characters of a comment, as a notification shows it. */
export const excerptOf = (body: string, max = 200): string =>
  body.length <= max ? body : `${body.slice(0, max - 1)}…`;
