/**
 * Where the local engine's feeds live: every row of every feed of a database in one
 * collection (MongoDB copes badly with one collection per scope, and a service has a
 * scope per user, team and project), each row found by an `_id` made of its feed's name,
 * its scope and its part, joined by `|`:
 *
 * - `<name>|<scope>|head` — counts, the next seq, and the lease of the scope's writers
 * - `<name>|<scope>|ring-<k>` / `<name>|<scope>|cold-<n>` — blocks of entries
 * - `<name>|<scope>|@<docId>` — where a document's entry sits (its seq)
 * - `done|<name>` — a backfill that ran (feed-backfill.ts)
 *
 * Names and scopes (UUIDs, in practice) may not contain `|`, so an id splits one way only;
 * a document id comes last and may hold anything.
 */
export const LOCAL_FEEDS_COLLECTION = 'local_feeds';

const SEPARATOR = '|';

/** `value`, if it can be a part of a row id; throws otherwise (a programming error). */
export function idPart(kind: 'name' | 'scope', value: string): string {
  if (value === '' || value.includes(SEPARATOR))
    throw new Error(`feed ${kind} must be non-empty and free of '${SEPARATOR}': "${value}"`);
  return value;
}

/** The row ids of one scope of feed `name` (checked by the Feed's constructor). */
export function scopeRowIds(name: string, scope: string) {
  const prefix = `${name}${SEPARATOR}${idPart('scope', scope)}${SEPARATOR}`;
  return {
    head: `${prefix}head`,
    ring: (k: number) => `${prefix}ring-${k}`,
    cold: (n: number) => `${prefix}cold-${n}`,
    location: (docId: string) => `${prefix}@${docId}`,
  };
}

/** Whether a block's row is one of the ring's (as opposed to a cold row). */
export const isRingRowId = (rowId: string): boolean =>
  rowId.split(SEPARATOR)[2]?.startsWith('ring-') ?? false;

/** The row marking a backfill as done. */
export const doneRowId = (name: string) => `done${SEPARATOR}${idPart('name', name)}`;
