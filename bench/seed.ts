import { randomUUID } from 'node:crypto';
import { MongoClient, type Db, type Document } from 'mongodb';

/**
 * Bulk data for the scaling figures. Creating 100k documents through the API would take
 * longer than the benchmark itself, so one document made through the API is copied
 * straight into its service's database: the copies have exactly the stored shape the
 * service writes (whatever fields and indexes it has), with fresh ids and ordinals, and
 * join the service's list feeds through the service's own bulk-import code.
 */
export class Seeder {
  private constructor(private readonly client: MongoClient) {}

  static async connect(url: string): Promise<Seeder> {
    const client = new MongoClient(url);
    await client.connect();
    return new Seeder(client);
  }

  /**
   * Copies the document `templateId` of database `dbName` until `count` more exist;
   * `beforeInsert` sees each batch of copies last (the services' feeds take them there).
   */
  async cloneMany(
    dbName: string,
    templateId: string,
    count: number,
    vary: (doc: Document, i: number) => void,
    beforeInsert: (docs: Document[]) => Promise<void>,
  ) {
    const db = this.client.db(dbName);
    const { collection, doc } = await findById(db, templateId);
    const batch = 1000;
    for (let done = 0; done < count; done += batch) {
      const docs = Array.from({ length: Math.min(batch, count - done) }, (_, j) => {
        const copy: Document = structuredClone(doc);
        copy._id = randomUUID();
        delete copy._outbox;
        vary(copy, done + j);
        return copy;
      });
      await beforeInsert(docs);
      await db.collection(collection).insertMany(docs, { ordered: false });
      if ((done / batch) % 10 === 0)
        process.stderr.write(
          `  seeded ${done + docs.length}/${count} in ${dbName}.${collection}\r`,
        );
    }
    process.stderr.write('\n');
  }

  async close() {
    await this.client.close();
  }
}

async function findById(db: Db, id: string): Promise<{ collection: string; doc: Document }> {
  for (const { name } of await db.listCollections().toArray()) {
    const doc = await db
      .collection<Document>(name)
      .findOne({ _id: id as unknown as Document['_id'] });
    if (doc) return { collection: name, doc };
  }
  throw new Error(`no document ${id} in ${db.databaseName}`);
}

/** Spreads copies over time, newest last, so sorting by date has work to do. */
export function varyDates(doc: Document, i: number): void {
  const at = new Date(Date.UTC(2025, 0, 1) + i * 1000);
  for (const field of ['createdAt', 'updatedAt']) if (field in doc) doc[field] = at;
}
