import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Connection } from 'mongoose';
import { EventTypes, SYSTEM_ACTOR, type IssueState, type IssueStatus } from '@momentum/contracts';
import { connectMongo } from '@momentum/storage';
import { injectAs } from '@momentum/testing';
import { projectModels } from '../../src/store/models.js';
import { IssueStateStore } from '../../src/store/issue-state-store.js';
import {
  countsWith,
  issueEvents,
  member,
  recordEvents,
  startHarness,
  startTwin,
  until,
  type Harness,
} from './harness.js';

/**
 * Two processes of the projects service on one database and one stream: every rule
 * holds with requests and events alternating between them.
 */
describe('projects with two processes', () => {
  let a: Harness;
  let b: Harness;
  beforeAll(async () => {
    a = await startHarness();
    b = await startTwin(a);
  });
  afterAll(async () => {
    await b?.close();
    await a?.close();
  });

  /** The i-th request goes to a, the next to b, and so on. */
  const either = (i: number) => (i % 2 ? b : a);
  const post = (i: number, actor: ReturnType<typeof member>, payload: object) =>
    injectAs(either(i).app, actor, { method: 'POST', url: '/api/projects', payload });
  const patch = (i: number, actor: ReturnType<typeof member>, id: string, payload: object) =>
    injectAs(either(i).app, actor, { method: 'PATCH', url: `/api/projects/${id}`, payload });

  it('gives unique derived keys and slugs to concurrent creates in both', async () => {
    const ada = member(a);
    const replies = await Promise.all(
      Array.from({ length: 12 }, (_, i) => post(i, ada, { teamId: ada.teamIds[0], name: 'Ops' })),
    );
    expect(replies.map((r) => r.statusCode)).toEqual(Array(12).fill(201));
    const keys = replies.map((r) => r.json().data.key).sort();
    const slugs = replies.map((r) => r.json().data.slug);
    expect(new Set(keys).size).toBe(12);
    expect(new Set(slugs).size).toBe(12);
    expect(keys).toContain('OPS');
  });

  it('lets one of concurrent creates with the same chosen key win; the others get 409', async () => {
    const ada = member(a);
    const replies = await Promise.all(
      Array.from({ length: 6 }, (_, i) =>
        post(i, ada, { teamId: ada.teamIds[0], name: `Web ${i}`, key: 'web' }),
      ),
    );
    const statuses = replies.map((r) => r.statusCode).sort();
    expect(statuses).toEqual([201, 409, 409, 409, 409, 409]);
    for (const refused of replies.filter((r) => r.statusCode === 409))
      expect(refused.json().error).toMatchObject({
        code: 'CONFLICT',
        details: { field: 'key', rule: 'unique', value: 'WEB' },
      });
  });

  it('keeps every one of concurrent PATCHes sent to both, with an event for each', async () => {
    const seen = recordEvents(a, 'projects');
    const ada = member(a);
    const p = (await post(0, ada, { teamId: ada.teamIds[0], name: 'Shared' })).json().data;
    const changes = [
      { description: 'd' },
      { icon: '★' },
      { color: '#abcdef' },
      { status: 'started' },
      { leadId: ada.id },
      { startDate: '2025-01-01' },
      { targetDate: '2025-12-31' },
      { name: 'Shared more' },
    ];
    const replies = await Promise.all(changes.map((c, i) => patch(i, ada, p.id, c)));
    expect(replies.map((r) => r.statusCode)).toEqual(changes.map(() => 200));
    const read = await injectAs(b.app, ada, { method: 'GET', url: `/api/projects/${p.id}` });
    expect(read.json().data).toMatchObject(Object.assign({}, ...changes));
    // Both relays may publish one event (JetStream keeps one by its id; a plain
    // subscriber sees both), so events are told apart by id.
    await until(
      async () =>
        new Set(
          seen
            .filter(
              (e) =>
                e.type === EventTypes.projects.projectUpdated &&
                (e.data as { id: string }).id === p.id,
            )
            .map((e) => e.id),
        ).size === changes.length,
    );
  });

  it('judges the date rule on what the other process wrote: never both of two clashing dates', async () => {
    const ada = member(a);
    const outcomes = await Promise.all(
      Array.from({ length: 8 }, async () => {
        const p = (
          await post(0, ada, {
            teamId: ada.teamIds[0],
            name: 'Dated',
            startDate: '2025-03-01',
            targetDate: '2025-04-01',
          })
        ).json().data;
        // Each is fine against the stored dates; together they would put the target first.
        const [later, earlier] = await Promise.all([
          patch(0, ada, p.id, { startDate: '2025-03-20' }),
          patch(1, ada, p.id, { targetDate: '2025-03-10' }),
        ]);
        const stored = (
          await injectAs(a.app, ada, { method: 'GET', url: `/api/projects/${p.id}` })
        ).json().data;
        return { statuses: [later.statusCode, earlier.statusCode].sort(), stored };
      }),
    );
    for (const { statuses, stored } of outcomes) {
      expect(statuses).toEqual([200, 422]);
      expect(stored.startDate <= stored.targetDate).toBe(true);
    }
  });

  it('counts 40 issues exactly from shuffled, repeated events consumed by both', async () => {
    const { publish, converges } = issueEvents(() => a);
    const ada = member(a);
    const p = (await post(1, ada, { teamId: ada.teamIds[0], name: 'Counted twice' })).json().data;
    const ids = Array.from({ length: 40 }, () => randomUUID());
    const events = ids.flatMap((id, n) => {
      const first: IssueState = { id, projectId: p.id, status: 'todo', version: 1 };
      const last: IssueState = { ...first, status: n % 2 ? 'done' : 'in_progress', version: 2 };
      return [
        ['created', first],
        ['updated', last],
        ['updated', last],
        ['created', first],
      ] as const;
    });
    events.sort(() => Math.random() - 0.5);
    await Promise.all(events.map(([type, data]) => publish(type, data)));
    await converges(ada, p.id, countsWith({ in_progress: 20, done: 20 }));
    const viaB = await injectAs(b.app, ada, { method: 'GET', url: `/api/projects/${p.id}` });
    expect(viaB.json().data._count).toEqual(countsWith({ in_progress: 20, done: 20 }));
  });

  it('rebuilds the counts in one while the other counts newer events, losing neither', async () => {
    const { publish, converges } = issueEvents(() => a);
    const ada = member(a);
    const p = (await post(0, ada, { teamId: ada.teamIds[0], name: 'Rebuilt live' })).json().data;
    const ids = Array.from({ length: 30 }, () => randomUUID());
    a.issueStates.states = ids.map((id) => ({ id, projectId: p.id, status: 'todo', version: 1 }));
    const rebuild = () =>
      injectAs(b.app, SYSTEM_ACTOR, {
        method: 'POST',
        url: `/internal/projects/${p.id}/rebuild-counts`,
      });
    const [first] = await Promise.all([
      rebuild(),
      ...ids.map((id) => publish('updated', { id, projectId: p.id, status: 'done', version: 2 })),
    ]);
    expect(first.statusCode, first.body).toBe(200);
    await converges(ada, p.id, countsWith({ done: 30 }));
    // A rebuild now agrees: the rows it keeps are newer than its truth.
    expect((await rebuild()).json().data._count).toEqual(countsWith({ done: 30 }));
  });

  describe('the same event handled by both at once', () => {
    let connections: Connection[];
    let stores: [IssueStateStore, IssueStateStore];
    beforeAll(async () => {
      const { MONGO_URL, MONGO_DB } = a.ctx.config;
      connections = await Promise.all([0, 1].map(() => connectMongo(MONGO_URL, MONGO_DB!)));
      stores = [
        new IssueStateStore(projectModels(connections[0]!)),
        new IssueStateStore(projectModels(connections[1]!)),
      ];
    });
    afterAll(async () => Promise.all(connections.map((c) => c.close())));

    const numbersOf = async (projectId: string) =>
      (await stores[0].countsFor([projectId])).get(projectId);

    it('counts it once', async () => {
      const projectId = randomUUID();
      for (let round = 0; round < 20; round++) {
        const state: IssueState = { id: randomUUID(), projectId, status: 'todo', version: 1 };
        const outcomes = await Promise.all([
          // As its event names it (a new issue), and as an event that does not say.
          stores[0].apply({ state, from: null }),
          stores[1].apply({ state: { ...state } }),
          stores[0].apply({ state: { ...state }, from: null }),
          stores[1].apply({ state: { ...state } }),
        ]);
        expect(outcomes.filter((o) => o === 'applied')).toHaveLength(1);
      }
      expect(await numbersOf(projectId)).toEqual(countsWith({ todo: 20 }));
    });

    it('counts each move of one issue once whichever process and order it comes in', async () => {
      const projectId = randomUUID();
      const ids = Array.from({ length: 10 }, () => randomUUID());
      const path: IssueStatus[] = ['backlog', 'todo', 'in_progress', 'in_review', 'done'];
      // Each move names the status it left, as the issues service's events do.
      const moves = ids.flatMap((id) =>
        path.map((status, v) => ({
          state: { id, projectId, status, version: v + 1 },
          from: v ? path[v - 1]! : null,
        })),
      );
      const deliveries = [...moves, ...moves].sort(() => Math.random() - 0.5);
      await Promise.all(
        deliveries.map((m, i) => stores[i % 2]!.apply({ ...m, state: { ...m.state } })),
      );
      expect(await numbersOf(projectId)).toEqual(countsWith({ done: 10 }));
      const rows = await connections[0]!.collection('issue_states').find({ projectId }).toArray();
      expect(rows.map((r) => [r.status, r.version])).toEqual(ids.map(() => ['done', 5]));
    });
  });
});
