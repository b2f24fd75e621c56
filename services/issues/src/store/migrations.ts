import { isDuplicateKey } from '@momentum/storage';
import type { IssuesModels } from './models.js';

/**
 * The once-per-database migrations this service has finished, remembered in
 * `issue_migrations` by name. Two processes starting together may both run one: each
 * migration is written so that running it twice is harmless.
 */
const migrationsOf = (m: IssuesModels) =>
  m.Issue.db.collection<{ _id: string; at: Date }>('issue_migrations');

export async function isMigrated(m: IssuesModels, name: string): Promise<boolean> {
  return (await migrationsOf(m).findOne({ _id: name })) !== null;
}

export async function markMigrated(m: IssuesModels, name: string): Promise<void> {
  // Two processes finishing together: the second upsert may meet the first's entry.
  await migrationsOf(m)
    .updateOne({ _id: name }, { $set: { at: new Date() } }, { upsert: true })
    .catch((err: unknown) => {
      if (!isDuplicateKey(err)) throw err;
    });
}
