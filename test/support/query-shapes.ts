/**
 * Query shapes as an index sees them, and MongoDB's equality–sort–range rule for whether a
 * declared index serves one. test/setup/query-shapes.ts records every query the stores send
 * during the service tests and checks them with this.
 */
export type IndexKeys = Record<string, 1 | -1>;

export interface DeclaredIndex {
  key: IndexKeys;
  /** A partial index holds only documents matching this; a query must name its fields. */
  partial?: Record<string, unknown>;
}

export interface QueryShape {
  collection: string;
  /** Fields matched by value (`x`, `{$eq}`, `{$in}`). */
  equal: string[];
  sort: IndexKeys;
  /** Fields bounded or tested otherwise (`$gt`, `$lt`, `$exists`, `$ne`, …). */
  range: string[];
}

const EQUALITY = new Set(['$eq', '$in']);
/** Conditions no index narrows on; the other fields of the filter must. */
const UNINDEXED = new Set(['$expr', '$where', '$text', '$comment', '$nor', '$jsonSchema']);

function isOperatorObject(value: unknown): value is Record<string, unknown> {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return false;
  const keys = Object.keys(value);
  return keys.length > 0 && keys.every((k) => k.startsWith('$'));
}

/**
 * The shapes a filter (and sort) asks of a collection: one per branch of each `$or`, since
 * each branch needs an index of its own.
 */
export function shapesOf(
  collection: string,
  filter: Record<string, unknown> = {},
  sort: IndexKeys = {},
): QueryShape[] {
  let shapes: QueryShape[] = [{ collection, equal: [], sort, range: [] }];
  for (const [field, value] of Object.entries(filter)) {
    if (UNINDEXED.has(field)) continue;
    if (field === '$and' || field === '$or') {
      const parts = (value as Record<string, unknown>[]).map((f) => shapesOf(collection, f));
      // Each part of an `$and` narrows further; each branch of an `$or` is a query of its own.
      if (field === '$and')
        for (const part of parts) shapes = shapes.flatMap((s) => part.map((p) => merge(s, p)));
      else shapes = shapes.flatMap((s) => parts.flat().map((branch) => merge(s, branch)));
      continue;
    }
    const byValue = !isOperatorObject(value) || Object.keys(value).every((op) => EQUALITY.has(op));
    for (const s of shapes) (byValue ? s.equal : s.range).push(field);
  }
  return shapes;
}

function merge(a: QueryShape, b: QueryShape): QueryShape {
  return { ...a, equal: [...a.equal, ...b.equal], range: [...a.range, ...b.range] };
}

/**
 * Equality–sort–range: the index's leading keys are fields the query matches by value (any
 * order), then the sort's keys in order (all in the index's direction or all reversed; a
 * sort key matched by value needs no place), then at most one range field. The index must
 * narrow (an equality or range key) or give the order; a query that matches fields by value
 * must lead with one of them. A partial index serves only queries naming its filter's fields.
 * The `_id` index serves any query naming its ids, whatever it sorts by.
 */
export function serves(index: DeclaredIndex, shape: QueryShape): boolean {
  const keys = Object.entries(index.key);
  // Ids given (one, or an `$in` list) read at most that many documents, sorted or not.
  if (keys.length === 1 && keys[0]![0] === '_id' && shape.equal.includes('_id')) return true;
  const named = new Set([...shape.equal, ...shape.range]);
  if (index.partial && !Object.keys(index.partial).every((f) => named.has(f))) return false;
  let at = 0;
  while (at < keys.length && shape.equal.includes(keys[at]![0])) at++;
  const leadingEquals = at;
  if (shape.equal.length > 0 && leadingEquals === 0) return false;
  const sort = Object.entries(shape.sort).filter(([k]) => !shape.equal.includes(k));
  if (sort.length > 0) {
    const tail = keys.slice(at, at + sort.length);
    const along = (sign: 1 | -1) =>
      sort.every(([k, d], i) => tail[i]?.[0] === k && tail[i]?.[1] === d * sign);
    if (!along(1) && !along(-1)) return false;
    at += sort.length;
  }
  const ranged = at < keys.length && shape.range.includes(keys[at]![0]);
  return leadingEquals > 0 || sort.length > 0 || ranged;
}

export function describeShape(shape: QueryShape): string {
  const sort = Object.entries(shape.sort)
    .map(([k, d]) => `${d < 0 ? '-' : ''}${k}`)
    .join(',');
  return (
    `${shape.collection} equal [${shape.equal.join(', ')}]` +
    (sort ? ` sort ${sort}` : '') +
    (shape.range.length ? ` range [${shape.range.join(', ')}]` : '')
  );
}

type Args = unknown[];
type Filter = Record<string, unknown> | undefined;
const sortOf = (options: unknown): IndexKeys =>
  ((options as { sort?: IndexKeys } | undefined)?.sort ?? {}) as IndexKeys;

/** The filter and sort a collection method reads documents by, as `find` takes them. */
export interface Read {
  filter: Filter;
  sort: IndexKeys;
}

/**
 * What one collection method reads by, from its arguments as mongoose's debug hook sees them;
 * `undefined` for methods that read no documents by one filter (inserts, index work, bulk
 * writes). A pipeline reads by its leading `$match` and the `$sort` right after it.
 */
export function readOfCall(method: string, args: Args): Read | undefined {
  const [first, second, third] = args;
  switch (method) {
    case 'find':
    case 'findOne':
    case 'countDocuments':
    case 'deleteOne':
    case 'deleteMany':
    case 'findOneAndDelete':
      return { filter: first as Filter, sort: sortOf(second) };
    case 'updateOne':
    case 'updateMany':
    case 'replaceOne':
    case 'findOneAndUpdate':
    case 'findOneAndReplace':
      return { filter: first as Filter, sort: sortOf(third) };
    case 'distinct':
      return { filter: second as Filter, sort: {} };
    case 'aggregate': {
      const [head, next] = first as Record<string, unknown>[];
      const match = head?.$match as Filter;
      const sort = (match ? next : head)?.$sort as IndexKeys | undefined;
      return { filter: match, sort: sort ?? {} };
    }
    default:
      return undefined;
  }
}

/**
 * The shapes one collection method sends, from its arguments as mongoose's debug hook sees
 * them; `undefined` for methods that read no documents by a filter (inserts, index work).
 */
export function shapesOfCall(
  collection: string,
  method: string,
  args: Args,
): QueryShape[] | undefined {
  if (method === 'bulkWrite')
    return (args[0] as Record<string, { filter?: Filter }>[]).flatMap((op) => {
      const body = Object.values(op)[0];
      return body?.filter ? shapesOf(collection, body.filter) : [];
    });
  const read = readOfCall(method, args);
  return read && shapesOf(collection, read.filter, read.sort);
}
