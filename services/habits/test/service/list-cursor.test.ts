import { beforeAll, describe, expect, it } from 'vitest';
import { TaskSortFields } from '@momentum/contracts';
import { userActor } from '@momentum/testing';
import { habitBody, todoBody, useHabits } from './harness.js';

/**
 * `?after=<meta.nextCursor>`: pages after a cursor are the list as one long page, cut in
 * pieces, for every sort and direction — also where many tasks share the sort value (same
 * time, streak 0, no due date) — and a task written while paging neither repeats one nor
 * makes one go missing.
 */
describe('habits service: task list by cursor', () => {
  const h = useHabits();
  const ada = userActor();
  type Page = { data: { id: string }[]; meta: { nextCursor: string | null } };

  beforeAll(async () => {
    const as = h.as(ada);
    for (let i = 0; i < 23; i++) {
      // Three tasks to a minute, so the times tie; one in three has a due date.
      h.clock.now = new Date(Date.UTC(2025, 2, 10, 12, Math.floor(i / 3)));
      const body =
        i % 3
          ? habitBody({ title: `T${i % 5}` })
          : todoBody({ dueDate: `2025-04-${10 + (i % 4)}` });
      expect((await as.post('/api/tasks', body)).statusCode).toBe(201);
    }
  });

  /** Every page by cursor from the first, `limit` at a time. */
  async function walk(query: string, limit: number): Promise<string[]> {
    const ids: string[] = [];
    let url = `/api/tasks?${query}&limit=${limit}`;
    for (let pages = 0; pages < 50; pages++) {
      const res = await h.as(ada).get(url);
      expect(res.statusCode, res.body).toBe(200);
      const page = res.json() as Page;
      ids.push(...page.data.map((t) => t.id));
      if (!page.meta.nextCursor) return ids;
      expect(page.data).toHaveLength(limit);
      url = `/api/tasks?${query}&limit=${limit}&after=${page.meta.nextCursor}`;
    }
    throw new Error('more pages than tasks');
  }

  it.each(TaskSortFields.flatMap((f) => [f, `-${f}`]))(
    'pages sort=%s without gaps or repeats',
    async (sort) => {
      const whole = (await h.as(ada).get(`/api/tasks?sort=${sort}&limit=100`)).json() as Page;
      expect(whole.data).toHaveLength(23);
      expect(whole.meta.nextCursor).toBeNull();
      for (const limit of [2, 7])
        expect(await walk(`sort=${sort}`, limit)).toEqual(whole.data.map((t) => t.id));
    },
  );

  it('keeps its place while tasks are created before and after it', async () => {
    const as = h.as(ada);
    const first = (await as.get('/api/tasks?sort=createdAt&limit=10')).json() as Page;
    // One sorting before the cursor (not shown again) and one after it (shown once).
    h.clock.now = new Date(Date.UTC(2025, 2, 10, 11, 0));
    const early = (await as.post('/api/tasks', habitBody())).json().data.id as string;
    h.clock.now = new Date(Date.UTC(2025, 2, 11, 12, 0));
    const late = (await as.post('/api/tasks', habitBody())).json().data.id as string;
    const rest: string[] = [];
    let after = first.meta.nextCursor;
    while (after) {
      const page = (
        await as.get(`/api/tasks?sort=createdAt&limit=10&after=${after}`)
      ).json() as Page;
      rest.push(...page.data.map((t) => t.id));
      after = page.meta.nextCursor;
    }
    const seen = [...first.data.map((t) => t.id), ...rest];
    expect(new Set(seen).size).toBe(seen.length);
    expect(seen).not.toContain(early);
    expect(rest.at(-1)).toBe(late);
    expect(seen).toHaveLength(24);
  });

  it('refuses a cursor it did not hand out, one of another sort, and one beside page', async () => {
    const as = h.as(ada);
    const cursor = ((await as.get('/api/tasks?limit=2')).json() as Page).meta.nextCursor!;
    for (const [query, rule] of [
      ['after=not-a-cursor', 'cursor'],
      [`after=${Buffer.from('["-createdAt",1]').toString('base64url')}`, 'cursor'],
      ['after=%24gt', 'cursor'],
      [`after=${cursor}&sort=title`, 'cursor_sort'],
      [`after=${cursor}&page=2`, 'exclusive'],
    ] as const) {
      const res = await as.get(`/api/tasks?limit=2&${query}`);
      expect(res.statusCode, query).toBe(422);
      expect(res.json().error, query).toMatchObject({
        code: 'VALIDATION_ERROR',
        details: { field: 'after', rule },
      });
    }
  });
});
