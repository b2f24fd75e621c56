import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { ProjectStatuses } from '@momentum/contracts';
import { agentActor, injectAs } from '@momentum/testing';
import { countsWith, createProject, member, requests, useProjectsApp } from './harness.js';

describe('creating projects', () => {
  const h = useProjectsApp();
  const { post } = requests(() => h);
  const zeroCounts = countsWith({});

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
      expect(p).toMatchObject({
        status: 'planned',
        key: 'ENG',
        slug: 'engineering',
        description: null,
        icon: null,
        color: null,
        leadId: null,
        startDate: null,
        targetDate: null,
      });
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
      const created = await Promise.all(
        Array.from({ length: 12 }, () => post(ada, { teamId: ada.teamIds[0], name: 'Platform' })),
      );
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
      expect(again.json().error).toMatchObject({
        code: 'CONFLICT',
        details: { field: 'key', rule: 'unique' },
      });
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
      const stored = await h.ctx.db
        .collection('projects')
        .findOne({ _id: res.json().data.id } as never);
      expect(stored?.createdBy).toBe(agent.id);
    });

    const teamId = randomUUID();
    it.each([
      [{}, { field: 'teamId', rule: 'required' }],
      [{ teamId }, { field: 'name', rule: 'required' }],
      [
        { teamId, name: '   ' },
        { field: 'name', rule: 'required' },
      ],
      [
        { teamId, name: 'x'.repeat(201) },
        { field: 'name', rule: 'max_length', max: 200 },
      ],
      [
        { teamId: 'nope', name: 'x' },
        { field: 'teamId', rule: 'format', format: 'uuid' },
      ],
      [
        { teamId, name: 'x', status: 'done' },
        { field: 'status', value: 'done', allowed: [...ProjectStatuses] },
      ],
      [
        { teamId, name: 'x', icon: 'AB' },
        { field: 'icon', rule: 'icon' },
      ],
      [
        { teamId, name: 'x', icon: '🚀🚀' },
        { field: 'icon', rule: 'icon' },
      ],
      [
        { teamId, name: 'x', color: '#fff' },
        { field: 'color', rule: 'color' },
      ],
      [
        { teamId, name: 'x', color: 'red' },
        { field: 'color', rule: 'color' },
      ],
      [
        { teamId, name: 'x', leadId: 'bob' },
        { field: 'leadId', rule: 'format', format: 'uuid' },
      ],
      [
        { teamId, name: 'x', startDate: '2025-02-30' },
        { field: 'startDate', rule: 'date' },
      ],
      [
        { teamId, name: 'x', targetDate: '30/01/2025' },
        { field: 'targetDate', rule: 'date' },
      ],
      [
        { teamId, name: 'x', startDate: '2025-05-02', targetDate: '2025-05-01' },
        { field: 'targetDate', rule: 'not_before_start' },
      ],
      [
        { teamId, name: 'x', key: 'A' },
        { field: 'key', rule: 'project_key' },
      ],
      [
        { teamId, name: 'x', key: '1AB' },
        { field: 'key', rule: 'project_key' },
      ],
      [
        { teamId, name: 'x', slug: 'mine' },
        { field: 'slug', rule: 'unknown_field' },
      ],
      [
        { teamId, name: 42 },
        { field: 'name', rule: 'type', expected: 'string' },
      ],
    ])('refuses %j with 422 %j', async (payload, details) => {
      const actor = member(h, [teamId]);
      const res = await post(actor, payload);
      expect(res.statusCode).toBe(422);
      expect(res.json()).toEqual({
        error: { code: 'VALIDATION_ERROR', message: expect.any(String), details },
      });
    });

    it('accepts a target equal to the start', async () => {
      const ada = member(h);
      const p = await createProject(h, ada, {
        name: 'One day',
        startDate: '2025-05-01',
        targetDate: '2025-05-01',
      });
      expect(p.targetDate).toBe('2025-05-01');
    });

    it('requires the lead to be a member of the team', async () => {
      const ada = member(h);
      const outsider = member(h);
      const res = await post(ada, { teamId: ada.teamIds[0], name: 'Led', leadId: outsider.id });
      expect(res.statusCode).toBe(422);
      expect(res.json().error.details).toEqual({
        field: 'leadId',
        rule: 'team_member',
        value: outsider.id,
      });
    });

    it('answers malformed JSON with 400, never 5xx', async () => {
      const ada = member(h);
      const res = await injectAs(h.app, ada, {
        method: 'POST',
        url: '/api/projects',
        payload: '{"name":',
        headers: { 'content-type': 'application/json' },
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().error.code).toBe('BAD_REQUEST');
    });
  });
});
