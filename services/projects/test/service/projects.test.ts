import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IssueStatuses, ProjectStatuses } from '@momentum/contracts';
import { agentActor, injectAs, userActor } from '@momentum/service-kit/testing';
import { createProject, member, startHarness, type Harness } from './harness.js';

const zeroCounts = { issues: 0, issuesByStatus: Object.fromEntries(IssueStatuses.map((s) => [s, 0])) };

describe('projects routes', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness();
  });
  afterAll(async () => h.close());

  const post = (actor: ReturnType<typeof userActor>, payload: unknown) => injectAs(h.app, actor, { method: 'POST', url: '/api/projects', payload: payload as object });
  const patch = (actor: ReturnType<typeof userActor>, id: string, payload: unknown) =>
    injectAs(h.app, actor, { method: 'PATCH', url: `/api/projects/${id}`, payload: payload as object });
  const get = (actor: ReturnType<typeof userActor>, url: string) => injectAs(h.app, actor, { method: 'GET', url });

  describe('POST /api/projects', () => {
    it('creates with every field, derives slug and key, answers 201 with the whole project', async () => {
      const ada = member(h);
      const teamId = ada.teamIds[0]!;
      const res = await post(ada, {
        teamId,
        name: 'Mobile App Launch',
        description: 'Ship it',
        icon: '🚀',
        color: '#FF8800',
        status: 'started',
        leadId: ada.id,
        startDate: '2025-03-01',
        targetDate: '2025-06-30',
      });
      expect(res.statusCode).toBe(201);
      const p = res.json().data;
      expect(p).toEqual({
        id: expect.stringMatching(/^[0-9a-f-]{36}$/),
        teamId,
        name: 'Mobile App Launch',
        slug: 'mobile-app-launch',
        key: 'MAL',
        description: 'Ship it',
        icon: '🚀',
        color: '#ff8800',
        status: 'started',
        leadId: ada.id,
        startDate: '2025-03-01',
        targetDate: '2025-06-30',
        createdAt: expect.any(String),
        updatedAt: expect.any(String),
        _count: zeroCounts,
      });
      expect(new Date(p.createdAt).toISOString()).toBe(p.createdAt);
    });

    it('defaults status to planned and optional fields to null', async () => {
      const ada = member(h);
      const p = await createProject(h, ada, { name: 'Engineering' });
      expect(p).toMatchObject({ status: 'planned', key: 'ENG', slug: 'engineering', description: null, icon: null, color: null, leadId: null, startDate: null, targetDate: null });
    });

    it('keeps slug and derived key unique within the team, and independent across teams', async () => {
      const ada = member(h);
      const a = await createProject(h, ada, { name: 'Engineering' });
      const b = await createProject(h, ada, { name: 'Engineering' });
      const c = await createProject(h, ada, { name: 'engineering!' });
      expect([a.key, b.key, c.key]).toEqual(['ENG', 'ENG2', 'ENG3']);
      expect([a.slug, b.slug, c.slug]).toEqual(['engineering', 'engineering-2', 'engineering-3']);
      const other = member(h);
      expect((await createProject(h, other, { name: 'Engineering' })).key).toBe('ENG');
    });

    it('gives unique keys and slugs under concurrent creates', async () => {
      const ada = member(h);
      const created = await Promise.all(Array.from({ length: 12 }, () => post(ada, { teamId: ada.teamIds[0], name: 'Platform' })));
      expect(created.map((r) => r.statusCode)).toEqual(Array(12).fill(201));
      const keys = created.map((r) => r.json().data.key);
      const slugs = created.map((r) => r.json().data.slug);
      expect(new Set(keys).size).toBe(12);
      expect(new Set(slugs).size).toBe(12);
      expect(keys).toContain('PLA');
    });

    it('takes a chosen key uppercased and refuses a taken one with 409', async () => {
      const ada = member(h);
      const p = await createProject(h, ada, { name: 'Anything', key: 'web' });
      expect(p.key).toBe('WEB');
      const again = await post(ada, { teamId: ada.teamIds[0], name: 'Other', key: 'WEB' });
      expect(again.statusCode).toBe(409);
      expect(again.json().error).toMatchObject({ code: 'CONFLICT', details: { field: 'key', rule: 'unique' } });
      // A derived key steps around a chosen one.
      expect((await createProject(h, ada, { name: 'Website' })).key).toBe('WEB2');
    });

    it('refuses a team the caller is not in with 403 FORBIDDEN', async () => {
      const ada = member(h);
      const res = await post(ada, { teamId: randomUUID(), name: 'X' });
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ error: { code: 'FORBIDDEN', message: expect.any(String) } });
    });

    it('lets an agent create in its team and records it as the creator', async () => {
      const owner = member(h);
      const agent = agentActor(owner.id, { teamIds: owner.teamIds, agentTeamId: owner.teamIds[0] });
      const res = await post(agent, { teamId: owner.teamIds[0], name: 'Bot work' });
      expect(res.statusCode).toBe(201);
      const stored = await h.ctx.db.collection('projects').findOne({ _id: res.json().data.id } as never);
      expect(stored?.createdBy).toBe(agent.id);
    });

    const teamId = randomUUID();
    it.each([
      [{}, { field: 'teamId', rule: 'required' }],
      [{ teamId }, { field: 'name', rule: 'required' }],
      [{ teamId, name: '   ' }, { field: 'name', rule: 'required' }],
      [{ teamId, name: 'x'.repeat(201) }, { field: 'name', rule: 'max_length', max: 200 }],
      [{ teamId: 'nope', name: 'x' }, { field: 'teamId', rule: 'format', format: 'uuid' }],
      [{ teamId, name: 'x', status: 'done' }, { field: 'status', value: 'done', allowed: [...ProjectStatuses] }],
      [{ teamId, name: 'x', icon: 'AB' }, { field: 'icon', rule: 'icon' }],
      [{ teamId, name: 'x', icon: '🚀🚀' }, { field: 'icon', rule: 'icon' }],
      [{ teamId, name: 'x', color: '#fff' }, { field: 'color', rule: 'color' }],
      [{ teamId, name: 'x', color: 'red' }, { field: 'color', rule: 'color' }],
      [{ teamId, name: 'x', leadId: 'bob' }, { field: 'leadId', rule: 'format', format: 'uuid' }],
      [{ teamId, name: 'x', startDate: '2025-02-30' }, { field: 'startDate', rule: 'date' }],
      [{ teamId, name: 'x', targetDate: '30/01/2025' }, { field: 'targetDate', rule: 'date' }],
      [{ teamId, name: 'x', startDate: '2025-05-02', targetDate: '2025-05-01' }, { field: 'targetDate', rule: 'not_before_start' }],
      [{ teamId, name: 'x', key: 'A' }, { field: 'key', rule: 'project_key' }],
      [{ teamId, name: 'x', key: '1AB' }, { field: 'key', rule: 'project_key' }],
      [{ teamId, name: 'x', slug: 'mine' }, { field: 'slug', rule: 'unknown_field' }],
      [{ teamId, name: 42 }, { field: 'name', rule: 'type', expected: 'string' }],
    ])('refuses %j with 422 %j', async (payload, details) => {
      const actor = member(h, [teamId]);
      const res = await post(actor, payload);
      expect(res.statusCode).toBe(422);
      expect(res.json()).toEqual({ error: { code: 'VALIDATION_ERROR', message: expect.any(String), details } });
    });

    it('accepts a target equal to the start', async () => {
      const ada = member(h);
      const p = await createProject(h, ada, { name: 'One day', startDate: '2025-05-01', targetDate: '2025-05-01' });
      expect(p.targetDate).toBe('2025-05-01');
    });

    it('requires the lead to be a member of the team', async () => {
      const ada = member(h);
      const outsider = member(h);
      const res = await post(ada, { teamId: ada.teamIds[0], name: 'Led', leadId: outsider.id });
      expect(res.statusCode).toBe(422);
      expect(res.json().error.details).toEqual({ field: 'leadId', rule: 'team_member', value: outsider.id });
    });

    it('answers malformed JSON with 400, never 5xx', async () => {
      const ada = member(h);
      const res = await injectAs(h.app, ada, { method: 'POST', url: '/api/projects', payload: '{"name":', headers: { 'content-type': 'application/json' } });
      expect(res.statusCode).toBe(400);
      expect(res.json().error.code).toBe('BAD_REQUEST');
    });
  });

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
      for (const name of ['charlie', 'Alpha', 'bravo', 'delta', 'Echo']) await createProject(h, ada, { name });
      const names = async (qs: string) => (await get(ada, `/api/projects?${qs}`)).json().data.map((p: { name: string }) => p.name);
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

  describe('PATCH /api/projects/:id', () => {
    it('updates the listed fields and answers the whole project', async () => {
      const ada = member(h);
      const lead = member(h, ada.teamIds);
      const p = await createProject(h, ada, { name: 'Before', startDate: '2025-01-01' });
      const res = await patch(ada, p.id, {
        name: 'After',
        description: 'new',
        icon: '★',
        color: '#00AA11',
        status: 'paused',
        leadId: lead.id,
        targetDate: '2025-02-01',
      });
      expect(res.statusCode).toBe(200);
      const updated = res.json().data;
      expect(updated).toEqual({
        ...p,
        name: 'After',
        description: 'new',
        icon: '★',
        color: '#00aa11',
        status: 'paused',
        leadId: lead.id,
        targetDate: '2025-02-01',
        updatedAt: expect.any(String),
      });
      expect(updated.slug).toBe(p.slug);
      expect(updated.key).toBe(p.key);
      expect(updated.updatedAt >= p.updatedAt).toBe(true);
      expect((await get(ada, `/api/projects/${p.id}`)).json().data).toEqual(updated);
    });

    it('clears optional fields with null and leaves absent ones alone', async () => {
      const ada = member(h);
      const p = await createProject(h, ada, { name: 'Clear', description: 'd', icon: '🚀', color: '#123456' });
      const res = await patch(ada, p.id, { description: null, icon: null });
      expect(res.json().data).toMatchObject({ description: null, icon: null, color: '#123456', name: 'Clear' });
    });

    it('judges dates against the stored values', async () => {
      const ada = member(h);
      const p = await createProject(h, ada, { name: 'Dated', startDate: '2025-03-01', targetDate: '2025-04-01' });
      const early = await patch(ada, p.id, { targetDate: '2025-02-01' });
      expect(early.statusCode).toBe(422);
      expect(early.json().error.details).toEqual({ field: 'targetDate', rule: 'not_before_start' });
      const late = await patch(ada, p.id, { startDate: '2025-05-01' });
      expect(late.statusCode).toBe(422);
      expect(late.json().error.details).toEqual({ field: 'startDate', rule: 'not_before_start' });
      const both = await patch(ada, p.id, { startDate: '2025-05-01', targetDate: '2025-06-01' });
      expect(both.statusCode).toBe(200);
      expect(both.json().data).toMatchObject({ startDate: '2025-05-01', targetDate: '2025-06-01' });
    });

    it.each([
      [{ name: '' }, { field: 'name', rule: 'required' }],
      [{ name: null }, { field: 'name', rule: 'type', expected: 'string' }],
      [{ status: 'archived' }, { field: 'status', value: 'archived', allowed: [...ProjectStatuses] }],
      [{ color: '#12345g' }, { field: 'color', rule: 'color' }],
      [{ icon: 'hi' }, { field: 'icon', rule: 'icon' }],
      [{ startDate: '2025-13-01' }, { field: 'startDate', rule: 'date' }],
      [{ key: 'NEW' }, { field: 'key', rule: 'unknown_field' }],
      [{ teamId: randomUUID() }, { field: 'teamId', rule: 'unknown_field' }],
    ])('refuses %j with 422', async (payload, details) => {
      const ada = member(h);
      const p = await createProject(h, ada, { name: 'Strict' });
      const res = await patch(ada, p.id, payload);
      expect(res.statusCode).toBe(422);
      expect(res.json()).toEqual({ error: { code: 'VALIDATION_ERROR', message: expect.any(String), details } });
    });

    it('refuses a lead outside the team', async () => {
      const ada = member(h);
      const p = await createProject(h, ada, { name: 'Lead' });
      const res = await patch(ada, p.id, { leadId: randomUUID() });
      expect(res.statusCode).toBe(422);
      expect(res.json().error.details).toMatchObject({ field: 'leadId', rule: 'team_member' });
    });

    it('answers 404 for an unknown id and 403 for another team’s project', async () => {
      const ada = member(h);
      const bob = member(h);
      const p = await createProject(h, ada, { name: 'Mine' });
      expect((await patch(ada, randomUUID(), { name: 'x' })).statusCode).toBe(404);
      const denied = await patch(bob, p.id, { name: 'stolen' });
      expect(denied.statusCode).toBe(403);
      expect(denied.json().error.code).toBe('FORBIDDEN');
      expect((await get(ada, `/api/projects/${p.id}`)).json().data.name).toBe('Mine');
    });

    it('answers an empty body with the unchanged project', async () => {
      const ada = member(h);
      const p = await createProject(h, ada, { name: 'Same' });
      const res = await patch(ada, p.id, {});
      expect(res.statusCode).toBe(200);
      expect(res.json().data).toEqual(p);
    });
  });

  it('refuses requests without the signed actor header', async () => {
    const res = await h.app.inject({ method: 'GET', url: '/api/projects' });
    expect(res.statusCode).toBe(401);
    expect(res.json().error.code).toBe('UNAUTHORIZED');
  });
});
