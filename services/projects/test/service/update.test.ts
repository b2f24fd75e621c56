import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { EventTypes, ProjectStatuses } from '@momentum/contracts';
import { createProject, member, recordEvents, requests, until, useProjectsApp } from './harness.js';

describe('updating projects', () => {
  const h = useProjectsApp();
  const { patch, get } = requests(() => h);

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
      const p = await createProject(h, ada, {
        name: 'Clear',
        description: 'd',
        icon: '🚀',
        color: '#123456',
      });
      const res = await patch(ada, p.id, { description: null, icon: null });
      expect(res.json().data).toMatchObject({
        description: null,
        icon: null,
        color: '#123456',
        name: 'Clear',
      });
    });

    it('judges dates against the stored values', async () => {
      const ada = member(h);
      const p = await createProject(h, ada, {
        name: 'Dated',
        startDate: '2025-03-01',
        targetDate: '2025-04-01',
      });
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
      [
        { status: 'archived' },
        { field: 'status', value: 'archived', allowed: [...ProjectStatuses] },
      ],
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
      expect(res.json()).toEqual({
        error: { code: 'VALIDATION_ERROR', message: expect.any(String), details },
      });
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

    it('keeps every one of many quick PATCHes and publishes an event for each', async () => {
      const seen = recordEvents(h, 'projects');
      const ada = member(h);
      const p = await createProject(h, ada, { name: 'Busy' });
      const changes = [
        { description: 'd' },
        { icon: '★' },
        { color: '#abcdef' },
        { status: 'started' },
        { leadId: ada.id },
        { startDate: '2025-01-01' },
        { targetDate: '2025-12-31' },
        { name: 'Busier' },
      ];
      const replies = await Promise.all(changes.map((c) => patch(ada, p.id, c)));
      expect(replies.map((r) => r.statusCode)).toEqual(changes.map(() => 200));
      const expected = {
        description: 'd',
        icon: '★',
        color: '#abcdef',
        status: 'started',
        leadId: ada.id,
        startDate: '2025-01-01',
        targetDate: '2025-12-31',
        name: 'Busier',
      };
      // The relay clears the outbox meanwhile, and it must not undo a change. Two flushes
      // that overlap may both publish an event (JetStream keeps one by its id; a plain
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
      await until(async () => {
        const doc = await h.ctx.db.collection('projects').findOne({ _id: p.id } as never);
        return doc && (doc._outbox ?? []).length === 0;
      });
      expect((await get(ada, `/api/projects/${p.id}`)).json().data).toMatchObject(expected);
    });

    it('answers an empty body with the unchanged project', async () => {
      const ada = member(h);
      const p = await createProject(h, ada, { name: 'Same' });
      const res = await patch(ada, p.id, {});
      expect(res.statusCode).toBe(200);
      expect(res.json().data).toEqual(p);
    });
  });
});
