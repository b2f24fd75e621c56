import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { api, eventually, newTeam, newUser } from '../../../../test/support/e2e.js';

const habit = (over: Record<string, unknown> = {}) => ({
  type: 'habit',
  title: 'Drink water',
  difficulty: 'hard',
  isPositive: true,
  ...over,
});
const ids = (res: { body: { data: { id: string }[] } }) => res.body.data.map((t) => t.id);

describe('personal tasks through the gateway', () => {
  it('creates each type with the spec fields and reports §7 validation details', async () => {
    const ada = await newUser();
    const created = await api(
      ada.apiKey,
      'POST',
      '/api/tasks',
      habit({ title: '  Drink water  ', tags: ['health'] }),
    );
    expect(created.status).toBe(201);
    expect(created.body.data).toMatchObject({
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      userId: ada.id,
      teamId: null,
      type: 'habit',
      title: 'Drink water',
      difficulty: 'hard',
      tags: ['health'],
      isPositive: true,
      streak: 0,
      archived: false,
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
    });
    const daily = await api(ada.apiKey, 'POST', '/api/tasks', {
      type: 'daily',
      title: 'Stretch',
      difficulty: 'easy',
      schedule: { days: [0, 1, 2, 3, 4, 5, 6] },
    });
    expect(daily.status).toBe(201);
    expect(daily.body.data).toMatchObject({
      type: 'daily',
      schedule: { days: [0, 1, 2, 3, 4, 5, 6] },
      streak: 0,
    });
    const todo = await api(ada.apiKey, 'POST', '/api/tasks', {
      type: 'todo',
      title: 'File taxes',
      difficulty: 'medium',
      dueDate: '2030-04-15',
    });
    expect(todo.status).toBe(201);
    expect(todo.body.data).toMatchObject({ type: 'todo', dueDate: '2030-04-15' });

    const noSchedule = await api(ada.apiKey, 'POST', '/api/tasks', {
      type: 'daily',
      title: 'x',
      difficulty: 'easy',
    });
    expect(noSchedule.status).toBe(422);
    expect(noSchedule.body).toEqual({
      error: {
        code: 'VALIDATION_ERROR',
        message: expect.any(String),
        details: { field: 'schedule', rule: 'required_for_dailies' },
      },
    });
    const badType = await api(ada.apiKey, 'POST', '/api/tasks', {
      type: 'chore',
      title: 'x',
      difficulty: 'easy',
    });
    expect(badType.status).toBe(422);
    expect(badType.body.error.details).toEqual({
      field: 'type',
      value: 'chore',
      allowed: ['habit', 'daily', 'todo'],
    });
    const noTitle = await api(ada.apiKey, 'POST', '/api/tasks', {
      type: 'todo',
      difficulty: 'easy',
    });
    expect(noTitle.body.error.details).toEqual({ field: 'title', rule: 'required' });

    expect((await api(null, 'GET', '/api/tasks')).status).toBe(401);
  });

  it('lists, archives with DELETE, reads archived tasks and restores them', async () => {
    const ada = await newUser();
    const a = (await api(ada.apiKey, 'POST', '/api/tasks', habit({ title: 'A' }))).body.data.id;
    const b = (await api(ada.apiKey, 'POST', '/api/tasks', habit({ title: 'B' }))).body.data.id;
    const list = await api(ada.apiKey, 'GET', '/api/tasks?sort=title&limit=1');
    expect(list.status).toBe(200);
    expect(list.body.meta).toEqual({
      total: 2,
      page: 1,
      perPage: 1,
      nextCursor: expect.any(String),
    });
    expect(ids(list)).toEqual([a]);

    const del = await api(ada.apiKey, 'DELETE', `/api/tasks/${a}`);
    expect(del.status).toBe(204);
    expect(del.text).toBe('');
    expect((await api(ada.apiKey, 'DELETE', `/api/tasks/${a}`)).status).toBe(204);
    expect((await api(ada.apiKey, 'GET', `/api/tasks/${a}`)).body.data).toMatchObject({
      id: a,
      archived: true,
    });
    expect(ids(await api(ada.apiKey, 'GET', '/api/tasks'))).toEqual([b]);
    expect(ids(await api(ada.apiKey, 'GET', '/api/tasks?archived=true&sort=title'))).toEqual([
      a,
      b,
    ]);

    const restored = await api(ada.apiKey, 'PATCH', `/api/tasks/${a}`, {
      archived: false,
      title: 'A again',
    });
    expect(restored.status).toBe(200);
    expect(restored.body.data).toEqual({
      id: a,
      archived: false,
      title: 'A again',
      updatedAt: expect.any(String),
    });
    expect(ids(await api(ada.apiKey, 'GET', '/api/tasks?sort=title'))).toEqual([a, b]);

    const sneaky = await api(ada.apiKey, 'GET', '/api/tasks?sort=secret');
    expect(sneaky.status).toBe(422);
  });

  it('completes tasks: streak, XP by difficulty, level on /api/me and /api/profile', async () => {
    const ada = await newUser();
    const id = (await api(ada.apiKey, 'POST', '/api/tasks', habit())).body.data.id;
    const first = await api(ada.apiKey, 'POST', `/api/tasks/${id}/complete`);
    expect(first.status).toBe(200);
    expect(first.body).toEqual({
      data: {
        task: { id, streak: 1, updatedAt: expect.any(String) },
        xpEarned: 12,
        newLevel: 1,
        leveledUp: false,
      },
    });
    await api(ada.apiKey, 'POST', `/api/tasks/${id}/complete`);
    const third = await api(ada.apiKey, 'POST', `/api/tasks/${id}/complete`);
    expect(third.body.data).toMatchObject({ task: { streak: 3 }, newLevel: 2, leveledUp: true });

    expect((await api(ada.apiKey, 'GET', '/api/profile')).body.data).toMatchObject({
      userId: ada.id,
      xp: 36,
      level: 2,
      timezone: 'UTC',
    });
    expect((await api(ada.apiKey, 'GET', '/api/me')).body.data).toMatchObject({
      id: ada.id,
      level: 2,
      xp: 36,
    });

    const daily = (
      await api(ada.apiKey, 'POST', '/api/tasks', {
        type: 'daily',
        title: 'Read',
        difficulty: 'easy',
        schedule: { days: [0, 1, 2, 3, 4, 5, 6] },
      })
    ).body.data.id;
    expect((await api(ada.apiKey, 'POST', `/api/tasks/${daily}/complete`)).status).toBe(200);
    const again = await api(ada.apiKey, 'POST', `/api/tasks/${daily}/complete`);
    expect(again.status).toBe(409);
    expect(again.body.error.code).toBe('CONFLICT');
  });

  it('shares team tasks with members only and hides others’ tasks behind 404', async () => {
    const ada = await newUser();
    const bob = await newUser();
    const eve = await newUser();
    const team = await newTeam(ada, [bob]);
    const shared = await api(ada.apiKey, 'POST', '/api/tasks', habit({ teamId: team.id }));
    expect(shared.status).toBe(201);
    const id = shared.body.data.id;

    const forEve = await api(eve.apiKey, 'POST', '/api/tasks', habit({ teamId: team.id }));
    expect(forEve.status).toBe(403);
    expect(forEve.body.error.code).toBe('FORBIDDEN');
    expect((await api(eve.apiKey, 'GET', `/api/tasks?teamId=${team.id}`)).status).toBe(403);

    expect(ids(await api(bob.apiKey, 'GET', `/api/tasks?teamId=${team.id}`))).toEqual([id]);
    expect((await api(bob.apiKey, 'POST', `/api/tasks/${id}/complete`)).status).toBe(200);
    const hidden = await api(eve.apiKey, 'GET', `/api/tasks/${id}`);
    expect(hidden.status).toBe(404);
    expect(hidden.body.error.code).toBe('NOT_FOUND');
    expect((await api(eve.apiKey, 'GET', `/api/tasks/${randomUUID()}`)).status).toBe(404);
    // The gateway learnt the id belongs to habits; the task's streak shows bob's completion.
    await eventually(
      async () => (await api(ada.apiKey, 'GET', `/api/tasks/${id}`)).body.data?.streak === 1,
    );
  });
});
