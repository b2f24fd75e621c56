import { MongoClient, type Document } from 'mongodb';
import { uuidv7 } from '../services/issues/src/domain/ids.js';

/**
 * Bulk data for the scaling figures. Creating 100k documents through the API would take
 * longer than the benchmark itself, so one document made through the API is copied
 * straight into its service's database: the copies have exactly the stored shape the
 * service writes (whatever fields and indexes it has), with fresh ids and ordinals.
 */
export class Seeder {
  private constructor(private readonly client: MongoClient) {}

  static async connect(url: string): Promise<Seeder> {
    const client = new MongoClient(url);
    await client.connect();
    return new Seeder(client);
  }

  /**
   * Copies the documents `templateIds` of `dbName.collection`, in turn, until `count` more
   * exist.
   */
  async cloneMany(
    dbName: string,
    collection: string,
    templateIds: string[],
    count: number,
    vary: (doc: Document, i: number) => void,
  ) {
    const db = this.client.db(dbName);
    const templates = await Promise.all(
      templateIds.map(async (id) => {
        const doc = await db
          .collection<Document>(collection)
          .findOne({ _id: id as unknown as Document['_id'] });
        if (!doc) throw new Error(`no document ${id} in ${dbName}.${collection}`);
        return doc;
      }),
    );
    const batch = 1000;
    for (let done = 0; done < count; done += batch) {
      const docs = Array.from({ length: Math.min(batch, count - done) }, (_, j) => {
        const copy: Document = structuredClone(templates[(done + j) % templates.length]!);
        // Time-ordered, as the services make theirs: copies land where new rows do.
        copy._id = uuidv7();
        delete copy._outbox;
        vary(copy, done + j);
        return copy;
      });
      await db.collection(collection).insertMany(docs, { ordered: false });
      // A line per 100,000: the collections are seeded side by side (scaling.ts).
      if ((done + docs.length) % 100_000 === 0 || done + docs.length === count)
        process.stderr.write(
          `  seeded ${done + docs.length}/${count} in ${dbName}.${collection} (${new Date().toISOString().slice(11, 19)})\n`,
        );
    }
  }

  async close() {
    await this.client.close();
  }
}

/** Spreads copies over time, newest last, so sorting by date has work to do. */
export function varyDates(doc: Document, i: number): void {
  const at = new Date(Date.UTC(2025, 0, 1) + i * 1000);
  for (const field of ['createdAt', 'updatedAt']) if (field in doc) doc[field] = at;
}
