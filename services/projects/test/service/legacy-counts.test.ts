import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildProjectsApp } from '../../src/app.js';
import {
  countsWith,
  createProject,
  issueEvents,
  member,
  startHarness,
  until,
  type Harness,
} from './harness.js';

describe('upgrade from the former project_counts collection', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness();
  });
  afterAll(() => h.close());
  const { countsOf } = issueEvents(() => h);

  it('rebuilds every project’s counts at start and drops the old collection', async () => {
    const ada = member(h);
    const p = await createProject(h, ada, { name: 'Upgraded' });
    // Counts as an earlier version kept them, and the issues service's truth.
    await h.ctx.db.db!.collection('project_counts').insertOne({ _id: p.id as never, todo: 9 });
    h.issueStates.states = [
      { id: randomUUID(), projectId: p.id, status: 'todo', version: 1 },
      { id: randomUUID(), projectId: p.id, status: 'done', version: 2 },
    ];
    expect(await countsOf(ada, p.id)).toEqual(countsWith({}));

    // The next start of the service (a second app on the same database) runs the upgrade.
    const upgraded = await buildProjectsApp(h.ctx, { teams: h.teams, issueStates: h.issueStates });
    try {
      await until(async () => {
        const left = await h.ctx.db.db!.listCollections({ name: 'project_counts' }).toArray();
        return left.length === 0;
      });
      expect(await countsOf(ada, p.id)).toEqual(countsWith({ todo: 1, done: 1 }));
    } finally {
      await upgraded.close();
    }
  });
});
