import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { userActor } from '@momentum/testing';
import { call, createIssue, newWorld, useIssuesApp } from '../support/harness.js';

describe('issues: create, list, get, update', () => {
  const { h, w } = useIssuesApp('ENG');

  it('creates an issue with identifier KEY-1 and the documented defaults', async () => {
    const res = await call(h, w.owner, 'POST', '/api/tasks', {
      projectId: w.projectId,
      title: 'First',
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().data).toEqual({
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      projectId: w.projectId,
      parentId: null,
      identifier: 'ENG-1',
      number: 1,
      title: 'First',
      description: '',
      status: 'backlog',
      priority: 'none',
      assigneeId: null,
      labels: [],
      estimate: null,
      dueDate: null,
      sortOrder: 1,
      createdBy: w.owner.id,
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
    });
    const second = await createIssue(h, w, {
      title: 'Second',
      status: 'todo',
      priority: 'high',
      labels: ['bug', 'bug', ' ui '],
      estimate: 3,
      dueDate: '2025-03-01',
    });
    expect(second).toMatchObject({
      identifier: 'ENG-2',
      status: 'todo',
      priority: 'high',
      labels: ['bug', 'ui'],
      estimate: 3,
      dueDate: '2025-03-01',
    });
  });

  it('gives 50 concurrent creates the numbers 1..50 of a fresh project, each once', async () => {
    const fresh = newWorld(h, 'RACE');
    const results = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        call(h, fresh.owner, 'POST', '/api/tasks', {
          projectId: fresh.projectId,
          title: `Race ${i}`,
        }),
      ),
    );
    expect(results.map((r) => r.statusCode)).toEqual(Array(50).fill(201));
    const numbers = results.map((r) => r.json().data.number as number).sort((a, b) => a - b);
    expect(numbers).toEqual(Array.from({ length: 50 }, (_, i) => i + 1));
    expect(new Set(results.map((r) => r.json().data.identifier)).size).toBe(50);
    const next = await createIssue(h, fresh, { title: 'After the race' });
    expect(next.identifier).toBe('RACE-51');
  });

  it('answers 404 for an unknown project and 403 FORBIDDEN for another team’s', async () => {
    const unknown = await call(h, w.owner, 'POST', '/api/tasks', {
      projectId: randomUUID(),
      title: 'x',
    });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error.code).toBe('NOT_FOUND');
    const stranger = userActor({ teamIds: [randomUUID()] });
    const create = await call(h, stranger, 'POST', '/api/tasks', {
      projectId: w.projectId,
      title: 'x',
    });
    expect(create.statusCode).toBe(403);
    expect(create.json()).toEqual({ error: { code: 'FORBIDDEN', message: expect.any(String) } });
    const issue = await createIssue(h, w);
    for (const [method, url, payload] of [
      ['GET', `/api/tasks/${issue.id}`, undefined],
      ['PATCH', `/api/tasks/${issue.id}`, { title: 'mine now' }],
      ['GET', `/api/tasks?projectId=${w.projectId}`, undefined],
    ] as const) {
      const res = await call(h, stranger, method, url, payload);
      expect(res.statusCode, `${method} ${url}`).toBe(403);
      expect(res.json().error.code).toBe('FORBIDDEN');
    }
    const missing = await call(h, w.owner, 'GET', `/api/tasks/${randomUUID()}`);
    expect(missing.statusCode).toBe(404);
  });

  it('lists only the caller’s projects, paged, with filters, label semantics and sorts', async () => {
    const lw = newWorld(h, 'LST');
    const other = newWorld(h, 'OTH');
    const dev = h.directory.addMember(lw.teamId, { name: 'Dev One' });
    const a = await createIssue(h, lw, {
      title: 'A',
      status: 'todo',
      priority: 'low',
      labels: ['bug', 'ui'],
      assigneeId: dev.id,
    });
    const b = await createIssue(h, lw, {
      title: 'B',
      status: 'in_progress',
      priority: 'urgent',
      labels: ['bug'],
    });
    const c = await createIssue(h, lw, {
      title: 'C',
      status: 'todo',
      priority: 'medium',
      labels: ['ui'],
      parentId: a.id,
    });
    await createIssue(h, other, { title: 'Not visible' });
    const list = (q: string) =>
      call(h, lw.owner, 'GET', `/api/tasks?${q}`).then((r) => {
        expect(r.statusCode, q).toBe(200);
        return r.json() as {
          data: Array<{ id: string; title: string; assignee?: unknown }>;
          meta: unknown;
        };
      });

    const all = await list(`projectId=${lw.projectId}`);
    expect(all.meta).toEqual({ total: 3, page: 1, perPage: 20, nextCursor: null });
    expect(all.data.map((i) => i.title)).toEqual(['C', 'B', 'A']);
    expect(all.data.find((i) => i.id === a.id)!.assignee).toEqual({
      id: dev.id,
      name: 'Dev One',
      avatar: dev.avatar,
    });
    expect(all.data.find((i) => i.id === b.id)).not.toHaveProperty('assignee');

    expect((await list(`status=todo&projectId=${lw.projectId}`)).data.map((i) => i.title)).toEqual([
      'C',
      'A',
    ]);
    expect((await list(`status=todo,in_progress`)).meta).toMatchObject({ total: 3 });
    expect((await list(`priority=urgent`)).data.map((i) => i.id)).toEqual([b.id]);
    expect((await list(`assigneeId=${dev.id}`)).data.map((i) => i.id)).toEqual([a.id]);
    expect(
      (await list(`assigneeId=none&projectId=${lw.projectId}`)).data.map((i) => i.title),
    ).toEqual(['C', 'B']);
    expect((await list(`parentId=${a.id}`)).data.map((i) => i.id)).toEqual([c.id]);
    expect(
      (await list(`parentId=none&projectId=${lw.projectId}`)).data.map((i) => i.title),
    ).toEqual(['B', 'A']);
    // Labels: every listed label must be present.
    expect((await list(`labels=bug,ui`)).data.map((i) => i.id)).toEqual([a.id]);
    expect((await list(`labels=bug&sort=createdAt`)).data.map((i) => i.title)).toEqual(['A', 'B']);
    expect(
      (await list(`projectId=${lw.projectId}&sort=-priority`)).data.map((i) => i.title),
    ).toEqual(['B', 'C', 'A']);
    // Workflow order (backlog → cancelled), ties oldest first in ascending sorts.
    expect((await list(`projectId=${lw.projectId}&sort=status`)).data.map((i) => i.title)).toEqual([
      'A',
      'C',
      'B',
    ]);
    expect((await list(`projectId=${lw.projectId}&sort=title`)).data.map((i) => i.title)).toEqual([
      'A',
      'B',
      'C',
    ]);
    expect(
      (await list(`projectId=${lw.projectId}&sort=identifier`)).data.map((i) => i.title),
    ).toEqual(['A', 'B', 'C']);

    const page2 = await list(`projectId=${lw.projectId}&limit=2&page=2&sort=identifier`);
    expect(page2.meta).toEqual({ total: 3, page: 2, perPage: 2, nextCursor: null });
    expect(page2.data.map((i) => i.title)).toEqual(['C']);
    const tooBig = await call(h, lw.owner, 'GET', '/api/tasks?limit=101');
    expect(tooBig.statusCode).toBe(422);

    // Without projectId: every project of the caller's teams, none of others.
    const mine = await list('');
    expect(mine.data.map((i) => i.title)).not.toContain('Not visible');
  });
});
