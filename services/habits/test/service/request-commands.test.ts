import { describe, expect, it } from 'vitest';
import {
  engineCommands,
  eventually,
  monitoredMongoUrl,
  testConfig,
  useStarted,
  userActor,
} from '@momentum/testing';
import { HabitsConfigSchema } from '../../src/config.js';
import { habitBody, startHabits, todoBody } from './harness.js';

/**
 * The engine commands of habits' requests, by name (issue 53's targets): a create is one
 * command on the request path, a completion three (its read, the guarded write carrying
 * the event, the XP added to the profile with the level read back), a GET one. Clearing
 * the published events is off the request path, one command for the writes of a moment.
 */
describe('habits: engine commands per request', () => {
  const h = useStarted(async () => {
    const config = HabitsConfigSchema.parse(
      testConfig({ OUTBOX_SWEEP_MS: '500', MONGO_URL: monitoredMongoUrl() }),
    );
    const started = await startHabits({ config, clock: { now: new Date() } });
    // Not the outbox sweep's and the XP recovery's reads, nor this test's counts.
    const background = (command: Record<string, unknown>) =>
      command.aggregate !== undefined ||
      /_outbox\.0\.occurredAt|xpPendingSince/.test(JSON.stringify(command.filter ?? {}));
    return Object.assign(started, { commands: engineCommands(started.ctx.db, background) });
  });
  const ada = () => h.as(userActor());

  /** Until no task of the test's database holds an event; the commands after the reply. */
  const settled = async () => {
    await eventually(
      async () =>
        (await h.ctx.db.collection('tasks').countDocuments({ '_outbox.0': { $exists: true } })) ===
        0,
      5000,
    );
    return h.commands.take();
  };

  it('a create: one insert; a GET: one find', async () => {
    const user = ada();
    // A user's first read of the day settles their dailies; later ones find it done.
    const first = (await user.post('/api/tasks', todoBody())).json().data.id;
    expect((await user.get(`/api/tasks/${first}`)).statusCode).toBe(200);
    await settled();
    const res = await user.post('/api/tasks', todoBody());
    expect(res.statusCode).toBe(201);
    expect(h.commands.take()).toEqual(['insert tasks']);
    expect(await settled()).toEqual(['update tasks']);
    expect((await user.get(`/api/tasks/${res.json().data.id}`)).statusCode).toBe(200);
    expect(h.commands.take()).toEqual(['find tasks']);
  });

  it('a completion: read, guarded write, the XP with the level read back', async () => {
    const user = ada();
    const id = (await user.post('/api/tasks', habitBody())).json().data.id;
    // The user's day settled (their first read), then known to this process from the first
    // completion on: later ones read no profile first.
    expect((await user.get(`/api/tasks/${id}`)).statusCode).toBe(200);
    expect((await user.post(`/api/tasks/${id}/complete`)).statusCode).toBe(200);
    await settled();
    const res = await user.post(`/api/tasks/${id}/complete`);
    expect(res.statusCode).toBe(200);
    expect(h.commands.take()).toEqual([
      'find tasks',
      'findAndModify tasks',
      'findAndModify profiles',
    ]);
    // The events' pull goes with the XP's settling, in one statement.
    expect(await settled()).toEqual(['update tasks']);
  });

  it("a burst of creates: one insert each, the events' pulls in a few commands", async () => {
    const user = ada();
    await settled();
    const burst = 40;
    const answers = await Promise.all(
      Array.from({ length: burst }, (_, i) =>
        user.post('/api/tasks', todoBody({ title: `t${i}` })),
      ),
    );
    expect(answers.every((r) => r.statusCode === 201)).toBe(true);
    const after = await settled();
    const inserts = after.filter((c) => c === 'insert tasks').length;
    const pulls = after.filter((c) => c === 'update tasks').length;
    expect(inserts).toBe(burst);
    expect(pulls).toBeGreaterThanOrEqual(1);
    // Batched by the turn of the event loop: fewer commands than events however the
    // requests interleave (a quiet machine: about one for every six).
    expect(pulls).toBeLessThanOrEqual(burst / 2);
  });
});
