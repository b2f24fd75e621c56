import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { userActor } from '@momentum/testing';
import { habitBody, todoBody, useHabits } from './harness.js';

describe('habits service: task list', () => {
  const h = useHabits();

  const ada = userActor();
  const teamId = randomUUID();
  const ids: Record<string, string> = {};
  beforeAll(async () => {
    const as = h.as({ ...ada, teamIds: [teamId] });
    const titles = ['banana', 'Apple', 'cherry', 'date', 'elder'];
    for (const [i, title] of titles.entries()) {
      h.clock.now = new Date(Date.UTC(2025, 2, 10, 12, i));
      const body =
        i % 2 === 0 ? habitBody({ title }) : todoBody({ title, dueDate: `2025-04-0${5 - i}` });
      ids[title] = (await as.post('/api/tasks', body)).json().data.id;
    }
    h.clock.now = new Date(Date.UTC(2025, 2, 10, 12, 5));
    await as.post('/api/tasks', habitBody({ title: 'team one', teamId }));
    h.clock.now = new Date('2025-03-10T12:00:00Z');
    await as.del(`/api/tasks/${ids.elder}`);
  });

  it('lists the caller’s unarchived tasks, newest first, with meta', async () => {
    const res = await h.as(ada).get('/api/tasks');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.meta).toEqual({ total: 5, page: 1, perPage: 20, nextCursor: null });
    expect(body.data.map((t: { title: string }) => t.title)).toEqual([
      'team one',
      'date',
      'cherry',
      'Apple',
      'banana',
    ]);
  });

  it('filters by type and archived, and pages', async () => {
    const todos = (await h.as(ada).get('/api/tasks?type=todo')).json();
    expect(todos.data.map((t: { title: string }) => t.title)).toEqual(['date', 'Apple']);
    expect(todos.meta.total).toBe(2);
    // docs/interface.md §4.1: archived=true includes archived tasks (alongside the active ones).
    const all = (await h.as(ada).get('/api/tasks?archived=true')).json();
    expect(all.data.map((t: { title: string }) => t.title)).toEqual([
      'team one',
      'elder',
      'date',
      'cherry',
      'Apple',
      'banana',
    ]);
    expect(all.data.find((t: { title: string }) => t.title === 'elder').archived).toBe(true);
    expect(all.meta).toEqual({ total: 6, page: 1, perPage: 20, nextCursor: null });
    const archivedTodos = (await h.as(ada).get('/api/tasks?archived=true&type=habit')).json();
    expect(archivedTodos.data.map((t: { title: string }) => t.title)).toEqual([
      'team one',
      'elder',
      'cherry',
      'banana',
    ]);
    const p2 = (await h.as(ada).get('/api/tasks?limit=2&page=2')).json();
    expect(p2.meta).toEqual({ total: 5, page: 2, perPage: 2, nextCursor: expect.any(String) });
    expect(p2.data.map((t: { title: string }) => t.title)).toEqual(['cherry', 'Apple']);
    const beyond = (await h.as(ada).get('/api/tasks?limit=2&page=9')).json();
    expect(beyond).toEqual({
      data: [],
      meta: { total: 5, page: 9, perPage: 2, nextCursor: null },
    });
  });

  it('sorts by the allowed fields, title case-insensitively', async () => {
    const titles = async (sort: string) =>
      (await h.as(ada).get(`/api/tasks?sort=${sort}`))
        .json()
        .data.map((t: { title: string }) => t.title);
    expect(await titles('title')).toEqual(['Apple', 'banana', 'cherry', 'date', 'team one']);
    expect(await titles('-title')).toEqual(['team one', 'date', 'cherry', 'banana', 'Apple']);
    expect(await titles('createdAt')).toEqual(['banana', 'Apple', 'cherry', 'date', 'team one']);
    expect((await titles('dueDate')).slice(-2)).toEqual(['date', 'Apple']);
    await h.as(ada).post(`/api/tasks/${ids.cherry}/complete`);
    await h.as(ada).post(`/api/tasks/${ids.cherry}/complete`);
    await h.as(ada).post(`/api/tasks/${ids.banana}/complete`);
    expect((await titles('-streak')).slice(0, 2)).toEqual(['cherry', 'banana']);
    h.clock.now = new Date('2025-03-10T15:00:00Z');
    await h.as(ada).patch(`/api/tasks/${ids.Apple}`, { notes: 'touched' });
    h.clock.now = new Date('2025-03-10T12:00:00Z');
    expect((await titles('-updatedAt'))[0]).toBe('Apple');
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

describe('habits service: paging a list', () => {
  const h = useHabits();
  const ada = { ...userActor(), teamIds: [randomUUID()] };
  const teamId = ada.teamIds[0]!;
  const titles = (res: { json(): { data: { title: string }[] } }) =>
    res.json().data.map((t) => t.title);

  beforeAll(async () => {
    const as = h.as(ada);
    for (let i = 0; i < 25; i++) {
      h.clock.now = new Date(Date.UTC(2025, 2, 10, 12, i));
      const body = i % 3 ? habitBody({ title: `t${i}` }) : todoBody({ title: `t${i}` });
      const id = (await as.post('/api/tasks', i % 4 ? body : { ...body, teamId })).json().data.id;
      if (i % 5 === 0) await as.del(`/api/tasks/${id}`);
      if (i === 10) await as.patch(`/api/tasks/${id}`, { archived: false });
    }
  });

  it.each(['', 'archived=true', `teamId=${teamId}`, `teamId=${teamId}&archived=true`])(
    'pages newest first as the oldest-first list reversed (%s)',
    async (filter) => {
      const as = h.as(ada);
      const query = (await as.get(`/api/tasks?${filter}&sort=createdAt&limit=100`)).json();
      const expected = [...query.data].reverse().map((t: { title: string }) => t.title);
      const pages: string[] = [];
      for (let page = 1; page <= 4; page++) {
        const res = await as.get(`/api/tasks?${filter}&page=${page}&limit=7`);
        expect(res.statusCode).toBe(200);
        expect(res.json().meta).toEqual({
          total: query.meta.total,
          page,
          perPage: 7,
          nextCursor: page * 7 < query.meta.total ? expect.any(String) : null,
        });
        pages.push(...titles(res));
      }
      expect(pages).toEqual(expected);
    },
  );

  it('counts what the list shows after archiving and bringing back', async () => {
    const as = h.as(ada);
    const before = (await as.get('/api/tasks?limit=100')).json();
    const [newest] = before.data;
    await as.del(`/api/tasks/${newest.id}`);
    const archived = (await as.get('/api/tasks?limit=100')).json();
    expect(archived.meta.total).toBe(before.meta.total - 1);
    expect(archived.data.map((t: { id: string }) => t.id)).not.toContain(newest.id);
    await as.del(`/api/tasks/${newest.id}`); // idempotent: counted once
    await as.patch(`/api/tasks/${newest.id}`, { archived: false });
    const back = (await as.get('/api/tasks?limit=100')).json();
    expect(back.meta.total).toBe(before.meta.total);
    expect(back.data[0].id).toBe(newest.id);
  });
});
