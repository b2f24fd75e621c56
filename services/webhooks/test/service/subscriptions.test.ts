import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { agentActor, userActor, useStarted } from '@momentum/testing';
import { CATALOGUE } from '../../src/domain/catalogue.js';
import { client, startWebhooks, subscribe, type Harness } from './harness.js';

describe('webhook subscriptions: CRUD and access rules', () => {
  const h: Harness = useStarted(() => startWebhooks());
  const eng = randomUUID();
  const ada = userActor({ teamIds: [eng] });
  const bob = userActor({ teamIds: [eng] });
  const eve = userActor();
  const as = (actor: typeof ada) => client(() => h, actor);
  const url = 'http://127.0.0.1:9/hook';

  it('creates a webhook and shows its Standard Webhooks secret once', async () => {
    const res = await as(ada).post('/api/webhooks', {
      url,
      events: ['task.created', 'task.completed'],
      description: 'CI',
    });
    expect(res.statusCode).toBe(201);
    const created = res.json().data;
    expect(created).toMatchObject({
      id: expect.any(String),
      url,
      events: ['task.created', 'task.completed'],
      teamId: null,
      description: 'CI',
      active: true,
      disabledReason: null,
      createdAt: expect.any(String),
    });
    expect(created.secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);

    const read = await as(ada).get(`/api/webhooks/${created.id}`);
    expect(read.statusCode).toBe(200);
    expect(read.json().data).not.toHaveProperty('secret');
    expect(read.body).not.toContain(created.secret.slice(6));
    const list = await as(ada).get('/api/webhooks');
    expect(list.body).not.toContain(created.secret.slice(6));
    expect(list.json().data.map((w: { id: string }) => w.id)).toContain(created.id);

    // Stored sealed: the database does not hold the secret either.
    const stored = await h.ctx.db.collection('subscriptions').findOne({ _id: created.id } as never);
    expect(JSON.stringify(stored)).not.toContain(created.secret.slice(6));
  });

  it('refuses agents with 403, on every management endpoint', async () => {
    const mine = await subscribe(h, ada, { url });
    const agent = agentActor(ada.id, { teamIds: [eng] });
    const calls = [
      as(agent).post('/api/webhooks', { url, events: ['*'] }),
      as(agent).get('/api/webhooks'),
      as(agent).get(`/api/webhooks/${mine.id}`),
      as(agent).patch(`/api/webhooks/${mine.id}`, { active: false }),
      as(agent).delete(`/api/webhooks/${mine.id}`),
      as(agent).post(`/api/webhooks/${mine.id}/rotate-secret`),
      as(agent).get(`/api/webhooks/${mine.id}/deliveries`),
      as(agent).post(`/api/webhooks/${mine.id}/deliveries/${mine.id}:x/redeliver`),
    ];
    for (const res of await Promise.all(calls)) {
      expect(res.statusCode).toBe(403);
      expect(res.json().error.code).toBe('FORBIDDEN');
    }
  });

  it("answers 404 for another user's webhook, and for a team's the caller is not in", async () => {
    const personal = await subscribe(h, ada, { url });
    const team = await subscribe(h, ada, { url, teamId: eng });
    for (const id of [personal.id, team.id]) {
      for (const res of await Promise.all([
        as(eve).get(`/api/webhooks/${id}`),
        as(eve).patch(`/api/webhooks/${id}`, { active: false }),
        as(eve).delete(`/api/webhooks/${id}`),
        as(eve).post(`/api/webhooks/${id}/rotate-secret`),
        as(eve).get(`/api/webhooks/${id}/deliveries`),
      ])) {
        expect(res.statusCode).toBe(404);
        expect(res.json().error.code).toBe('NOT_FOUND');
      }
    }
    // bob shares the team: he sees and manages the team's webhook, not ada's own one.
    expect((await as(bob).get(`/api/webhooks/${team.id}`)).statusCode).toBe(200);
    expect((await as(bob).get(`/api/webhooks/${personal.id}`)).statusCode).toBe(404);
    const unknown = await as(ada).get(`/api/webhooks/${randomUUID()}`);
    expect(unknown.statusCode).toBe(404);
  });

  it('refuses a team webhook for a team the caller is not in (403)', async () => {
    const res = await as(eve).post('/api/webhooks', { url, events: ['*'], teamId: eng });
    expect(res.statusCode).toBe(403);
    expect(res.json().error.code).toBe('FORBIDDEN');
  });

  it('validates input with the details of spec §7', async () => {
    const cases: [unknown, Record<string, unknown>][] = [
      [{ events: ['*'] }, { field: 'url', rule: 'required' }],
      [{ url }, { field: 'events', rule: 'required' }],
      [
        { url, events: [] },
        { field: 'events', rule: 'min_items', min: 1 },
      ],
      [
        { url, events: ['*'], extra: 1 },
        { field: 'extra', rule: 'unknown_field' },
      ],
      [
        { url, events: ['*'], teamId: 'nope' },
        { field: 'teamId', rule: 'format' },
      ],
      [
        { url: 'not a url', events: ['*'] },
        { field: 'url', rule: 'format' },
      ],
    ];
    for (const [payload, details] of cases) {
      const res = await as(ada).post('/api/webhooks', payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(422);
      expect(res.json().error).toMatchObject({ code: 'VALIDATION_ERROR', details });
    }
  });

  it('names an unknown event type with what is allowed (422)', async () => {
    const res = await as(ada).post('/api/webhooks', {
      url,
      events: ['task.created', 'task.exploded'],
    });
    expect(res.statusCode).toBe(422);
    const { details } = res.json().error;
    expect(details).toEqual({
      field: 'events',
      value: 'task.exploded',
      allowed: expect.any(Array),
    });
    expect(details.allowed).toEqual(
      expect.arrayContaining(['task.created', 'user.leveled_up', '*']),
    );

    // Issue events concern teams: a personal webhook cannot take them.
    const personal = await as(ada).post('/api/webhooks', { url, events: ['issue.created'] });
    expect(personal.json().error.details).toMatchObject({
      field: 'events',
      value: 'issue.created',
    });
    const team = await as(ada).post('/api/webhooks', {
      url,
      events: ['issue.created'],
      teamId: eng,
    });
    expect(team.statusCode).toBe(201);
  });

  it('changes url, events and description, and pauses and resumes', async () => {
    const w = await subscribe(h, ada, { url, events: ['task.created'] });
    const path = `/api/webhooks/${w.id}`;
    const changed = await as(ada).patch(path, {
      url: 'http://127.0.0.1:10/other',
      events: ['task.updated', 'task.updated', 'user.leveled_up'],
      description: 'moved',
    });
    expect(changed.statusCode).toBe(200);
    expect(changed.json().data).toMatchObject({
      url: 'http://127.0.0.1:10/other',
      events: ['task.updated', 'user.leveled_up'],
      description: 'moved',
      active: true,
    });
    expect((await as(ada).patch(path, { active: false })).json().data.active).toBe(false);
    expect((await as(ada).patch(path, { active: true })).json().data.active).toBe(true);
    const bad = await as(ada).patch(path, { events: ['comment.created'] });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().error.details).toMatchObject({ field: 'events', value: 'comment.created' });
    expect((await as(ada).patch(path, { secret: 'x' })).json().error.details).toMatchObject({
      field: 'secret',
      rule: 'unknown_field',
    });
  });

  it('rotates the secret: a new one shown once, the old one kept for 24 h', async () => {
    const w = await subscribe(h, ada, { url });
    const res = await as(ada).post(`/api/webhooks/${w.id}/rotate-secret`);
    expect(res.statusCode).toBe(200);
    const rotated = res.json().data;
    expect(rotated.secret).toMatch(/^whsec_/);
    expect(rotated.secret).not.toBe(w.secret);
    const grace = Date.parse(rotated.previousSecretExpiresAt) - Date.now();
    expect(grace).toBeGreaterThan(23.9 * 3600_000);
    expect(grace).toBeLessThanOrEqual(24 * 3600_000);
    const read = await as(ada).get(`/api/webhooks/${w.id}`);
    expect(read.body).not.toContain(rotated.secret.slice(6));
  });

  it('lists pages of the caller’s webhooks and their teams’, and one team’s on request', async () => {
    const cat = userActor({ teamIds: [randomUUID()] });
    for (let i = 0; i < 3; i++) await subscribe(h, cat, { url, description: `own ${i}` });
    for (let i = 0; i < 2; i++)
      await subscribe(h, cat, { url, teamId: cat.teamIds[0], description: `team ${i}` });
    const all = (await as(cat).get('/api/webhooks?limit=4')).json();
    expect(all.meta).toEqual({ total: 5, page: 1, perPage: 4 });
    expect(all.data).toHaveLength(4);
    expect(all.data[0].description).toBe('team 1'); // newest first
    const second = (await as(cat).get('/api/webhooks?limit=4&page=2')).json();
    expect(second.data).toHaveLength(1);
    const team = (await as(cat).get(`/api/webhooks?teamId=${cat.teamIds[0]}`)).json();
    expect(team.meta.total).toBe(2);
    expect((await as(cat).get(`/api/webhooks?teamId=${eng}`)).statusCode).toBe(403);
  });

  it('deletes a webhook: 204, then 404', async () => {
    const w = await subscribe(h, ada, { url });
    const del = await as(ada).delete(`/api/webhooks/${w.id}`);
    expect(del.statusCode).toBe(204);
    expect(del.body).toBe('');
    expect((await as(ada).get(`/api/webhooks/${w.id}`)).statusCode).toBe(404);
    expect((await as(ada).delete(`/api/webhooks/${w.id}`)).statusCode).toBe(404);
  });

  it('lists the event catalogue, to anyone', async () => {
    const res = await as(agentActor(ada.id)).get('/api/webhooks/event-types');
    expect(res.statusCode).toBe(200);
    const types = res.json().data;
    expect(types.map((t: { type: string }) => t.type)).toEqual(CATALOGUE.map((e) => e.type));
    expect(types.find((t: { type: string }) => t.type === 'task.completed')).toMatchObject({
      scopes: ['personal', 'team'],
      payload: expect.objectContaining({ xpEarned: expect.any(String) }),
    });
  });
});
