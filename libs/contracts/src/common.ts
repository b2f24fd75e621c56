import { z } from 'zod';
import { documentAs } from './documentation.js';

/** Small building blocks shared by every resource schema. */
export const Uuid = z.uuid({ message: 'must be a UUID' });

/** A real calendar date `YYYY-MM-DD` (2025-02-30 is refused). */
export const IsoDate = z
  .string()
  .refine(isRealDate, { message: 'must be a date YYYY-MM-DD', params: { rule: 'date' } })
  .meta({ format: 'date', examples: ['2025-04-15'] });

/** An ISO 8601 timestamp in UTC as replies carry it (`Date#toISOString`). */
export const Timestamp = z.iso.datetime();

export function isRealDate(value: string): boolean {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!m) return false;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const date = new Date(Date.UTC(y, mo - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === mo - 1 && date.getUTCDate() === d;
}

/** Query-string integers: plain digits only, so `?page[$gt]=1` is refused. */
export const queryInt = (min: number, max: number, fallback: number) =>
  documentAs(
    z
      .string()
      .regex(/^\d{1,9}$/, { message: 'must be a whole number' })
      .transform(Number)
      .pipe(z.number().int().min(min).max(max))
      .optional()
      .transform((v) => v ?? fallback),
    { type: 'integer', minimum: min, maximum: max, default: fallback },
  );

export const queryBool = (fallback: boolean) =>
  documentAs(
    z
      .enum(['true', 'false'])
      .optional()
      .transform((v) => (v === undefined ? fallback : v === 'true')),
    { type: 'boolean', default: fallback },
  );

export const PageQuery = {
  page: queryInt(1, 1_000_000, 1),
  limit: queryInt(1, 100, 20),
};

export const PageMeta = z
  .object({
    total: z.number().int().min(0).describe('Items matching the filters, over all pages'),
    page: z.number().int().min(1),
    perPage: z.number().int().min(1).describe('The `limit` asked for'),
    totalCapped: z
      .boolean()
      .optional()
      .describe('True when more than 1,000 match: `total` then says 1,000 (counted no further)'),
    nextCursor: z
      .string()
      .nullable()
      .optional()
      .describe(
        'The task and issue lists: pass as `after` (with the same `sort`) for the next page, at any depth; null on the last page',
      ),
  })
  .meta({ id: 'PageMeta' });
export type PageMeta = z.infer<typeof PageMeta>;

/**
 * How far a list's total is counted: beyond it `total` says this many and `totalCapped` is
 * true, so a list costs what its page costs, not what the whole collection does.
 */
export const TOTAL_COUNTED_MAX = 1_000;

/** A count made with `limit: TOTAL_COUNTED_MAX + 1`, as a page's meta shows it. */
export const cappedTotal = (counted: number): { total: number; totalCapped?: true } =>
  counted > TOTAL_COUNTED_MAX
    ? { total: TOTAL_COUNTED_MAX, totalCapped: true }
    : { total: counted };

/**
 * A list reply's meta, from the total (a number, or `cappedTotal`'s answer for a list that
 * counts no further than TOTAL_COUNTED_MAX), the page and limit asked for, and the cursor of
 * the next page where the list has one.
 */
export const pageMeta = (
  total: number | { total: number; totalCapped?: true },
  query: { page: number; limit: number },
  nextCursor?: string | null,
): PageMeta => ({
  ...(typeof total === 'number' ? { total } : total),
  page: query.page,
  perPage: query.limit,
  ...(nextCursor !== undefined ? { nextCursor } : {}),
});

/** A list reply: one page of items and where it sits. */
export const pageOf = <T extends z.ZodType>(item: T) =>
  z.object({ data: z.array(item), meta: PageMeta });

/** A single resource reply, wrapped as every success body is (docs/interface.md §4). */
export const dataOf = <T extends z.ZodType>(item: T) => z.object({ data: item });

/** `sort=-createdAt` → `{ field: 'createdAt', direction: -1 }` over an allow-list. */
export const sortParam = <const F extends readonly [string, ...string[]]>(
  fields: F,
  fallback: string,
) => {
  const allowed = fields.flatMap((f) => [f, `-${f}`]);
  return documentAs(
    z
      .string()
      .optional()
      .transform((v) => v ?? fallback)
      .refine((s) => allowed.includes(s), {
        message: `must be one of ${fields.join(', ')}, optionally prefixed with -`,
        params: { rule: 'sort', allowed },
      })
      .transform((s) => ({
        field: (s.startsWith('-') ? s.slice(1) : s) as F[number],
        direction: (s.startsWith('-') ? -1 : 1) as 1 | -1,
      })),
    {
      type: 'string',
      enum: allowed,
      default: fallback,
      description: 'A field to sort by; a leading `-` sorts descending',
    },
  );
};
