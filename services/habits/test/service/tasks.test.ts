import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { agentActor, userActor } from '@momentum/service-kit/testing';
import { dailyBody, habitBody, startHabits, todoBody, type Habits } from './harness.js';

describe('habits service: tasks', () => {
  let h: Habits;
  beforeAll(async () => {
    h = await startHabits();
  });
  afterAll(async () => h?.close());

  it('refuses a request without the signed actor header', async () => {
    const res = await h.app.inject({ method: 'GET', url: '/api/tasks' });
    expect(res.statusCode).toBe(401);
    expect(res.json().error.code).toBe('UNAUTHORIZED');
  });

  describe('create', () => {
    it('creates each type with spec fields, streak 0 and archived false', async () => {
      const ada = h.as(userActor());
      const habit = await ada.post('/api/tasks', habitBody({ title: '  Drink water  ', notes: 'eight glasses', tags: ['health', 'health', ' water '] }));
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
      expect(daily.json().data).toMatchObject({ type: 'daily', schedule: { days: [1, 3, 5] }, streak: 0, archived: false, notes: null, tags: [] });
      expect(daily.json().data).not.toHaveProperty('isPositive');
      const todo = await ada.post('/api/tasks', todoBody());
      expect(todo.statusCode).toBe(201);
      expect(todo.json().data).toMatchObject({ type: 'todo', dueDate: '2025-04-15', difficulty: 'hard', streak: 0 });
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
        [{ type: 'habit', difficulty: 'easy', isPositive: true }, { field: 'title', rule: 'required' }],
        [{ type: 'chore', title: 'x', difficulty: 'easy' }, { field: 'type', value: 'chore', allowed: ['habit', 'daily', 'todo'] }],
        [{ type: 'todo', title: 'x', difficulty: 'brutal' }, { field: 'difficulty', value: 'brutal', allowed: ['trivial', 'easy', 'medium', 'hard'] }],
        [{ type: 'todo', title: 'x' }, { field: 'difficulty', rule: 'required' }],
        [{ type: 'daily', title: 'x', difficulty: 'easy' }, { field: 'schedule', rule: 'required_for_dailies' }],
        [{ type: 'daily', title: 'x', difficulty: 'easy', schedule: null }, { field: 'schedule', rule: 'required_for_dailies' }],
        [{ type: 'habit', title: 'x', difficulty: 'easy' }, { field: 'isPositive', rule: 'required' }],
      ];
      for (const [payload, details] of cases) {
        const res = await ada.post('/api/tasks', payload);
        expect(res.statusCode, JSON.stringify(payload)).toBe(422);
        expect(res.json(), JSON.stringify(payload)).toEqual({ error: { code: 'VALIDATION_ERROR', message: expect.any(String), details } });
      }
    });

    it('checks titles, schedules, dates, tags and unknown fields', async () => {
      const ada = h.as(userActor());
      const detailsOf = async (payload: unknown) => {
        const res = await ada.post('/api/tasks', payload);
        expect(res.statusCode, JSON.stringify(payload)).toBe(422);
        return res.json().error.details;
      };
      expect(await detailsOf(todoBody({ title: 'x'.repeat(201) }))).toMatchObject({ field: 'title', rule: 'max_length', max: 200 });
      expect(await detailsOf(todoBody({ title: '   ' }))).toMatchObject({ field: 'title', rule: 'min_length' });
      expect(await detailsOf(dailyBody({ schedule: { days: [] } }))).toMatchObject({ field: 'schedule.days', rule: 'min_items' });
      expect(await detailsOf(dailyBody({ schedule: { days: [1, 1] } }))).toMatchObject({ field: 'schedule.days', rule: 'unique' });
      expect(await detailsOf(dailyBody({ schedule: { days: [7] } }))).toMatchObject({ field: 'schedule.days.0', rule: 'max' });
      expect(await detailsOf(dailyBody({ schedule: { days: [1.5] } }))).toMatchObject({ field: 'schedule.days.0' });
      expect(await detailsOf(todoBody({ dueDate: '2025-02-30' }))).toMatchObject({ field: 'dueDate', rule: 'date' });
      expect(await detailsOf(todoBody({ tags: ['ok', 42] }))).toMatchObject({ field: 'tags.1', rule: 'type' });
      expect(await detailsOf(habitBody({ schedule: { days: [1] } }))).toMatchObject({ field: 'schedule', rule: 'only_for_dailies' });
      expect(await detailsOf(todoBody({ isPositive: true }))).toMatchObject({ field: 'isPositive', rule: 'only_for_habits' });
      expect(await detailsOf(habitBody({ dueDate: '2025-05-01' }))).toMatchObject({ field: 'dueDate', rule: 'only_for_todos' });
      expect(await detailsOf(todoBody({ projectIdx: 'p' }))).toMatchObject({ field: 'projectIdx', rule: 'unknown_field' });
      expect(await detailsOf(todoBody({ teamId: 'not-a-uuid' }))).toMatchObject({ field: 'teamId' });
      const notJson = await h.app.inject({ method: 'POST', url: '/api/tasks', payload: '[1,2]', headers: { 'content-type': 'application/json' } });
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
      expect(outsider.json()).toEqual({ error: { code: 'FORBIDDEN', message: expect.any(String) } });
    });
  });

  describe('access', () => {
    it('shows a task to its owner and team members only; others get 404', async () => {
      const teamId = randomUUID();
      const owner = userActor({ teamIds: [teamId] });
      const mate = userActor({ teamIds: [teamId] });
      const stranger = userActor();
      const personal = (await h.as(owner).post('/api/tasks', todoBody())).json().data.id;
      const shared = (await h.as(owner).post('/api/tasks', todoBody({ teamId }))).json().data.id;

      expect((await h.as(mate).get(`/api/tasks/${shared}`)).statusCode).toBe(200);
      expect((await h.as(mate).get(`/api/tasks/${personal}`)).statusCode).toBe(404);
      for (const id of [personal, shared]) {
        const s = h.as(stranger);
        for (const res of [await s.get(`/api/tasks/${id}`), await s.patch(`/api/tasks/${id}`, { title: 'mine' }), await s.del(`/api/tasks/${id}`), await s.post(`/api/tasks/${id}/complete`)]) {
          expect(res.statusCode).toBe(404);
          expect(res.json().error.code).toBe('NOT_FOUND');
        }
      }
      const untouched = await h.as(owner).get(`/api/tasks/${personal}`);
      expect(untouched.json().data).toMatchObject({ title: 'File taxes', archived: false, streak: 0 });
      expect((await h.as(owner).get(`/api/tasks/${randomUUID()}`)).statusCode).toBe(404);
      const malformed = await h.as(owner).get('/api/tasks/not-a-uuid');
      expect(malformed.statusCode).toBe(422);
      expect(malformed.json().error.details).toMatchObject({ field: 'id' });
    });
  });

  describe('list', () => {
    const ada = userActor();
    const teamId = randomUUID();
    const ids: Record<string, string> = {};
    beforeAll(async () => {
      const as = h.as({ ...ada, teamIds: [teamId] });
      const titles = ['banana', 'Apple', 'cherry', 'date', 'elder'];
      for (const [i, title] of titles.entries()) {
        h.clock.now = new Date(Date.UTC(2025, 2, 10, 12, i));
        const body = i % 2 === 0 ? habitBody({ title }) : todoBody({ title, dueDate: `2025-04-0${5 - i}` });
        ids[title] = (await as.post('/api/tasks', body)).json().data.id;
      }
      await as.post('/api/tasks', habitBody({ title: 'team one', teamId }));
      h.clock.now = new Date('2025-03-10T12:00:00Z');
      await as.del(`/api/tasks/${ids.elder}`);
    });

    it('lists the caller’s unarchived tasks, newest first, with meta', async () => {
      const res = await h.as(ada).get('/api/tasks');
      expect(res.statusCode).toBe(200);
      const body = res.json();
      expect(body.meta).toEqual({ total: 5, page: 1, perPage: 20 });
      expect(body.data.map((t: { title: string }) => t.title)).toEqual(['team one', 'date', 'cherry', 'Apple', 'banana']);
    });

    it('filters by type and archived, and pages', async () => {
      const todos = (await h.as(ada).get('/api/tasks?type=todo')).json();
      expect(todos.data.map((t: { title: string }) => t.title)).toEqual(['date', 'Apple']);
      expect(todos.meta.total).toBe(2);
      const archived = (await h.as(ada).get('/api/tasks?archived=true')).json();
      expect(archived.data.map((t: { title: string }) => t.title)).toEqual(['elder']);
      const p2 = (await h.as(ada).get('/api/tasks?limit=2&page=2')).json();
      expect(p2.meta).toEqual({ total: 5, page: 2, perPage: 2 });
      expect(p2.data.map((t: { title: string }) => t.title)).toEqual(['cherry', 'Apple']);
      const beyond = (await h.as(ada).get('/api/tasks?limit=2&page=9')).json();
      expect(beyond).toEqual({ data: [], meta: { total: 5, page: 9, perPage: 2 } });
    });

    it('sorts by the allowed fields, title case-insensitively', async () => {
      const titles = async (sort: string) => (await h.as(ada).get(`/api/tasks?sort=${sort}`)).json().data.map((t: { title: string }) => t.title);
      expect(await titles('title')).toEqual(['Apple', 'banana', 'cherry', 'date', 'team one']);
      expect(await titles('-title')).toEqual(['team one', 'date', 'cherry', 'banana', 'Apple']);
      expect(await titles('createdAt')).toEqual(['banana', 'Apple', 'cherry', 'date', 'team one']);
      expect((await titles('dueDate')).slice(-2)).toEqual(['date', 'Apple']);
    });

    it('lists a team’s tasks for members only', async () => {
      const mate = userActor({ teamIds: [teamId] });
      const res = await h.as(mate).get(`/api/tasks?teamId=${teamId}`);
      expect(res.statusCode).toBe(200);
      expect(res.json().data.map((t: { title: string }) => t.title)).toEqual(['team one']);
      const outsider = await h.as(userActor()).get(`/api/tasks?teamId=${teamId}`);
      expect(outsider.statusCode).toBe(403);
      expect(outsider.json().error.code).toBe('FORBIDDEN');
    });

    it('refuses bad query values, never passing operators on', async () => {
      const bad: [string, Record<string, unknown>][] = [
        ['sort=password', { field: 'sort', rule: 'sort' }],
        ['type=chore', { field: 'type', value: 'chore', allowed: ['habit', 'daily', 'todo'] }],
        ['limit=101', { field: 'limit', rule: 'max', max: 100 }],
        ['limit=0', { field: 'limit', rule: 'min', min: 1 }],
        ['page=0', { field: 'page', rule: 'min', min: 1 }],
        ['page=abc', { field: 'page' }],
        ['archived=yes', { field: 'archived', value: 'yes', allowed: ['true', 'false'] }],
        ['type[$ne]=x', { field: 'type[$ne]', rule: 'unknown_field' }],
        ['teamId[$ne]=x', { field: 'teamId[$ne]', rule: 'unknown_field' }],
      ];
      for (const [q, details] of bad) {
        const res = await h.as(ada).get(`/api/tasks?${q}`);
        expect(res.statusCode, q).toBe(422);
        expect(res.json().error.details, q).toMatchObject(details);
      }
    });
  });

  describe('update and archive', () => {
    it('patches fields and answers id, the changed fields and updatedAt', async () => {
      const ada = h.as(userActor());
      const id = (await ada.post('/api/tasks', dailyBody())).json().data.id;
      h.clock.now = new Date('2025-03-10T13:00:00Z');
      const res = await ada.patch(`/api/tasks/${id}`, { title: ' Stretch more ', difficulty: 'hard', schedule: { days: [2, 0] }, tags: ['body'], notes: null });
      h.clock.now = new Date('2025-03-10T12:00:00Z');
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({
        data: { id, title: 'Stretch more', difficulty: 'hard', schedule: { days: [0, 2] }, tags: ['body'], notes: null, updatedAt: '2025-03-10T13:00:00.000Z' },
      });
      const got = (await ada.get(`/api/tasks/${id}`)).json().data;
      expect(got).toMatchObject({ title: 'Stretch more', difficulty: 'hard', schedule: { days: [0, 2] }, createdAt: '2025-03-10T12:00:00.000Z', updatedAt: '2025-03-10T13:00:00.000Z' });
    });

    it('refuses fields of another type, unknown fields and empty patches', async () => {
      const ada = h.as(userActor());
      const habit = (await ada.post('/api/tasks', habitBody())).json().data.id;
      const cases: [unknown, Record<string, unknown>][] = [
        [{ schedule: { days: [1] } }, { field: 'schedule', rule: 'only_for_dailies' }],
        [{ dueDate: '2025-05-01' }, { field: 'dueDate', rule: 'only_for_todos' }],
        [{ type: 'todo' }, { field: 'type', rule: 'unknown_field' }],
        [{ streak: 99 }, { field: 'streak', rule: 'unknown_field' }],
        [{}, { rule: 'empty_update' }],
        [{ difficulty: 'epic' }, { field: 'difficulty', value: 'epic', allowed: ['trivial', 'easy', 'medium', 'hard'] }],
        [{ title: '' }, { field: 'title', rule: 'min_length' }],
      ];
      for (const [payload, details] of cases) {
        const res = await ada.patch(`/api/tasks/${habit}`, payload);
        expect(res.statusCode, JSON.stringify(payload)).toBe(422);
        expect(res.json().error.details, JSON.stringify(payload)).toMatchObject(details);
      }
      const todo = (await ada.post('/api/tasks', todoBody())).json().data.id;
      const cleared = await ada.patch(`/api/tasks/${todo}`, { dueDate: null });
      expect(cleared.json().data).toMatchObject({ id: todo, dueDate: null });
    });

    it('archives with DELETE (204, idempotent), keeps it readable, and PATCH archived:false brings it back', async () => {
      const actor = userActor();
      const ada = h.as(actor);
      const id = (await ada.post('/api/tasks', todoBody())).json().data.id;
      const del = await ada.del(`/api/tasks/${id}`);
      expect(del.statusCode).toBe(204);
      expect(del.body).toBe('');
      expect((await ada.del(`/api/tasks/${id}`)).statusCode).toBe(204);
      expect((await ada.get(`/api/tasks/${id}`)).json().data).toMatchObject({ id, archived: true });
      expect((await ada.get('/api/tasks')).json().data.map((t: { id: string }) => t.id)).not.toContain(id);
      expect((await ada.get('/api/tasks?archived=true')).json().data.map((t: { id: string }) => t.id)).toEqual([id]);

      const back = await ada.patch(`/api/tasks/${id}`, { archived: false });
      expect(back.statusCode).toBe(200);
      expect(back.json().data).toEqual({ id, archived: false, updatedAt: expect.any(String) });
      expect((await ada.get('/api/tasks')).json().data.map((t: { id: string }) => t.id)).toEqual([id]);
    });

    it('lets team members edit a team task', async () => {
      const teamId = randomUUID();
      const owner = h.as(userActor({ teamIds: [teamId] }));
      const mate = h.as(userActor({ teamIds: [teamId] }));
      const id = (await owner.post('/api/tasks', todoBody({ teamId }))).json().data.id;
      expect((await mate.patch(`/api/tasks/${id}`, { title: 'Shared' })).statusCode).toBe(200);
      expect((await owner.get(`/api/tasks/${id}`)).json().data.title).toBe('Shared');
    });
  });
});
