import { Query } from 'mingo';
import {
  Binary,
  Decimal128,
  Double,
  Int32,
  Long,
  ObjectId,
  Timestamp,
  type Document,
  type MongoClient,
} from 'mongodb';

/**
 * An oracle independent of both builds: mingo, a JavaScript implementation of MongoDB's query
 * language, applied to the documents as FerretDB as released stores them (read whole, no filter
 * of theirs involved). The property tests compare the patched build with it as well as with
 * FerretDB as released, so an answer both builds share but MongoDB would not give is caught.
 */

/** Not comparable exactly in JavaScript numbers (a Long past 2⁵³, a Decimal128). */
class Inexact extends Error {}

/**
 * A value as mingo compares it: BSON numbers as JavaScript numbers, the rest as it is. A Long
 * past 2⁵³ throws Inexact, or with `lossy` becomes the nearest number (a stored one: a filter
 * holding such a value is not asked of the oracle, so no equality can hinge on it).
 */
function plain(v: unknown, lossy = false): unknown {
  if (v instanceof Double || v instanceof Int32) return v.valueOf();
  // Before Long, which a Timestamp is too: as text that orders as MongoDB orders them (a test
  // keeps such values in fields of their own, so no true string meets them).
  if (v instanceof Timestamp) return `\u0001ts:${hex(v.t, 8)}${hex(v.i, 8)}`;
  if (v instanceof Binary) {
    const bytes = Buffer.from(v.buffer.subarray(0, v.position)).toString('hex');
    return `\u0001bin:${hex(v.length(), 8)}:${hex(v.sub_type, 2)}:${bytes}`;
  }
  if (v instanceof Long) {
    const exact =
      v.lessThanOrEqual(Number.MAX_SAFE_INTEGER) && v.greaterThanOrEqual(-Number.MAX_SAFE_INTEGER);
    if (!exact && !lossy) throw new Inexact();
    return v.toNumber();
  }
  if (v instanceof Decimal128) throw new Inexact();
  if (Array.isArray(v)) return v.map((x) => plain(x, lossy));
  if (
    v &&
    typeof v === 'object' &&
    !(v instanceof Date) &&
    !(v instanceof ObjectId) &&
    !(v instanceof RegExp)
  )
    return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, plain(x, lossy)]));
  return v;
}

/** `n` in hexadecimal, `width` digits: text that orders as the numbers do. */
const hex = (n: number, width: number) => n.toString(16).padStart(width, '0');

/**
 * A filter written as mingo answers it the way MongoDB does, where the two differ:
 * - each `$all` as the `$and` of equalities MongoDB documents it as (`{tags: {$all: ["a",
 *   "b"]}}` is `{$and: [{tags: "a"}, {tags: "b"}]}`): mingo matches a `$all` only against
 *   arrays, where MongoDB also matches a field equal to its one value;
 * - `$gte: null` and `$lte: null` as the equality to null they are in MongoDB (null and a
 *   missing field match; the type bracket of null holds nothing else): mingo matches none;
 * - `{f: {$not: x}}` as `{$nor: [{f: x}]}`, what MongoDB documents it as: mingo matches an
 *   array with an element `x` leaves out (`{r: {$not: /b$/}}` matched `{r: ["Ab"]}`).
 */
function mongoForm(filter: Document): Document {
  const and: Document[] = [];
  const out: Document = {};
  for (const [key, v] of Object.entries(filter)) {
    if ((key === '$and' || key === '$or' || key === '$nor') && Array.isArray(v)) {
      out[key] = v.map((f: Document) => mongoForm(f));
      continue;
    }
    const ops = v as Document;
    const operators =
      ops !== null &&
      Object.getPrototypeOf(ops) === Object.prototype &&
      Object.keys(ops).some((k) => k.startsWith('$'));
    if (!operators) {
      out[key] = v;
      continue;
    }
    const rest: Document = { ...ops };
    if (Array.isArray(ops.$all) && ops.$all.length > 0) {
      delete rest.$all;
      for (const x of ops.$all as unknown[]) and.push({ [key]: x });
    }
    if ('$not' in ops) {
      delete rest.$not;
      and.push({ $nor: [mongoForm({ [key]: ops.$not })] });
    }
    for (const op of ['$gte', '$lte'])
      if (op in ops && ops[op] === null) {
        delete rest[op];
        and.push({ [key]: null });
      }
    if (Object.keys(rest).length) out[key] = rest;
  }
  return and.length ? { ...out, $and: [...((out.$and as Document[]) ?? []), ...and] } : out;
}

/**
 * The `_id`s of the documents of `name` that MongoDB's semantics match with `filter`, sorted
 * as strings; undefined when the filter holds a value JavaScript numbers do not hold exactly.
 */
export async function oracleIds(
  released: MongoClient,
  db: string,
  name: string,
  filter: Document,
): Promise<string[] | undefined> {
  return mingoIds(await released.db(db).collection(name).find().toArray(), filter);
}

/**
 * The `_id`s of `docs` (read whole, with no filter) that MongoDB's semantics match with
 * `filter`, sorted as strings; undefined when the filter holds a value JavaScript numbers do
 * not hold exactly. Timestamps and binData are compared as MongoDB orders each among its own
 * kind (a timestamp by time, then increment; binData by length, subtype, then bytes).
 */
export function mingoIds(docs: Document[], filter: Document): string[] | undefined {
  let query: Query;
  try {
    query = new Query(mongoForm(plain(filter) as Document));
  } catch (e) {
    if (e instanceof Inexact) return undefined;
    throw e;
  }
  return query
    .find<Document>(docs.map((d) => plain(d, true) as Document))
    .all()
    .map((d) => String(d._id))
    .sort();
}

/** The `_id`s of an answer, as strings, sorted (an error answers as itself). */
export const idSet = (docs: unknown) =>
  Array.isArray(docs) ? docs.map((d: Document) => String(d._id)).sort() : docs;
