import mongoose, { type Connection } from 'mongoose';
import { monitorEngine } from './engine-monitoring.js';

// Mongoose captures `new Error().stack` on every query to show where it was made if it
// fails; with source maps on, that is a noticeable share of a busy service's CPU. The driver's own
// error and our logs say enough.
mongoose.set('skipOriginalStackTraces', true);

/**
 * One connection per service database. Commands are not buffered while the engine is
 * away, so requests fail fast (503) instead of hanging, and recover when it returns.
 */
export async function connectMongo(url: string, dbName: string): Promise<Connection> {
  const connection = mongoose.createConnection(url, {
    dbName,
    bufferCommands: false,
    autoIndex: false,
    serverSelectionTimeoutMS: 3000,
    maxPoolSize: 20,
  });
  // Every operation's duration and span (engine-monitoring.ts).
  monitorEngine(connection, dbName);
  await connection.asPromise();
  return connection;
}

/** Create the indexes each model declares; done once at startup, not lazily. */
export async function ensureIndexes(connection: Connection): Promise<void> {
  for (const model of Object.values(connection.models)) await model.createIndexes();
}

/**
 * Drops indexes a model no longer declares, where a database made by an earlier version
 * still has them: each costs its entries on every write. One that is not there is fine.
 */
export async function dropRetiredIndexes(
  collection: { dropIndex(name: string): Promise<unknown> },
  names: readonly string[],
): Promise<void> {
  for (const name of names) {
    await collection.dropIndex(name).catch((err: { codeName?: string; code?: number }) => {
      // IndexNotFound (27), or a collection not made yet (NamespaceNotFound, 26).
      if (err.code !== 27 && err.code !== 26 && err.codeName !== 'IndexNotFound') throw err;
    });
  }
}

export function isMongoUp(connection: Connection): boolean {
  return connection.readyState === 1;
}
