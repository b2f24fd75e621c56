import type { Connection } from 'mongoose';

export type IndexKeys = Record<string, 1 | -1>;

/** A list or lookup as an index sees it: the fields it narrows on by equality, then its sort. */
export interface QueryShape {
  label: string;
  collection: string;
  equal: string[];
  sort: IndexKeys;
}

/**
 * Does an index serve a query: its leading keys are fields the query narrows on by
 * equality (at least one), followed by the sort keys in order, all in the index's
 * direction or all reversed. Other conditions are applied to what it finds.
 */
export function serves(index: IndexKeys, shape: QueryShape): boolean {
  const keys = Object.entries(index);
  const sort = Object.entries(shape.sort);
  for (let lead = 1; lead <= Math.min(shape.equal.length, keys.length - sort.length); lead++) {
    if (!keys.slice(0, lead).every(([k]) => shape.equal.includes(k))) break;
    const tail = keys.slice(lead, lead + sort.length);
    const same = sort.every(([k, d], i) => tail[i]?.[0] === k && tail[i]?.[1] === d);
    const reversed = sort.every(([k, d], i) => tail[i]?.[0] === k && tail[i]?.[1] === -d);
    if (same || reversed) return true;
  }
  return false;
}

/** The shapes no declared index serves (each collection's indexes as created at start-up). */
export async function unserved(db: Connection, shapes: readonly QueryShape[]): Promise<string[]> {
  const declared = new Map<string, IndexKeys[]>();
  for (const collection of new Set(shapes.map((s) => s.collection)))
    declared.set(
      collection,
      (await db.collection(collection).indexes()).map((i) => i.key as IndexKeys),
    );
  return shapes
    .filter((shape) => !declared.get(shape.collection)!.some((ix) => serves(ix, shape)))
    .map((shape) => shape.label);
}

/**
 * Does an index lead with exactly a query's equality fields (any order), then its sort (in
 * the index's direction or all reversed): the one index such a query reads in order. A
 * sort of none is a lookup, or a count whose every field the index holds.
 */
export function leadsWith(index: IndexKeys, equal: readonly string[], sort: IndexKeys): boolean {
  const keys = Object.entries(index);
  const order = Object.entries(sort);
  if (keys.length < equal.length + order.length) return false;
  const head = keys.slice(0, equal.length).map(([k]) => k);
  if (!equal.every((f) => head.includes(f))) return false;
  const tail = keys.slice(equal.length, equal.length + order.length);
  const same = order.every(([k, d], i) => tail[i]?.[0] === k && tail[i]?.[1] === d);
  const reversed = order.every(([k, d], i) => tail[i]?.[0] === k && tail[i]?.[1] === -d);
  return same || reversed;
}
