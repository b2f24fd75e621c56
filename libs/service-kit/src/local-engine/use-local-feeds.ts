import type { Connection } from 'mongoose';
import type { BaseConfig } from '../config.js';

/** `LOCAL_ENGINE_FEEDS`: `auto` (on when the engine is FerretDB, off on MongoDB), `on`, `off`. */
export type LocalFeedsSetting = BaseConfig['LOCAL_ENGINE_FEEDS'];

/** Whether a service keeps and reads the local engine's feeds on this connection. */
export async function useLocalFeeds(
  connection: Connection,
  setting: LocalFeedsSetting,
): Promise<boolean> {
  if (setting !== 'auto') return setting === 'on';
  return isFerretDB(connection);
}

/**
 * Whether the engine is FerretDB: its `buildInfo` reply names it (`ferretdbVersion` and
 * `ferretdbFeatures` in 1.x), beside the MongoDB version it mimics; MongoDB's has no such field.
 */
export async function isFerretDB(connection: Connection): Promise<boolean> {
  const db = connection.db;
  if (!db) throw new Error('isFerretDB: the connection is not open');
  const info = await db.command({ buildInfo: 1 });
  return Object.keys(info).some((key) => key.toLowerCase().startsWith('ferretdb'));
}
