import { beforeAll, describe, expect, it } from 'vitest';
import { IssueSortFields } from '@momentum/contracts';
import { call, createIssue, useIssuesApp } from '../support/harness.js';

type Page = { data: { id: string }[]; meta: { nextCursor: string | null } };

/**
 * `?after=<meta.nextCursor>` on the issue list: every sort in both directions, where many
 * issues share a priority, a status or no due date, pages as the one long page does.
 */
describe('issues: the list by cursor', () => {
  const { h, w } = useIssuesApp('CUR');
  const statuses = ['backlog', 'todo', 'in_progress', 'done'];
  const priorities = ['urgent', 'high', 'medium', 'low', 'none'];

  beforeAll(async () => {
    for (let i = 0; i < 19; i++)
      await createIssue(h, w, {
        title: `${'abc'[i % 3]} issue ${i}`,
        status: statuses[i % 4],
        priority: priorities[i % 5],
        ...(i % 3 ? {} : { dueDate: `2025-05-${10 + (i % 2)}` }),
      });
  });

  const get = async (url: string) => {
    const res = await call(h, w.owner, 'GET', url);
    expect(res.statusCode, `${url}: ${res.body}`).toBe(200);
    return res.json() as Page;
  };

  async function walk(query: string, limit: number): Promise<string[]> {
    const ids: string[] = [];
    let page = await get(`/api/tasks?${query}&limit=${limit}`);
    for (;;) {
      ids.push(...page.data.map((i) => i.id));
      if (!page.meta.nextCursor) return ids;
      expect(ids.length).toBeLessThan(100);
      page = await get(`/api/tasks?${query}&limit=${limit}&after=${page.meta.nextCursor}`);
    }
  }

  it.each(IssueSortFields.flatMap((f) => [f, `-${f}`]))(
    'pages sort=%s without gaps or repeats',
    async (sort) => {
      const query = `projectId=${w.projectId}&sort=${sort}`;
      const whole = await get(`/api/tasks?${query}&limit=100`);
      expect(whole.data).toHaveLength(19);
      expect(await walk(query, 4)).toEqual(whole.data.map((i) => i.id));
    },
  );

  it('pages a filtered list across the caller’s teams', async () => {
    const query = 'status=todo,done&sort=-priority';
    const whole = await get(`/api/tasks?${query}&limit=100`);
    expect(whole.data.length).toBeGreaterThan(5);
    expect(await walk(query, 3)).toEqual(whole.data.map((i) => i.id));
  });

  it('refuses a cursor it did not hand out, or made for another sort', async () => {
    const cursor = (await get(`/api/tasks?projectId=${w.projectId}&limit=2`)).meta.nextCursor!;
    for (const [query, rule] of [
      ['after=bm90LWEtY3Vyc29y', 'cursor'],
      [`after=${cursor}&sort=priority`, 'cursor_sort'],
    ] as const) {
      const res = await call(h, w.owner, 'GET', `/api/tasks?projectId=${w.projectId}&${query}`);
      expect(res.statusCode, query).toBe(422);
      expect(res.json().error).toMatchObject({
        code: 'VALIDATION_ERROR',
        details: { field: 'after', rule },
      });
    }
  });
});
