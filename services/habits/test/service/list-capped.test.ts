import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { TOTAL_COUNTED_MAX } from '@momentum/contracts';
import { userActor } from '@momentum/testing';
import { useHabits } from './harness.js';

/** A list's total is counted no further than 1,000: past it, `meta.totalCapped` says so. */
describe('habits service: list totals are capped', () => {
  const h = useHabits();

  it('counts a list of 1,005 tasks as 1,000 with totalCapped, and a short one exactly', async () => {
    const ada = userActor();
    const now = new Date();
    const docs = Array.from({ length: TOTAL_COUNTED_MAX + 5 }, (_, i) => ({
      _id: randomUUID(),
      userId: ada.id,
      teamId: null,
      createdBy: ada.id,
      type: 'todo',
      title: `t${i}`,
      titleKey: `t${i}`,
      notes: null,
      difficulty: 'easy',
      tags: [],
      schedule: null,
      isPositive: null,
      streak: 0,
      dueDate: null,
      archived: false,
      lastCompletedDay: null,
      completedAt: null,
      completions: 0,
      dayCompletions: 0,
      rev: 0,
      createdAt: new Date(now.getTime() - i),
      updatedAt: now,
      _outbox: [],
    }));
    await h.ctx.db.collection('tasks').insertMany(docs as never[]);
    const res = await h.as(ada).get('/api/tasks?limit=5');
    expect(res.statusCode).toBe(200);
    expect(res.json().meta).toEqual({
      total: TOTAL_COUNTED_MAX,
      totalCapped: true,
      page: 1,
      perPage: 5,
      nextCursor: expect.any(String),
    });
    expect(res.json().data.map((t: { title: string }) => t.title)).toEqual([
      't0',
      't1',
      't2',
      't3',
      't4',
    ]);

    const bo = h.as(userActor());
    await bo.post('/api/tasks', { type: 'todo', title: 'one', difficulty: 'easy' });
    expect((await bo.get('/api/tasks')).json().meta).toEqual({
      total: 1,
      page: 1,
      perPage: 20,
      nextCursor: null,
    });
  }, 120_000);
});
