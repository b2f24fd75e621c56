import { describe, expect, it } from 'vitest';
import { SYSTEM_ACTOR } from '@momentum/contracts';
import { injectAs, userActor } from '@momentum/service-kit/testing';
import { dailyBody, habitBody, useHabits } from './harness.js';

/** No lost updates: concurrent requests on one task, one profile and one day. */
describe('habits service: concurrent completions', () => {
  const h = useHabits();

  const at = (iso: string) => {
    h.clock.now = new Date(iso);
  };

  it('loses no update: 20 concurrent completions give streaks 1…20 once each and XP adds up', async () => {
    const actor = userActor();
    const ada = h.as(actor);
    const id = (await ada.post('/api/tasks', habitBody({ difficulty: 'medium' }))).json().data.id;
    const results = await Promise.all(
      Array.from({ length: 20 }, () => ada.post(`/api/tasks/${id}/complete`)),
    );
    expect(results.map((r) => r.statusCode)).toEqual(Array(20).fill(200));
    const data = results.map((r) => r.json().data);
    expect(data.map((d) => d.task.streak).sort((a, b) => a - b)).toEqual(
      Array.from({ length: 20 }, (_, i) => i + 1),
    );
    expect((await ada.get(`/api/tasks/${id}`)).json().data.streak).toBe(20);
    const total = data.reduce((sum, d) => sum + d.xpEarned, 0);
    const profile = (await ada.get('/api/profile')).json().data;
    expect(profile.xp).toBe(total);
    expect(data.filter((d) => d.leveledUp).length).toBe(profile.level - 1);
    const progress = await injectAs(h.app, SYSTEM_ACTOR, {
      method: 'GET',
      url: `/internal/progress/${actor.id}`,
    });
    expect(progress.json().data).toMatchObject({ xp: total, level: profile.level });
  });

  it('lets only one of many concurrent completions of a daily through', async () => {
    const ada = h.as(userActor());
    const id = (await ada.post('/api/tasks', dailyBody())).json().data.id;
    const results = await Promise.all(
      Array.from({ length: 10 }, () => ada.post(`/api/tasks/${id}/complete`)),
    );
    expect(results.filter((r) => r.statusCode === 200)).toHaveLength(1);
    expect(results.filter((r) => r.statusCode === 409)).toHaveLength(9);
    expect((await ada.get('/api/profile')).json().data.xp).toBe(9);
  });

  it('refuses a daily claimed today by another process: the completion _id is unique', async () => {
    at('2025-03-10T08:00:00Z');
    const ada = h.as(userActor());
    const id = (await ada.post('/api/tasks', dailyBody())).json().data.id;
    // What a second replica's completion would have left: the claim, not yet the streak.
    await h.ctx.db.collection('completions').insertOne({
      _id: `${id}:2025-03-10` as never,
      taskId: id,
      completedBy: 'other',
      day: '2025-03-10',
      at: new Date(),
    });
    const res = await ada.post(`/api/tasks/${id}/complete`);
    expect(res.statusCode).toBe(409);
    expect(res.json().error.details).toEqual({ rule: 'once_per_day', day: '2025-03-10' });
    at('2025-03-12T08:00:00Z');
    expect((await ada.post(`/api/tasks/${id}/complete`)).statusCode).toBe(200);
    expect(
      await h.ctx.db.collection('completions').countDocuments({ _id: `${id}:2025-03-12` as never }),
    ).toBe(1);
  });

  it('keeps concurrent edits and completions of one task', async () => {
    const ada = h.as(userActor());
    const id = (await ada.post('/api/tasks', habitBody())).json().data.id;
    await Promise.all([
      ...Array.from({ length: 5 }, () => ada.post(`/api/tasks/${id}/complete`)),
      ada.patch(`/api/tasks/${id}`, { title: 'Renamed' }),
      ...Array.from({ length: 5 }, () => ada.post(`/api/tasks/${id}/complete`)),
    ]);
    expect((await ada.get(`/api/tasks/${id}`)).json().data).toMatchObject({
      title: 'Renamed',
      streak: 10,
    });
  });
});
