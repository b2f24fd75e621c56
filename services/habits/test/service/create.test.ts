import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { agentActor, userActor } from '@momentum/testing';
import { dailyBody, habitBody, todoBody, useHabits } from './harness.js';

describe('habits service: creating tasks', () => {
  const h = useHabits();

  describe('create', () => {
    it('creates each type with spec fields, streak 0 and archived false', async () => {
      const ada = h.as(userActor());
      const habit = await ada.post(
        '/api/tasks',
        habitBody({
          title: '  Drink water  ',
          notes: 'eight glasses',
          tags: ['health', 'health', ' water '],
        }),
      );
      expect(habit.statusCode).toBe(201);
      expect(habit.json().data).toEqual({
        id: expect.stringMatching(/^[0-9a-f-]{36}$/),
        userId: expect.any(String),
        teamId: null,
        createdBy: expect.any(String),
        type: 'habit',
        title: 'Drink water',
        notes: 'eight glasses',
        difficulty: 'easy',
        tags: ['health', 'water'],
        isPositive: true,
        streak: 0,
        archived: false,
        createdAt: '2025-03-10T12:00:00.000Z',
        updatedAt: '2025-03-10T12:00:00.000Z',
      });
      const daily = await ada.post('/api/tasks', dailyBody({ schedule: { days: [5, 1, 3] } }));
      expect(daily.statusCode).toBe(201);
      expect(daily.json().data).toMatchObject({
        type: 'daily',
        schedule: { days: [1, 3, 5] },
        streak: 0,
        archived: false,
        notes: null,
        tags: [],
      });
      expect(daily.json().data).not.toHaveProperty('isPositive');
      const todo = await ada.post('/api/tasks', todoBody());
      expect(todo.statusCode).toBe(201);
      expect(todo.json().data).toMatchObject({
        type: 'todo',
        dueDate: '2025-04-15',
        difficulty: 'hard',
        streak: 0,
      });
      expect(todo.json().data).not.toHaveProperty('schedule');
    });

    it("gives an agent's tasks to its owner, with the agent as creator", async () => {
      const owner = userActor();
      const agent = agentActor(owner.id);
      const res = await h.as(agent).post('/api/tasks', todoBody());
      expect(res.statusCode).toBe(201);
      expect(res.json().data).toMatchObject({ userId: owner.id, createdBy: agent.id });
      const mine = await h.as(owner).get(`/api/tasks/${res.json().data.id}`);
      expect(mine.statusCode).toBe(200);
    });

    it('reports missing and enum problems with spec §7 details', async () => {
      const ada = h.as(userActor());
      const cases: [unknown, Record<string, unknown>][] = [
        [{}, { field: 'type', rule: 'required' }],
        [
          { type: 'habit', difficulty: 'easy', isPositive: true },
          { field: 'title', rule: 'required' },
        ],
        [
          { type: 'chore', title: 'x', difficulty: 'easy' },
          { field: 'type', value: 'chore', allowed: ['habit', 'daily', 'todo'] },
        ],
        [
          { type: 'todo', title: 'x', difficulty: 'brutal' },
          { field: 'difficulty', value: 'brutal', allowed: ['trivial', 'easy', 'medium', 'hard'] },
        ],
        [
          { type: 'todo', title: 'x' },
          { field: 'difficulty', rule: 'required' },
        ],
        [
          { type: 'daily', title: 'x', difficulty: 'easy' },
          { field: 'schedule', rule: 'required_for_dailies' },
        ],
        [
          { type: 'daily', title: 'x', difficulty: 'easy', schedule: null },
          { field: 'schedule', rule: 'required_for_dailies' },
        ],
        [
          { type: 'habit', title: 'x', difficulty: 'easy' },
          { field: 'isPositive', rule: 'required' },
        ],
      ];
      for (const [payload, details] of cases) {
        const res = await ada.post('/api/tasks', payload);
        expect(res.statusCode, JSON.stringify(payload)).toBe(422);
        expect(res.json(), JSON.stringify(payload)).toEqual({
          error: { code: 'VALIDATION_ERROR', message: expect.any(String), details },
        });
      }
    });

    it('checks titles, schedules, dates, tags and unknown fields', async () => {
      const ada = h.as(userActor());
      const detailsOf = async (payload: unknown) => {
        const res = await ada.post('/api/tasks', payload);
        expect(res.statusCode, JSON.stringify(payload)).toBe(422);
        return res.json().error.details;
      };
      expect(await detailsOf(todoBody({ title: 'x'.repeat(201) }))).toMatchObject({
        field: 'title',
        rule: 'max_length',
        max: 200,
      });
      expect(await detailsOf(todoBody({ title: '   ' }))).toMatchObject({
        field: 'title',
        rule: 'min_length',
      });
      expect(await detailsOf(dailyBody({ schedule: { days: [] } }))).toMatchObject({
        field: 'schedule.days',
        rule: 'min_items',
      });
      expect(await detailsOf(dailyBody({ schedule: { days: [1, 1] } }))).toMatchObject({
        field: 'schedule.days',
        rule: 'unique',
      });
      expect(await detailsOf(dailyBody({ schedule: { days: [7] } }))).toMatchObject({
        field: 'schedule.days.0',
        rule: 'max',
      });
      expect(await detailsOf(dailyBody({ schedule: { days: [1.5] } }))).toMatchObject({
        field: 'schedule.days.0',
      });
      expect(await detailsOf(todoBody({ dueDate: '2025-02-30' }))).toMatchObject({
        field: 'dueDate',
        rule: 'date',
      });
      expect(await detailsOf(todoBody({ tags: ['ok', 42] }))).toMatchObject({
        field: 'tags.1',
        rule: 'type',
      });
      expect(await detailsOf(habitBody({ schedule: { days: [1] } }))).toMatchObject({
        field: 'schedule',
        rule: 'only_for_dailies',
      });
      expect(await detailsOf(todoBody({ isPositive: true }))).toMatchObject({
        field: 'isPositive',
        rule: 'only_for_habits',
      });
      expect(await detailsOf(habitBody({ dueDate: '2025-05-01' }))).toMatchObject({
        field: 'dueDate',
        rule: 'only_for_todos',
      });
      expect(await detailsOf(todoBody({ projectIdx: 'p' }))).toMatchObject({
        field: 'projectIdx',
        rule: 'unknown_field',
      });
      expect(await detailsOf(todoBody({ teamId: 'not-a-uuid' }))).toMatchObject({
        field: 'teamId',
      });
      const notJson = await h.app.inject({
        method: 'POST',
        url: '/api/tasks',
        payload: '[1,2]',
        headers: { 'content-type': 'application/json' },
      });
      expect(notJson.statusCode).toBeLessThan(500);
    });

    it('creates team tasks only for teams the caller belongs to', async () => {
      const teamId = randomUUID();
      const member = userActor({ teamIds: [teamId] });
      const ok = await h.as(member).post('/api/tasks', habitBody({ teamId }));
      expect(ok.statusCode).toBe(201);
      expect(ok.json().data.teamId).toBe(teamId);
      const outsider = await h.as(userActor()).post('/api/tasks', habitBody({ teamId }));
      expect(outsider.statusCode).toBe(403);
      expect(outsider.json()).toEqual({
        error: { code: 'FORBIDDEN', message: expect.any(String) },
      });
    });
  });
});
