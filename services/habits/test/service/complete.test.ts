import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { agentActor, userActor } from '@momentum/testing';
import { dailyBody, habitBody, todoBody, useHabits } from './harness.js';

describe('habits service: completion, streaks and XP', () => {
  const h = useHabits();

  const at = (iso: string) => {
    h.clock.now = new Date(iso);
  };

  it('answers task {id, streak, updatedAt}, xpEarned, newLevel and leveledUp', async () => {
    at('2025-03-10T12:00:00Z');
    const ada = h.as(userActor());
    const id = (await ada.post('/api/tasks', habitBody({ difficulty: 'hard' }))).json().data.id;
    at('2025-03-10T12:05:00Z');
    const res = await ada.post(`/api/tasks/${id}/complete`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      data: {
        task: { id, streak: 1, updatedAt: '2025-03-10T12:05:00.000Z' },
        xpEarned: 12,
        newLevel: 1,
        leveledUp: false,
      },
    });
    const second = (await ada.post(`/api/tasks/${id}/complete`)).json().data;
    expect(second).toMatchObject({
      task: { streak: 2 },
      xpEarned: 12,
      newLevel: 1,
      leveledUp: false,
    });
    // 12 + 12 + 12 = 36 ≥ 25: level 2, announced once.
    const third = (await ada.post(`/api/tasks/${id}/complete`)).json().data;
    expect(third).toMatchObject({
      task: { streak: 3 },
      xpEarned: 12,
      newLevel: 2,
      leveledUp: true,
    });
    const fourth = (await ada.post(`/api/tasks/${id}/complete`)).json().data;
    expect(fourth).toMatchObject({
      task: { streak: 4 },
      xpEarned: 12,
      newLevel: 2,
      leveledUp: false,
    });
    const profile = (await ada.get('/api/profile')).json().data;
    expect(profile).toMatchObject({ xp: 48, level: 2 });
  });

  it('pays a habit’s repeats on one day less (never under half), and in full the next day', async () => {
    at('2025-03-10T08:00:00Z');
    const ada = h.as(userActor());
    const id = (await ada.post('/api/tasks', habitBody({ difficulty: 'hard' }))).json().data.id;
    const earned: number[] = [];
    for (let i = 0; i < 40; i++) {
      earned.push((await ada.post(`/api/tasks/${id}/complete`)).json().data.xpEarned);
    }
    expect(earned[0]).toBe(12);
    // 40th of the day: 12 × (1 + 0.78 streak bonus) × ½ repeat floor = 10.7.
    expect(earned[39]).toBe(11);
    expect(Math.max(...earned)).toBe(12);
    at('2025-03-11T08:00:00Z');
    // First of a new day at streak 41: 12 × 1.8.
    const next = (await ada.post(`/api/tasks/${id}/complete`)).json().data;
    expect(next).toMatchObject({ task: { streak: 41 }, xpEarned: 22 });
  });

  it('pays harder tasks more', async () => {
    const ada = h.as(userActor());
    const earned: number[] = [];
    for (const difficulty of ['trivial', 'easy', 'medium', 'hard']) {
      const id = (await ada.post('/api/tasks', todoBody({ difficulty }))).json().data.id;
      earned.push((await ada.post(`/api/tasks/${id}/complete`)).json().data.xpEarned);
    }
    expect(earned).toEqual([1, 6, 9, 12]);
  });

  it('treats a negative habit as a slip: no XP, streak back to 0, level kept', async () => {
    const ada = h.as(userActor());
    const good = (await ada.post('/api/tasks', habitBody({ difficulty: 'hard' }))).json().data.id;
    for (let i = 0; i < 3; i++) await ada.post(`/api/tasks/${good}/complete`);
    const bad = (
      await ada.post('/api/tasks', habitBody({ title: 'Doomscrolling', isPositive: false }))
    ).json().data.id;
    const slip = await ada.post(`/api/tasks/${bad}/complete`);
    expect(slip.statusCode).toBe(200);
    expect(slip.json().data).toMatchObject({
      task: { id: bad, streak: 0 },
      xpEarned: 0,
      newLevel: 2,
      leveledUp: false,
    });
    expect((await ada.get('/api/profile')).json().data).toMatchObject({ xp: 36, level: 2 });
  });

  it('completes a daily once per day (409 the second time) and again the next day', async () => {
    at('2025-03-10T08:00:00Z'); // Monday
    const ada = h.as(userActor());
    const id = (await ada.post('/api/tasks', dailyBody())).json().data.id;
    expect((await ada.post(`/api/tasks/${id}/complete`)).json().data).toMatchObject({
      task: { streak: 1 },
      xpEarned: 9,
    });
    at('2025-03-10T23:59:00Z');
    const again = await ada.post(`/api/tasks/${id}/complete`);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({
      error: {
        code: 'CONFLICT',
        message: expect.any(String),
        details: { rule: 'once_per_day', day: '2025-03-10' },
      },
    });
    at('2025-03-12T09:00:00Z'); // Wednesday; Tuesday is not scheduled
    expect((await ada.post(`/api/tasks/${id}/complete`)).json().data.task.streak).toBe(2);
    expect((await ada.get(`/api/tasks/${id}`)).json().data.streak).toBe(2);
  });

  it("resets a daily's streak once a scheduled day passed undone, on read and on completion", async () => {
    at('2025-03-10T08:00:00Z'); // Monday
    const actor = userActor();
    const ada = h.as(actor);
    const id = (await ada.post('/api/tasks', dailyBody())).json().data.id;
    await ada.post(`/api/tasks/${id}/complete`);
    at('2025-03-12T08:00:00Z'); // Wednesday
    await ada.post(`/api/tasks/${id}/complete`);
    at('2025-03-13T08:00:00Z'); // Thursday: nothing missed yet (unscheduled)
    expect((await ada.get(`/api/tasks/${id}`)).json().data.streak).toBe(2);
    at('2025-03-15T08:00:00Z'); // Saturday: Friday was missed
    expect((await ada.get(`/api/tasks/${id}`)).json().data.streak).toBe(0);
    expect((await ada.get('/api/tasks?type=daily')).json().data[0].streak).toBe(0);
    const restart = (await ada.post(`/api/tasks/${id}/complete`)).json().data;
    expect(restart.task.streak).toBe(1);
  });

  it("uses the user's time zone for today", async () => {
    const actor = userActor();
    const ada = h.as(actor);
    expect((await ada.patch('/api/profile', { timezone: 'Asia/Tokyo' })).statusCode).toBe(200);
    at('2025-03-10T14:00:00Z'); // 23:00 Monday in Tokyo
    const id = (await ada.post('/api/tasks', dailyBody())).json().data.id;
    expect((await ada.post(`/api/tasks/${id}/complete`)).statusCode).toBe(200);
    at('2025-03-10T15:30:00Z'); // 00:30 Tuesday in Tokyo, still Monday in UTC
    const next = await ada.post(`/api/tasks/${id}/complete`);
    expect(next.statusCode).toBe(200);
    expect(next.json().data.task.streak).toBe(2);
    at('2025-03-10T16:00:00Z');
    expect((await ada.post(`/api/tasks/${id}/complete`)).statusCode).toBe(409);
  });

  it('completes a to-do once; the second time is 409', async () => {
    const ada = h.as(userActor());
    const id = (await ada.post('/api/tasks', todoBody())).json().data.id;
    const first = await ada.post(`/api/tasks/${id}/complete`);
    expect(first.json().data).toMatchObject({ task: { streak: 1 }, xpEarned: 12 });
    at('2025-03-20T10:00:00Z');
    const again = await ada.post(`/api/tasks/${id}/complete`);
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toMatchObject({ code: 'CONFLICT', details: { rule: 'once' } });
    expect((await ada.get(`/api/tasks/${id}`)).json().data).toMatchObject({
      streak: 1,
      completedAt: expect.any(String),
    });
  });

  it('completes an archived task and leaves it archived (spec §3)', async () => {
    const ada = h.as(userActor());
    const id = (await ada.post('/api/tasks', habitBody())).json().data.id;
    await ada.del(`/api/tasks/${id}`);
    const res = await ada.post(`/api/tasks/${id}/complete`);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ task: { streak: 1 }, xpEarned: 6 });
    expect((await ada.get(`/api/tasks/${id}`)).json().data).toMatchObject({
      archived: true,
      streak: 1,
    });
  });

  it('credits the completer: an agent earns for its owner, a team mate for themself', async () => {
    const teamId = randomUUID();
    const owner = userActor({ teamIds: [teamId] });
    const mate = userActor({ teamIds: [teamId] });
    const agent = agentActor(owner.id);
    const personal = (await h.as(owner).post('/api/tasks', todoBody())).json().data.id;
    expect((await h.as(agent).post(`/api/tasks/${personal}/complete`)).json().data.xpEarned).toBe(
      12,
    );
    const shared = (
      await h.as(owner).post('/api/tasks', todoBody({ teamId, difficulty: 'easy' }))
    ).json().data.id;
    expect((await h.as(mate).post(`/api/tasks/${shared}/complete`)).statusCode).toBe(200);
    expect((await h.as(owner).get('/api/profile')).json().data.xp).toBe(12);
    expect((await h.as(mate).get('/api/profile')).json().data.xp).toBe(6);
  });
});
