import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { userActor } from '@momentum/testing';
import { dailyBody, habitBody, todoBody, useHabits } from './harness.js';

describe('habits service: reading, editing and archiving tasks', () => {
  const h = useHabits();

  it('refuses a request without the signed actor header', async () => {
    const res = await h.app.inject({ method: 'GET', url: '/api/tasks' });
    expect(res.statusCode).toBe(401);
    expect(res.json().error.code).toBe('UNAUTHORIZED');
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
        for (const res of [
          await s.get(`/api/tasks/${id}`),
          await s.patch(`/api/tasks/${id}`, { title: 'mine' }),
          await s.del(`/api/tasks/${id}`),
          await s.post(`/api/tasks/${id}/complete`),
        ]) {
          expect(res.statusCode).toBe(404);
          expect(res.json().error.code).toBe('NOT_FOUND');
        }
      }
      const untouched = await h.as(owner).get(`/api/tasks/${personal}`);
      expect(untouched.json().data).toMatchObject({
        title: 'File taxes',
        archived: false,
        streak: 0,
      });
      expect((await h.as(owner).get(`/api/tasks/${randomUUID()}`)).statusCode).toBe(404);
      const malformed = await h.as(owner).get('/api/tasks/not-a-uuid');
      expect(malformed.statusCode).toBe(422);
      expect(malformed.json().error.details).toMatchObject({ field: 'id' });
    });
  });

  describe('update and archive', () => {
    it('patches fields and answers id, the changed fields and updatedAt', async () => {
      const ada = h.as(userActor());
      const id = (await ada.post('/api/tasks', dailyBody())).json().data.id;
      h.clock.now = new Date('2025-03-10T13:00:00Z');
      const res = await ada.patch(`/api/tasks/${id}`, {
        title: ' Stretch more ',
        difficulty: 'hard',
        schedule: { days: [2, 0] },
        tags: ['body'],
        notes: null,
      });
      h.clock.now = new Date('2025-03-10T12:00:00Z');
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({
        data: {
          id,
          title: 'Stretch more',
          difficulty: 'hard',
          schedule: { days: [0, 2] },
          tags: ['body'],
          notes: null,
          updatedAt: '2025-03-10T13:00:00.000Z',
        },
      });
      const got = (await ada.get(`/api/tasks/${id}`)).json().data;
      expect(got).toMatchObject({
        title: 'Stretch more',
        difficulty: 'hard',
        schedule: { days: [0, 2] },
        createdAt: '2025-03-10T12:00:00.000Z',
        updatedAt: '2025-03-10T13:00:00.000Z',
      });
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
        [
          { difficulty: 'epic' },
          { field: 'difficulty', value: 'epic', allowed: ['trivial', 'easy', 'medium', 'hard'] },
        ],
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
      expect(
        (await ada.get('/api/tasks')).json().data.map((t: { id: string }) => t.id),
      ).not.toContain(id);
      expect(
        (await ada.get('/api/tasks?archived=true')).json().data.map((t: { id: string }) => t.id),
      ).toEqual([id]);

      const back = await ada.patch(`/api/tasks/${id}`, { archived: false });
      expect(back.statusCode).toBe(200);
      expect(back.json().data).toEqual({ id, archived: false, updatedAt: expect.any(String) });
      expect((await ada.get('/api/tasks')).json().data.map((t: { id: string }) => t.id)).toEqual([
        id,
      ]);
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
