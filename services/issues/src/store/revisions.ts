import type { IssuesModels } from './models.js';
import { isMigrated, markMigrated } from './migrations.js';

/**
 * Issues stored before they carried `rev` get `rev: 0`, so updateWithRevision can guard
 * their writes (its filter names `rev`). Once per database, remembered in
 * `issue_migrations`; two processes starting together both run it, which is harmless: the
 * update only sets what is missing.
 */
export async function addMissingRevisions(m: IssuesModels): Promise<void> {
  const name = 'issue-rev';
  if (await isMigrated(m, name)) return;
  // Once per database: the one pass over every issue (a deliberate scan, so marked).
  await m.Issue.updateMany(
    { rev: { $exists: false } },
    { $set: { rev: 0 } },
    { timestamps: false, comment: 'scan: the once-per-database rev migration' },
  );
  await markMigrated(m, name);
}
