import type { mongo } from 'mongoose';

/** Where a document carries entries waiting for a second write: the list and its marker. */
export interface PendingFields {
  /** The list of waiting entries (`xpPending`, `_activity`). */
  list: string;
  /** Present while any waits (the oldest's time): what a recovery finds them by. */
  since: string;
}

/** A document that carries pending entries, as the driver sees it. */
export type PendingCarrier = { _id: string; [field: string]: unknown };

/**
 * Takes entries a write carried off their document once their second write is done (XP
 * applied, activity recorded), and the marker when none is left. Usually the document holds
 * just these: one write, matched on the list as written, drops both. Otherwise `$pullAll` of
 * the entries as written (exactly those, never one carried since), then
 * the marker if nothing else waits; a crash between the two leaves an empty list for the
 * recovery (called with no entries). Through the driver: mongoose would cast a list filter to
 * `$in`, matching a list that holds others too. Not a change of the document: no timestamps,
 * no revision.
 */
export async function takeOffPending(
  collection: mongo.Collection<PendingCarrier>,
  id: string,
  { list, since }: PendingFields,
  entries: readonly object[],
): Promise<void> {
  const { filter, update: drop } = pendingAlone({ list, since }, entries);
  if (entries.length) {
    const alone = await collection.updateOne({ _id: id, ...filter }, drop);
    if (alone.matchedCount === 1) return;
    await collection.updateOne({ _id: id }, {
      $pullAll: { [list]: entries },
    } as mongo.UpdateFilter<PendingCarrier>);
  }
  await collection.updateOne({ _id: id, [list]: { $size: 0 } }, drop);
}

/**
 * The usual case of takeOffPending as a filter and an update, for a caller that joins it to
 * another write of the same document: while the document holds just these entries, both
 * the list and its marker go.
 */
export function pendingAlone(
  { list, since }: PendingFields,
  entries: readonly object[],
): { filter: Record<string, unknown>; update: mongo.UpdateFilter<PendingCarrier> } {
  // Field names chosen by the caller: the driver's types cannot follow them.
  return {
    filter: { [list]: entries },
    update: { $unset: { [list]: '', [since]: '' } } as mongo.UpdateFilter<PendingCarrier>,
  };
}
