import { beforeAll, describe, expect, it } from 'vitest';
import { SYSTEM_ACTOR, type EventEnvelope } from '@momentum/contracts';
import { eventually, injectAs, userActor } from '@momentum/testing';
import { CLAIM_ORPHANED_AFTER_MS } from '../../src/store/completion-store.js';
import { dailyBody, habitBody, todoBody, useTwoHabits } from './harness.js';

/** Events reach the stream within milliseconds; a loaded test machine may take seconds. */
const STREAMED_WITHIN_MS = 20_000;

/**
 * No lost updates with two processes of the service on one database: concurrent requests
 * on one task, one profile and one day, sent alternately to two app instances, each with
 * its own connection and outbox relay.
 */
describe('habits service: concurrent requests through two processes', () => {
  const h = useTwoHabits();
  /** What reached the stream: JetStream keeps one copy of an event, whoever relayed it. */
  const streamed: EventEnvelope[] = [];

  beforeAll(async () => {
    await h.first.ctx.bus.consume({
      from: 'habits',
      durable: 'concurrency-test',
      types: ['habits.task.completed', 'habits.user.leveled_up', 'habits.task.updated'],
      handler: async (event) => {
        streamed.push(event);
      },
    });
  });

  const at = (iso: string) => {
    h.clock.now = new Date(iso);
  };
  const of = <T>(type: string, pick: (data: T) => boolean) =>
    streamed.filter((e) => e.type === type && pick(e.data as T));

  it('loses no update: 20 concurrent completions of a habit give streaks 1…20 once each and XP adds up', async () => {
    at('2025-03-10T12:00:00Z');
    const actor = userActor();
    const created = await h.first.as(actor).post('/api/tasks', habitBody({ difficulty: 'hard' }));
    const id = created.json().data.id;
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) => h.pick(i).as(actor).post(`/api/tasks/${id}/complete`)),
    );
    expect(results.map((r) => r.statusCode)).toEqual(Array(20).fill(200));
    const data = results.map((r) => r.json().data);
    expect(data.map((d) => d.task.streak).sort((a, b) => a - b)).toEqual(
      Array.from({ length: 20 }, (_, i) => i + 1),
    );
    for (const app of [h.first, h.second])
      expect((await app.as(actor).get(`/api/tasks/${id}`)).json().data.streak).toBe(20);

    const total = data.reduce((sum, d) => sum + d.xpEarned, 0);
    const profile = (await h.second.as(actor).get('/api/profile')).json().data;
    expect(profile.xp).toBe(total);
    expect(profile.level).toBeGreaterThan(2);
    // Each level crossed by exactly one completion, which says so and announces it once.
    const crossed = data.filter((d) => d.leveledUp).map((d) => d.newLevel);
    expect(crossed.sort((a, b) => a - b)).toEqual(
      Array.from({ length: profile.level - 1 }, (_, i) => i + 2),
    );
    expect(Math.max(...data.map((d) => d.newLevel))).toBe(profile.level);
    const progress = await injectAs(h.first.app, SYSTEM_ACTOR, {
      method: 'GET',
      url: `/internal/progress/${actor.id}`,
    });
    expect(progress.json().data).toMatchObject({ xp: total, level: profile.level });

    const completed = await eventually(async () => {
      const seen = of<{ id: string }>('habits.task.completed', (d) => d.id === id);
      return seen.length >= 20 && seen;
    }, STREAMED_WITHIN_MS);
    expect(
      completed.map((e) => (e.data as { streak: number }).streak).sort((a, b) => a - b),
    ).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
    const levels = await eventually(async () => {
      const seen = of<{ userId: string }>('habits.user.leveled_up', (d) => d.userId === actor.id);
      return seen.length >= profile.level - 1 && seen;
    }, STREAMED_WITHIN_MS);
    await new Promise((r) => setTimeout(r, 300)); // a second announcement would arrive by now
    const announced = of<{ userId: string }>(
      'habits.user.leveled_up',
      (d) => d.userId === actor.id,
    );
    expect(announced).toHaveLength(levels.length);
    expect(announced.map((e) => (e.data as { level: number }).level).sort((a, b) => a - b)).toEqual(
      Array.from({ length: profile.level - 1 }, (_, i) => i + 2),
    );
    expect(completed).toHaveLength(20);
  });

  it('lets exactly one of 20 concurrent completions of a daily through; the rest are 409', async () => {
    at('2025-03-10T12:00:00Z');
    const actor = userActor();
    const id = (await h.first.as(actor).post('/api/tasks', dailyBody())).json().data.id;
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) => h.pick(i).as(actor).post(`/api/tasks/${id}/complete`)),
    );
    expect(results.filter((r) => r.statusCode === 200)).toHaveLength(1);
    const refused = results.filter((r) => r.statusCode === 409);
    expect(refused).toHaveLength(19);
    for (const r of refused)
      expect(r.json().error.details).toEqual({ rule: 'once_per_day', day: '2025-03-10' });
    expect((await h.second.as(actor).get(`/api/tasks/${id}`)).json().data.streak).toBe(1);
    expect((await h.first.as(actor).get('/api/profile')).json().data.xp).toBe(9);
  });

  it('lets exactly one of 20 concurrent completions of a to-do through', async () => {
    const actor = userActor();
    const id = (await h.second.as(actor).post('/api/tasks', todoBody())).json().data.id;
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) => h.pick(i).as(actor).post(`/api/tasks/${id}/complete`)),
    );
    expect(results.filter((r) => r.statusCode === 200)).toHaveLength(1);
    const refused = results.filter((r) => r.statusCode === 409);
    expect(refused).toHaveLength(19);
    for (const r of refused) expect(r.json().error.details).toEqual({ rule: 'once' });
    expect((await h.first.as(actor).get('/api/profile')).json().data.xp).toBe(12);
  });

  it('keeps concurrent edits and completions of one task', async () => {
    const actor = userActor();
    const id = (await h.first.as(actor).post('/api/tasks', habitBody())).json().data.id;
    await Promise.all([
      ...Array.from({ length: 5 }, (_, i) => h.pick(i).as(actor).post(`/api/tasks/${id}/complete`)),
      h.second.as(actor).patch(`/api/tasks/${id}`, { title: 'Renamed' }),
      h.first.as(actor).patch(`/api/tasks/${id}`, { notes: 'Eight glasses' }),
      ...Array.from({ length: 5 }, (_, i) => h.pick(i).as(actor).post(`/api/tasks/${id}/complete`)),
    ]);
    for (const app of [h.first, h.second])
      expect((await app.as(actor).get(`/api/tasks/${id}`)).json().data).toMatchObject({
        title: 'Renamed',
        notes: 'Eight glasses',
        streak: 10,
      });
  });

  it("never lets the new day's settling undo a completion made at the same moment", async () => {
    at('2025-03-10T08:00:00Z'); // Monday
    const actor = userActor();
    const ids: string[] = [];
    for (let i = 0; i < 20; i++) {
      const id = (await h.first.as(actor).post('/api/tasks', dailyBody({ title: `d${i}` }))).json()
        .data.id;
      expect((await h.first.as(actor).post(`/api/tasks/${id}/complete`)).statusCode).toBe(200);
      ids.push(id);
    }
    // Saturday: Friday passed undone, so the first read of the day resets every streak —
    // while the same dailies are being completed through the other process.
    at('2025-03-15T08:00:00Z');
    const [completions] = await Promise.all([
      Promise.all(ids.map((id) => h.second.as(actor).post(`/api/tasks/${id}/complete`))),
      h.first.as(actor).get('/api/tasks'),
      h.first.as(actor).get(`/api/tasks/${ids[0]}`),
    ]);
    for (const res of completions) {
      expect(res.statusCode).toBe(200);
      expect(res.json().data.task.streak).toBe(1);
    }
    const list = (await h.first.as(actor).get('/api/tasks?type=daily&limit=100')).json().data;
    expect(list.map((t: { streak: number }) => t.streak)).toEqual(Array(20).fill(1));
    // Settled once for the day: no later read resets what was completed.
    expect((await h.second.as(actor).get(`/api/tasks/${ids[3]}`)).json().data.streak).toBe(1);
  });

  describe('claims left by a completion that did not finish', () => {
    const leftClaim = async (id: string, day: string, expiresAt: Date) =>
      h.first.ctx.db.collection('completions').insertOne({
        _id: `${id}:${day}` as never,
        taskId: id,
        completedBy: 'other',
        day,
        at: new Date(),
        holder: 'a process that died',
        expiresAt,
      });

    it('refuses while another process may still be writing the task, then takes over once it expired', async () => {
      at('2025-03-10T08:00:00Z');
      const actor = userActor();
      const ada = h.second.as(actor);
      const id = (await ada.post('/api/tasks', dailyBody())).json().data.id;
      await leftClaim(id, '2025-03-10', new Date(Date.now() + CLAIM_ORPHANED_AFTER_MS));
      const refused = await ada.post(`/api/tasks/${id}/complete`);
      expect(refused.statusCode).toBe(409);
      expect(refused.json().error.details).toEqual({ rule: 'once_per_day', day: '2025-03-10' });

      await h.first.ctx.db
        .collection('completions')
        .updateOne({ _id: `${id}:2025-03-10` as never }, { $set: { expiresAt: new Date(0) } });
      const retried = await Promise.all([
        ada.post(`/api/tasks/${id}/complete`),
        h.first.as(actor).post(`/api/tasks/${id}/complete`),
      ]);
      expect(retried.map((r) => r.statusCode).sort()).toEqual([200, 409]);
      expect((await ada.get(`/api/tasks/${id}`)).json().data.streak).toBe(1);
      const claim = await h.first.ctx.db
        .collection('completions')
        .findOne({ _id: `${id}:2025-03-10` as never });
      expect(claim?.holder).not.toBe('a process that died');
    });

    it('keeps a claim without an expiry (stored before claims expired) as final', async () => {
      const actor = userActor();
      const id = (await h.first.as(actor).post('/api/tasks', todoBody())).json().data.id;
      await h.first.ctx.db.collection('completions').insertOne({
        _id: `${id}:once` as never,
        taskId: id,
        completedBy: 'other',
        day: '2025-03-01',
        at: new Date(),
      });
      const res = await h.second.as(actor).post(`/api/tasks/${id}/complete`);
      expect(res.statusCode).toBe(409);
      expect(res.json().error.details).toEqual({ rule: 'once' });
    });
  });
});
