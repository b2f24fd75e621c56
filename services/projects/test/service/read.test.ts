import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { ProjectStatuses } from '@momentum/contracts';
import { userActor } from '@momentum/testing';
import { countsWith, createProject, member, requests, useProjectsApp } from './harness.js';

describe('reading projects', () => {
  const h = useProjectsApp();
  const { get } = requests(() => h);
  const zeroCounts = countsWith({});

  describe('GET /api/projects/:id', () => {
    it('returns the project with counts for a member', async () => {
      const ada = member(h);
      const p = await createProject(h, ada, { name: 'Readable' });
      const res = await get(ada, `/api/projects/${p.id}`);
      expect(res.statusCode).toBe(200);
      expect(res.json().data).toEqual(p);
    });

    it('answers 404 for an unknown id, 403 for another team’s project, 422 for a bad id', async () => {
      const ada = member(h);
      const bob = member(h);
      const p = await createProject(h, ada, { name: 'Private' });
      const unknown = await get(ada, `/api/projects/${randomUUID()}`);
      expect(unknown.statusCode).toBe(404);
      expect(unknown.json()).toEqual({ error: { code: 'NOT_FOUND', message: expect.any(String) } });
      const other = await get(bob, `/api/projects/${p.id}`);
      expect(other.statusCode).toBe(403);
      expect(other.json()).toEqual({ error: { code: 'FORBIDDEN', message: expect.any(String) } });
      const bad = await get(ada, '/api/projects/not-a-uuid');
      expect(bad.statusCode).toBe(422);
      expect(bad.json().error.details).toMatchObject({ field: 'id' });
    });
  });

  describe('GET /api/projects', () => {
    it('lists only the caller’s teams, newest update first, each row with all six counts', async () => {
      const teamA = randomUUID();
      const teamB = randomUUID();
      const ada = member(h, [teamA, teamB]);
      const bob = member(h);
      const a1 = await createProject(h, ada, { teamId: teamA, name: 'A one' });
      const b1 = await createProject(h, ada, { teamId: teamB, name: 'B one' });
      await createProject(h, bob, { name: 'Bob’s' });
      const res = await get(ada, '/api/projects');
      expect(res.statusCode).toBe(200);
      const body = res.json();
      expect(body.data.map((p: { id: string }) => p.id)).toEqual([b1.id, a1.id]);
      expect(body.meta).toEqual({ total: 2, page: 1, perPage: 20 });
      for (const row of body.data) expect(row._count).toEqual(zeroCounts);
    });

    it('filters by teamId and status, and refuses a team the caller is not in', async () => {
      const teamA = randomUUID();
      const teamB = randomUUID();
      const ada = member(h, [teamA, teamB]);
      const started = await createProject(h, ada, { teamId: teamA, name: 'S', status: 'started' });
      await createProject(h, ada, { teamId: teamA, name: 'P' });
      await createProject(h, ada, { teamId: teamB, name: 'Q', status: 'started' });
      const res = await get(ada, `/api/projects?teamId=${teamA}&status=started`);
      expect(res.json().data.map((p: { id: string }) => p.id)).toEqual([started.id]);
      expect(res.json().meta.total).toBe(1);
      expect((await get(ada, `/api/projects?teamId=${teamA}`)).json().meta.total).toBe(2);
      const denied = await get(ada, `/api/projects?teamId=${randomUUID()}`);
      expect(denied.statusCode).toBe(403);
      expect(denied.json().error.code).toBe('FORBIDDEN');
    });

    it('answers an empty page for a caller without teams', async () => {
      const loner = userActor();
      const res = await get(loner, '/api/projects');
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ data: [], meta: { total: 0, page: 1, perPage: 20 } });
    });

    it('sorts by an allowed field in either direction and pages', async () => {
      const ada = member(h);
      for (const name of ['charlie', 'Alpha', 'bravo', 'delta', 'Echo'])
        await createProject(h, ada, { name });
      const names = async (qs: string) =>
        (await get(ada, `/api/projects?${qs}`)).json().data.map((p: { name: string }) => p.name);
      expect(await names('sort=name')).toEqual(['Alpha', 'bravo', 'charlie', 'delta', 'Echo']);
      expect(await names('sort=-name')).toEqual(['Echo', 'delta', 'charlie', 'bravo', 'Alpha']);
      expect(await names('sort=createdAt')).toEqual(['charlie', 'Alpha', 'bravo', 'delta', 'Echo']);
      expect(await names('sort=name&limit=2&page=2')).toEqual(['charlie', 'delta']);
      const page3 = (await get(ada, '/api/projects?sort=name&limit=2&page=3')).json();
      expect(page3.data.map((p: { name: string }) => p.name)).toEqual(['Echo']);
      expect(page3.meta).toEqual({ total: 5, page: 3, perPage: 2 });
    });

    it('sorts by dates', async () => {
      const ada = member(h);
      await createProject(h, ada, { name: 'late', targetDate: '2026-01-01' });
      await createProject(h, ada, { name: 'early', targetDate: '2025-01-01' });
      const res = await get(ada, '/api/projects?sort=-targetDate');
      expect(res.json().data.map((p: { name: string }) => p.name)).toEqual(['late', 'early']);
    });

    it.each([
      ['sort=bogus', { field: 'sort', rule: 'sort' }],
      ['sort=-status', { field: 'sort', rule: 'sort' }],
      ['limit=101', { field: 'limit', rule: 'max', max: 100 }],
      ['limit=0', { field: 'limit', rule: 'min', min: 1 }],
      ['page=abc', { field: 'page' }],
      ['status=done', { field: 'status', value: 'done', allowed: [...ProjectStatuses] }],
      ['teamId=x', { field: 'teamId', rule: 'format' }],
      ['teamId[$ne]=x', { field: 'teamId[$ne]', rule: 'unknown_field' }],
    ])('refuses ?%s with 422', async (qs, details) => {
      const ada = member(h);
      const res = await get(ada, `/api/projects?${qs}`);
      expect(res.statusCode).toBe(422);
      expect(res.json().error).toMatchObject({ code: 'VALIDATION_ERROR', details });
    });
  });

  it('refuses requests without the signed actor header', async () => {
    const res = await h.app.inject({ method: 'GET', url: '/api/projects' });
    expect(res.statusCode).toBe(401);
    expect(res.json().error.code).toBe('UNAUTHORIZED');
  });
});
