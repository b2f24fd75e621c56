import type { IssuesModels } from './models.js';
import { isMigrated, markMigrated } from './migrations.js';

/**
 * Lifts each project's issue counter to the highest number its issues hold, once per
 * database (remembered in `issue_migrations`). Numbers come only from the counter's atomic
 * `$inc`, so a counter is never behind in a database written since; databases written before
 * that guarantee held may hold counters behind their issues (numbers claimed past the
 * counter), and a create would then be handed a number already taken. Two processes starting
 * together both run it, which is harmless: `$max` only raises.
 */
export async function liftCountersToIssues(m: IssuesModels): Promise<void> {
  const name = 'issue-counters';
  if (await isMigrated(m, name)) return;
  // Once per database: the one pass over every issue (a deliberate scan, so marked); then
  // each project's highest number, read from the end of its `projectId, number` index.
  const projects = await m.Issue.distinct<string>('projectId').comment(
    'scan: the once-per-database counter migration',
  );
  for (const projectId of projects) {
    const top = await m.Issue.findOne({ projectId }, { number: 1 })
      .sort({ number: -1 })
      .lean<{ number: number }>();
    if (top)
      await m.Counter.updateOne(
        { _id: projectId },
        { $max: { seq: top.number } },
        { upsert: true },
      );
  }
  await markMigrated(m, name);
}
