import { z } from 'zod';
import { documentAs } from './documentation.js';
import { validationError } from './errors.js';

/**
 * Deep pages by cursor: `meta.nextCursor` of a list reply, passed back as `?after=`, names
 * the last item shown (its sort value and id) and the sort it was made for. The next page
 * starts right after it with a range on the index, so page 10,000 costs what page 1 does
 * (`page` skips every item before it), and items written meanwhile neither repeat nor
 * go missing.
 */
export type SortValue = string | number | boolean | Date | null;

export interface ListPosition {
  /** The `sort` parameter the cursor was made for (`-createdAt`). */
  sort: string;
  value: SortValue;
  id: string;
}

const MAX_CURSOR = 400;

export function encodeListCursor(p: ListPosition): string {
  const value = p.value instanceof Date ? { d: p.value.toISOString() } : p.value;
  return Buffer.from(JSON.stringify([p.sort, value, p.id])).toString('base64url');
}

/** The position in a cursor; null when it is not one this API made. */
export function decodeListCursor(cursor: string): ListPosition | null {
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(cursor, 'base64url').toString());
  } catch {
    return null;
  }
  if (!Array.isArray(parsed) || parsed.length !== 3) return null;
  const [sort, raw, id] = parsed as unknown[];
  if (typeof sort !== 'string' || typeof id !== 'string' || id.length > 64) return null;
  if (raw !== null && typeof raw === 'object') {
    const iso = (raw as { d?: unknown }).d;
    const date = typeof iso === 'string' ? new Date(iso) : null;
    return date && !Number.isNaN(date.getTime()) ? { sort, value: date, id } : null;
  }
  if (!['string', 'number', 'boolean'].includes(typeof raw) && raw !== null) return null;
  return { sort, value: raw as SortValue, id };
}

/** `?after=`: decoded here, so a cursor this API did not make is a 422 on `after`. */
export const AfterQuery = documentAs(
  z
    .string()
    .max(MAX_CURSOR)
    .transform((cursor, ctx) => {
      const position = /^[A-Za-z0-9_-]+$/.test(cursor) ? decodeListCursor(cursor) : null;
      if (position) return position;
      ctx.addIssue({
        code: 'custom',
        message: 'must be a `meta.nextCursor` this list handed out',
        params: { rule: 'cursor' },
      });
      return z.NEVER;
    })
    .optional(),
  {
    type: 'string',
    maxLength: MAX_CURSOR,
    description:
      '`meta.nextCursor` of the previous page: the page after it, at any depth (use instead of `page`; with the same `sort`)',
  },
);

/** The sort a query asked for, as its `sort` parameter spells it. */
export const sortNameOf = (sort: { field: string; direction: 1 | -1 }): string =>
  `${sort.direction < 0 ? '-' : ''}${sort.field}`;

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

/**
 * The position a list query starts after, if any: `after` goes with page 1 and with the
 * sort its cursor was made for (422 on `after` otherwise).
 */
export function startAfter(q: {
  after?: ListPosition | undefined;
  page: number;
  sort: { field: string; direction: 1 | -1 };
}): ListPosition | undefined {
  if (!q.after) return undefined;
  if (q.page > 1)
    throw validationError('after: use `after` or `page`, not both', {
      field: 'after',
      rule: 'exclusive',
    });
  if (q.after.sort !== sortNameOf(q.sort))
    throw validationError(`after: the cursor was made for sort=${q.after.sort}`, {
      field: 'after',
      rule: 'cursor_sort',
      sort: q.after.sort,
    });
  return q.after;
}
