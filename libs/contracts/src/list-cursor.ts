import { z } from 'zod';
import { documentAs } from './documentation.js';
import { validationError } from './errors.js';

/**
 * Deep pages by cursor: `meta.nextCursor` of a list reply, passed back as `?after=`, names
 * the last item shown (its sort value and id) and the sort it was made for. The next page
 * starts right after it with a range on the index, so page 10,000 costs what page 1 does
 * (`page` skips every item before it), and items written meanwhile neither repeat nor
 * go missing. This is the cursor's wire shape; the reads are libs/storage's list-pages.ts.
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
