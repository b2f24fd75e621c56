import { beforeAll, describe, expect, it } from 'vitest';
import { useLocalFeeds } from '@momentum/service-kit/local-engine';
import { uuidv7 } from '../../src/domain/ids.js';
import { IssueFeed, SEARCH_MATCHES_MAX } from '../../src/store/issue-feed.js';
import { testConfig } from '@momentum/service-kit/testing';
import { IssuesConfigSchema } from '../../src/config.js';
import {
  call,
  createIssue,
  newWorld,
  startHarness,
  useIssuesApp,
  type Harness,
} from '../support/harness.js';

type Reply = { data: { id: string }[]; meta: { total: number; page: number; perPage: number } };

/**
 * On the local engine a project's default list and its search read the project's feed; a
 * filtered or sorted list and a search over all the caller's teams run queries (as every
 * list does without the feeds). Both ways must agree.
 */
describe('issues: project feeds', () => {
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
      expect(reply.meta).toEqual({ total: 20, page, perPage: 8 });
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
    // Bulk-import copies the way the benchmark does: feed entries (when the service keeps
    // them), then the documents.
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
    if (await useLocalFeeds(h.ctx.db, h.ctx.config.LOCAL_ENGINE_FEEDS))
      await new IssueFeed(h.ctx.db).addMany(copies as never);
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
    expect(list.json().meta.total).toBe(SEARCH_MATCHES_MAX + 51);
  });
});

describe('issues: switching the local engine’s aids off and on', () => {
  it('lists and pages the same after a start without them and one with them again', async () => {
    const config = IssuesConfigSchema.parse(testConfig());
    const started: Harness[] = [];
    const start = async (feeds: 'on' | 'off') => {
      // Sharing the first one's directory and projects lookup.
      const h = await startHarness({ ...config, LOCAL_ENGINE_FEEDS: feeds }, started[0]);
      started.push(h);
      return h;
    };
    try {
      const first = await start('on');
      const w = newWorld(first, 'SWT');
      const a = await createIssue(first, w, { title: 'Made with the aids' });
      await call(first, w.owner, 'POST', `/api/tasks/${a.id}/comments`, { body: 'before' });
      const without = await start('off');
      const b = await createIssue(without, w, { title: 'Made without them' });
      await call(without, w.owner, 'PATCH', `/api/tasks/${a.id}`, { title: 'Renamed without' });
      await call(without, w.owner, 'POST', `/api/tasks/${a.id}/comments`, { body: 'after' });
      const again = await start('on');
      for (const h of [without, again]) {
        const list = (await call(h, w.owner, 'GET', `/api/tasks?projectId=${w.projectId}`)).json();
        expect(list.data.map((i: { title: string }) => i.title)).toEqual([
          'Made without them',
          'Renamed without',
        ]);
        expect(list.meta.total).toBe(2);
        const page = (await call(h, w.owner, 'GET', `/api/tasks/${a.id}`)).json().data;
        expect(page.comments.map((c: { body: string }) => c.body)).toEqual(['before', 'after']);
      }
      expect(b.identifier).toBe('SWT-2');
    } finally {
      for (const h of started.reverse()) await h.close();
    }
  });
});
