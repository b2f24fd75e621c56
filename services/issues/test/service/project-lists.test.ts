import { beforeAll, describe, expect, it } from 'vitest';
import { TOTAL_COUNTED_MAX, uuidv7 } from '@momentum/contracts';
import { SEARCH_MATCHES_MAX } from '../../src/store/issue-lists.js';
import { call, createIssue, newWorld, useIssuesApp } from '../support/harness.js';

type Reply = { data: { id: string }[]; meta: { total: number; page: number; perPage: number } };

/** A project's default list, paged, and its search, beside the same over all the caller's teams. */
describe("issues: a project's list and search", () => {
  const { h, w } = useIssuesApp('FED');
  const get = async (url: string) => {
    const res = await call(h, w.owner, 'GET', url);
    expect(res.statusCode, url).toBe(200);
    return res.json() as Reply;
  };
  const ids = (r: Reply) => r.data.map((i) => i.id);
  const words = ['alpine', 'deployment', 'login', 'crash', 'billing'];

  beforeAll(async () => {
    for (let i = 0; i < 23; i++) {
      const title = `${words[i % 5]} ${words[(i * 2) % 5]} number ${i}`;
      const { id } = await createIssue(h, w, { title, description: i % 3 ? '' : 'alpine' });
      if (i % 7 === 3) await call(h, w.owner, 'DELETE', `/api/tasks/${id}`);
      if (i === 8) await call(h, w.owner, 'PATCH', `/api/tasks/${id}`, { title: 'renamed' });
    }
  });

  it('pages the default list as the oldest-first query reversed, deleted ones left out', async () => {
    const base = `/api/tasks?projectId=${w.projectId}`;
    const query = await get(`${base}&sort=createdAt&limit=100`);
    expect(query.meta.total).toBe(20);
    const pages: string[] = [];
    for (let page = 1; page <= 3; page++) {
      const reply = await get(`${base}&page=${page}&limit=8`);
      expect(reply.meta).toEqual({
        total: 20,
        page,
        perPage: 8,
        nextCursor: page < 3 ? expect.any(String) : null,
      });
      pages.push(...ids(reply));
    }
    expect(pages).toEqual(ids(query).reverse());
  });

  it.each(['alpine', 'alpine depl', 'login cra', 'renamed', 'number 1', 'missing'])(
    'searches a project as the team-wide query does (%s)',
    async (q) => {
      const search = `/api/tasks/search?q=${encodeURIComponent(q)}&limit=100`;
      const teamWide = await get(search);
      const inProject = await get(`${search}&projectId=${w.projectId}`);
      expect(inProject.meta).toEqual(teamWide.meta);
      expect(ids(inProject)).toEqual(ids(teamWide));
    },
  );

  it(`ranks and counts the newest ${SEARCH_MATCHES_MAX} matches`, async () => {
    const big = newWorld(h, 'BIG');
    const template = await createIssue(h, big, { title: 'Bulk alpine issue' });
    // Bulk-import copies the way the benchmark does: straight into the collection.
    const issues = h.ctx.db.collection('issues');
    const doc = (await issues.findOne({ _id: template.id as never }))!;
    const copies = Array.from({ length: SEARCH_MATCHES_MAX + 50 }, (_, i) => ({
      ...doc,
      // Time-ordered, as every issue's id is: the newest copy is the last.
      _id: uuidv7(),
      number: 100_000 + i,
      identifier: `BIG-${100_000 + i}`,
      _outbox: [],
    }));
    await issues.insertMany(copies as never);

    const search = `/api/tasks/search?q=alpine&projectId=${big.projectId}&limit=100`;
    const first = await call(h, big.owner, 'GET', search);
    expect(first.json().meta.total).toBe(SEARCH_MATCHES_MAX);
    expect(first.json().data[0].id).toBe(copies.at(-1)!._id);
    const last = await call(h, big.owner, 'GET', `${search}&page=10`);
    expect(last.json().data).toHaveLength(100);
    const beyond = await call(h, big.owner, 'GET', `${search}&page=11`);
    expect(beyond.json().data).toEqual([]);
    const list = await call(h, big.owner, 'GET', `/api/tasks?projectId=${big.projectId}`);
    // The list's 1,051 are counted to its own cap, which the reply names.
    expect(list.json().meta).toMatchObject({ total: TOTAL_COUNTED_MAX, totalCapped: true });
  });
});
