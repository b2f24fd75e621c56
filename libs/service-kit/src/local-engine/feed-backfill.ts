import type { Connection } from 'mongoose';
import { doneRowId, LOCAL_FEEDS_COLLECTION } from './feed-row-ids.js';

/**
 * Runs `work` once per database — feeds added to a collection that already has documents
 * fill in at the first start-up after them — and remembers it in the feeds' collection
 * (row `done|<name>`). Two processes starting together may both run it, and a crash before
 * the mark runs it again: `work` must be idempotent, as it is when it adds with `Feed.add`
 * (an id the feed already holds is not added again).
 */
export async function onceForFeeds(
  connection: Connection,
  name: string,
  work: () => Promise<void>,
): Promise<void> {
  const rows = connection.collection<{ _id: string; at: Date }>(LOCAL_FEEDS_COLLECTION);
  const _id = doneRowId(name);
  if (await rows.findOne({ _id })) return;
  await work();
  await rows.updateOne({ _id }, { $set: { at: new Date() } }, { upsert: true });
}
