import { MongoClient, type Collection, type Document } from 'mongodb';
import { uuidv7 } from '@momentum/contracts';

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
    const target = db.collection(collection);
    const batch = 1000;
    // One batch on its way while the next is made: the engine, not this loop, sets the pace.
    let sending: Promise<void> = Promise.resolve();
    for (let done = 0; done < count; done += batch) {
      const docs = Array.from({ length: Math.min(batch, count - done) }, (_, j) => {
        const copy: Document = structuredClone(templates[(done + j) % templates.length]!);
        // Time-ordered, as the services make theirs: copies land where new rows do.
        copy._id = uuidv7();
        delete copy._outbox;
        vary(copy, done + j);
        return copy;
      });
      await sending;
      const seeded = done + docs.length;
      sending = insertBatch(target, docs).then(() => {
        // A line per 100,000: the collections are seeded side by side (scaling.ts).
        if (seeded % 100_000 === 0 || seeded === count)
          process.stderr.write(
            `  seeded ${seeded}/${count} in ${dbName}.${collection} (${new Date().toISOString().slice(11, 19)})\n`,
          );
      });
    }
    await sending;
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

/**
 * One batch, retried while the engine reports its file busy: FerretDB over SQLite answers a
 * write that waited out its busy timeout with an error, where MongoDB would have waited. It
 * commits a batch in parts, so some documents may be in: the retry sends the others (ids
 * are fresh, so one stored is one of these). Seen growing issues past 100,000.
 */
async function insertBatch(collection: Collection, docs: Document[]) {
  let left = docs;
  for (let attempt = 1; ; attempt++) {
    try {
      await collection.insertMany(left, { ordered: false });
      return;
    } catch (err) {
      if (attempt === 5 || !/database is locked/.test(String(err))) throw err;
      await new Promise((resolve) => setTimeout(resolve, 1000 * attempt));
      const stored = await collection
        .find({ _id: { $in: left.map((d) => d._id) } }, { projection: { _id: 1 } })
        .toArray();
      const done = new Set(stored.map((d) => String(d._id)));
      left = left.filter((d) => !done.has(String(d._id)));
      process.stderr.write(
        `  engine busy (attempt ${attempt}): ${docs.length - left.length} of the batch stored, the rest retried\n`,
      );
      if (!left.length) return;
    }
  }
}
