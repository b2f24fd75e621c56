import type { Connection } from 'mongoose';

/**
 * Runs `work` once per database — feeds added to a collection that already has documents
 * fill in at the first start-up after them — and remembers it in a `feeds` collection.
 */
export async function onceForFeeds(
  connection: Connection,
  name: string,
  work: () => Promise<void>,
): Promise<void> {
  const feeds = connection.collection<{ _id: string; at: Date }>('feeds');
  const _id = `done:${name}`;
  if (await feeds.findOne({ _id })) return;
  await work();
  await feeds.updateOne({ _id }, { $set: { at: new Date() } }, { upsert: true });
}
