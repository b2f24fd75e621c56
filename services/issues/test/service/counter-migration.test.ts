import { afterAll, describe, expect, it } from 'vitest';
import { testConfig } from '@momentum/testing';
import { IssuesConfigSchema } from '../../src/config.js';
import { createIssue, newWorld, startHarness, type Harness } from '../support/harness.js';

/**
 * A database written before issue numbers came only from the counter's atomic `$inc` may hold
 * a counter behind its project's issues, or none: the service lifts each, once, at start.
 */
describe('issues: counters lifted to their issues once per database', () => {
  const started: Harness[] = [];
  afterAll(async () => {
    for (const h of started.reverse()) await h.close();
  });

  it('a counter behind or missing gives the next free number after a restart', async () => {
    const config = IssuesConfigSchema.parse(testConfig());
    const first = await startHarness(config);
    started.push(first);
    const behind = newWorld(first);
    const missing = newWorld(first, behind.key === 'GONE' ? 'GONX' : 'GONE');
    for (let i = 0; i < 3; i++) await createIssue(first, behind, { title: `Behind ${i}` });
    await createIssue(first, missing, { title: 'Missing 0' });
    // As an old database left them: a counter one short, another gone, the migration not run.
    const db = first.ctx.db;
    await db
      .collection<{ _id: string }>('issue_counters')
      .updateOne({ _id: behind.projectId }, { $set: { seq: 1 } });
    await db.collection<{ _id: string }>('issue_counters').deleteOne({ _id: missing.projectId });
    await db.collection<{ _id: string }>('issue_migrations').deleteOne({ _id: 'issue-counters' });

    const second = await startHarness(config, first);
    started.push(second);
    expect((await createIssue(second, behind, { title: 'Next' })).identifier).toBe(
      `${behind.key}-4`,
    );
    expect((await createIssue(second, missing, { title: 'Next' })).identifier).toBe(
      `${missing.key}-2`,
    );
    // Once: a counter set back after it is not looked at again.
    expect(
      await db.collection<{ _id: string }>('issue_migrations').countDocuments({
        _id: 'issue-counters',
      }),
    ).toBe(1);
  });
});
