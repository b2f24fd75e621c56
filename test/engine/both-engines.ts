import { MongoClient } from 'mongodb';
import { afterAll, beforeAll, inject } from 'vitest';

/**
 * The two engines an engine test file compares (test/engine/setup.ts starts them): the
 * patched build and FerretDB as released, connected for the file, its database `db` dropped
 * on both after it. `both` runs an operation on each; an error answers as its code.
 */
export function bothEngines(db: string) {
  const patched = new MongoClient(inject('patchedUrl'));
  const unpatched = new MongoClient(inject('unpatchedUrl'));

  beforeAll(async () => {
    await Promise.all([patched.connect(), unpatched.connect()]);
  });

  afterAll(async () => {
    await Promise.all([patched.db(db).dropDatabase(), unpatched.db(db).dropDatabase()]);
    await Promise.all([patched.close(), unpatched.close()]);
  });

  const both = <T>(op: (client: MongoClient) => Promise<T>) => {
    const run = (client: MongoClient) =>
      op(client).catch((e: { code?: number }) => ({ error: e.code ?? String(e) }));
    return Promise.all([run(patched), run(unpatched)]);
  };

  return { patched, unpatched, both };
}
