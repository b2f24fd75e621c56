import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { engineCommands, eventually, monitoredMongoUrl, testConfig } from '@momentum/testing';
import { IssuesConfigSchema } from '../../src/config.js';
import { call, createIssue, newWorld, startHarness, type Harness } from '../support/harness.js';

/**
 * The engine commands of an issue's create and update, by name: on the request path only
 * the reads the decision needs and the one write that stores the change with its event
 * and activity; publishing, logging the activity and clearing both come after the reply,
 * in one insert and one update (batched with other writes' under load).
 */
describe('issues: engine commands per request', () => {
  let h: Harness;
  let commands: { take(): string[] };

  beforeAll(async () => {
    h = await startHarness(
      IssuesConfigSchema.parse(testConfig({ MONGO_URL: monitoredMongoUrl() })),
    );
    commands = engineCommands(h.ctx.db);
  });
  afterAll(async () => h?.close());

  /**
   * Waits until the work after the reply is done, and answers its commands (without the
   * reads this wait makes on the same connection).
   */
  const settled = async (id: string) => {
    await eventually(async () => {
      const doc = await h.ctx.db.collection('issues').findOne({ _id: id as never });
      return !doc?._activity?.length && !doc?._outbox?.length;
    }, 5000);
    return commands.take().filter((c) => !c.startsWith('find issues'));
  };

  it('an update: the read and the guarded write; then one insert and one update', async () => {
    const w = newWorld(h, 'CMD');
    const issue = await createIssue(h, w, { title: 'Count me' });
    await settled(issue.id);
    commands.take();
    const res = await call(h, w.owner, 'PATCH', `/api/tasks/${issue.id}`, {
      status: 'in_progress',
    });
    expect(res.statusCode).toBe(200);
    expect(commands.take()).toEqual(['find issues', 'findAndModify issues']);
    expect(await settled(issue.id)).toEqual(['insert activity', 'update issues']);
    // The activity is in the log, once.
    const page = (await call(h, w.owner, 'GET', `/api/tasks/${issue.id}`)).json().data;
    expect(page.activity.map((a: { action: string }) => a.action)).toEqual([
      'created',
      'status_changed',
    ]);
  });

  it('a create: the project, the quota slot, its next number and the insert; then two', async () => {
    const w = newWorld(h, 'CMC');
    await settled((await createIssue(h, w, { title: 'First' })).id);
    const res = await call(h, w.owner, 'POST', '/api/tasks', {
      projectId: w.projectId,
      title: 'Second',
    });
    expect(res.statusCode).toBe(201);
    expect(commands.take()).toEqual([
      'find projects',
      'update account_counts',
      'findAndModify issue_counters',
      'insert issues',
    ]);
    expect(await settled(res.json().data.id)).toEqual(['insert activity', 'update issues']);
  });
});
