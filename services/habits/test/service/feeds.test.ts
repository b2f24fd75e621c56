import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { userActor } from '@momentum/service-kit/testing';
import { useLocalFeeds } from '@momentum/service-kit/local-engine';
import { habitBody, startHabits, todoBody, useHabits } from './harness.js';

const titles = (res: { json(): { data: { title: string }[] } }) =>
  res.json().data.map((t) => t.title);

/**
 * On the local engine the default list (newest first) is read from the owner's and team's
 * feeds; every other sort, and every list on MongoDB, runs a query. Both must show the same
 * tasks with the same totals (these tests run with the feeds on and off).
 */
describe('habits service: list feeds', () => {
  const h = useHabits();
  const ada = { ...userActor(), teamIds: [randomUUID()] };
  const teamId = ada.teamIds[0]!;

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
    'pages newest first as the oldest-first query reversed (%s)',
    async (filter) => {
      const as = h.as(ada);
      const query = (await as.get(`/api/tasks?${filter}&sort=createdAt&limit=100`)).json();
      const expected = [...query.data].reverse().map((t: { title: string }) => t.title);
      const pages: string[] = [];
      for (let page = 1; page <= 4; page++) {
        const res = await as.get(`/api/tasks?${filter}&page=${page}&limit=7`);
        expect(res.statusCode).toBe(200);
        expect(res.json().meta).toEqual({ total: query.meta.total, page, perPage: 7 });
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

describe('habits service: tasks stored before the feeds', () => {
  it('join the feeds once, oldest first, at the next start-up (listed alike without feeds)', async () => {
    const first = await startHabits();
    try {
      const feedsOn = await useLocalFeeds(first.ctx.db, first.ctx.config.LOCAL_ENGINE_FEEDS);
      const ada = userActor();
      for (let i = 0; i < 5; i++) {
        first.clock.now = new Date(Date.UTC(2025, 2, 10, 12, i));
        await first.as(ada).post('/api/tasks', habitBody({ title: `old ${i}` }));
      }
      // As the data of an older version: the service's own collections, no feeds.
      const own = new Set(['tasks', 'profiles', 'completions']);
      for (const { name } of await first.ctx.db.db!.listCollections().toArray())
        if (!own.has(name)) await first.ctx.db.collection(name).drop();
      expect((await first.as(ada).get('/api/tasks')).json().meta.total).toBe(feedsOn ? 0 : 5);

      // Two processes start on it at once: each task is listed once all the same.
      const shared = { config: first.ctx.config, clock: first.clock };
      const next = await Promise.all([startHabits(shared), startHabits(shared)]);
      try {
        for (const process of next) {
          const res = await process.as(ada).get('/api/tasks');
          expect(res.json().meta.total).toBe(5);
          expect(titles(res)).toEqual(['old 4', 'old 3', 'old 2', 'old 1', 'old 0']);
        }
      } finally {
        await Promise.all(next.map((process) => process.app.close()));
        await Promise.all(next.map((process) => process.ctx.close()));
      }
    } finally {
      await first.close();
    }
  });
});
