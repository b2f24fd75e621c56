import { MongoClient } from 'mongodb';

/** What one stored document costs on disk, everything its database holds counted. */
export interface StoredBytes {
  /** The database's size (documents, indexes, free pages) ÷ the collection's documents. */
  perDocument: number;
  /** The document alone, as the engine stores it (collStats' average). */
  document: number;
  documents: number;
}

/**
 * Bytes on disk per issue and per task: the issues' and habits' databases whole (`dbStats`
 * `totalSize`, every collection and index, multikey entries included) over the issues and
 * the tasks they hold. At the bench's sizes the seeded collection is nearly all of its
 * database, so the share of the others (the templates' activity, profiles) is noise.
 */
export async function storedBytes(
  mongoUrl: string,
  dbPrefix: string,
): Promise<{ issue: StoredBytes; task: StoredBytes }> {
  const client = new MongoClient(mongoUrl);
  await client.connect();
  try {
    const of = async (dbName: string, collection: string): Promise<StoredBytes> => {
      const db = client.db(dbName);
      const stats = await db.command({ dbStats: 1 });
      const coll = await db.command({ collStats: collection });
      const documents = Number(coll.count);
      return {
        perDocument: Math.round(Number(stats.totalSize) / documents),
        document: Math.round(Number(coll.avgObjSize)),
        documents,
      };
    };
    return {
      issue: await of(`${dbPrefix}_issues`, 'issues'),
      task: await of(`${dbPrefix}_habits`, 'tasks'),
    };
  } finally {
    await client.close();
  }
}

/** `issue 9.8 KB (document 2.1) · task 3.4 KB (0.9)`, in KB of 1,000 bytes. */
export function storedBytesLine(s: { issue: StoredBytes; task: StoredBytes }): string {
  const kb = (n: number) => (n / 1000).toFixed(1);
  return (
    `issue ${kb(s.issue.perDocument)} KB (document ${kb(s.issue.document)}) · ` +
    `task ${kb(s.task.perDocument)} KB (${kb(s.task.document)})`
  );
}
