import {
  encodeListCursor,
  sortNameOf,
  type ListPosition,
  type SortValue,
} from '@momentum/contracts';

// The reads behind a cursor (`?after=`, libs/contracts' list-cursor.ts holds its wire shape):
// MongoDB filters on the list's index, read in the list's sort.

/** One read of a page after a cursor: a filter to add to the list's, read in the list's sort. */
export type KeysetStep = Record<string, unknown>;

/**
 * The reads that together give, in order, the items after `after` in a list sorted by
 * `field` then `_id` (both `direction`): those with the same value and a later id, then
 * those with a later value, then — descending — those with none (null sorts first). Each
 * is an equality or one range on an index of the list's equality fields, the sort field and
 * `_id`, so each reads only what it returns (no `$or`, which engines serve less well).
 */
export function keysetSteps(field: string, direction: 1 | -1, after: ListPosition): KeysetStep[] {
  const beyond = direction > 0 ? '$gt' : '$lt';
  const sameValue = { [field]: after.value, _id: { [beyond]: after.id } };
  if (after.value === null)
    return direction > 0 ? [sameValue, { [field]: { $ne: null } }] : [sameValue];
  const laterValue = { [field]: { [beyond]: after.value } };
  return direction > 0 ? [sameValue, laterValue] : [sameValue, laterValue, { [field]: null }];
}

/**
 * Reads a page after a cursor: each step in turn until `want` items are in hand. `read`
 * gets the step's filter and how many more are wanted.
 */
export async function readAfter<T>(
  steps: KeysetStep[],
  want: number,
  read: (step: KeysetStep, limit: number) => Promise<T[]>,
): Promise<T[]> {
  const rows: T[] = [];
  for (const step of steps) {
    if (rows.length >= want) break;
    rows.push(...(await read(step, want - rows.length)));
  }
  return rows;
}

/**
 * One page of a list sorted by `field` (then `_id`): by ranges after the cursor when there is
 * one, else by skipping to `page`; one more row than the page is read to know whether another
 * follows, and then the cursor of the next page is its last item's position (null on the
 * last page). `read` gets the range's filter, what to skip and how many to read.
 */
export async function readListPage<T extends { _id: string }>(
  q: {
    field: string;
    sort: { field: string; direction: 1 | -1 };
    page: number;
    limit: number;
    after?: ListPosition | undefined;
  },
  read: (where: KeysetStep, skip: number, limit: number) => Promise<T[]>,
): Promise<{ rows: T[]; nextCursor: string | null }> {
  const found = q.after
    ? await readAfter(keysetSteps(q.field, q.sort.direction, q.after), q.limit + 1, (step, n) =>
        read(step, 0, n),
      )
    : await read({}, (q.page - 1) * q.limit, q.limit + 1);
  const rows = found.slice(0, q.limit);
  const last = rows.at(-1);
  const nextCursor =
    found.length > q.limit && last
      ? encodeListCursor({
          sort: sortNameOf(q.sort),
          value: ((last as Record<string, unknown>)[q.field] ?? null) as SortValue,
          id: last._id,
        })
      : null;
  return { rows, nextCursor };
}
