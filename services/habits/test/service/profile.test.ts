import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { SYSTEM_ACTOR } from '@momentum/contracts';
import { agentActor, injectAs, userActor } from '@momentum/testing';
import { habitBody, useHabits } from './harness.js';

describe('habits service: profile and internal routes', () => {
  const h = useHabits();

  it('starts every user at level 1 with 0 XP in UTC', async () => {
    const res = await h.as(userActor()).get('/api/profile');
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({
      userId: expect.any(String),
      xp: 0,
      level: 1,
      xpIntoLevel: 0,
      xpToNextLevel: 25,
      timezone: 'UTC',
      dayStartHour: 0,
      today: '2025-03-10',
    });
  });

  it('sets the time zone (canonical IANA name) and the day start hour', async () => {
    const actor = userActor();
    const res = await h
      .as(actor)
      .patch('/api/profile', { timezone: 'america/new_york', dayStartHour: 4 });
    expect(res.statusCode).toBe(200);
    // 12:00Z is 08:00 in New York (EDT from 2025-03-09).
    expect(res.json().data).toMatchObject({
      timezone: 'America/New_York',
      dayStartHour: 4,
      today: '2025-03-10',
    });
    h.clock.now = new Date('2025-03-10T07:30:00Z'); // 03:30 local: still Sunday's day
    expect((await h.as(actor).get('/api/profile')).json().data.today).toBe('2025-03-09');
    h.clock.now = new Date('2025-03-10T12:00:00Z');
    // An agent reads and sets its owner's profile.
    expect((await h.as(agentActor(actor.id)).get('/api/profile')).json().data).toMatchObject({
      userId: actor.id,
      timezone: 'America/New_York',
    });
  });

  it('refuses unknown zones, offsets and bad hours with 422', async () => {
    const ada = h.as(userActor());
    const cases: [unknown, Record<string, unknown>][] = [
      [
        { timezone: 'Mars/Olympus_Mons' },
        { field: 'timezone', rule: 'timezone', value: 'Mars/Olympus_Mons' },
      ],
      [{ timezone: '+02:00' }, { field: 'timezone', rule: 'timezone' }],
      [{ timezone: 42 }, { field: 'timezone', rule: 'type' }],
      [{ dayStartHour: 24 }, { field: 'dayStartHour', rule: 'max', max: 23 }],
      [{ xp: 1_000_000 }, { field: 'xp', rule: 'unknown_field' }],
      [{}, { rule: 'empty_update' }],
    ];
    for (const [payload, details] of cases) {
      const res = await ada.patch('/api/profile', payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(422);
      expect(res.json().error.details, JSON.stringify(payload)).toMatchObject(details);
    }
    expect((await ada.get('/api/profile')).json().data.timezone).toBe('UTC');
  });

  it('tells the system actor whether a task id is a task, and nobody else', async () => {
    const id = (await h.as(userActor()).post('/api/tasks', habitBody())).json().data.id;
    const owns = await injectAs(h.app, SYSTEM_ACTOR, {
      method: 'GET',
      url: `/internal/owns/${id}`,
    });
    expect(owns.statusCode).toBe(200);
    expect(owns.json()).toEqual({ data: { id } });
    expect(
      (
        await injectAs(h.app, SYSTEM_ACTOR, {
          method: 'GET',
          url: `/internal/owns/${randomUUID()}`,
        })
      ).statusCode,
    ).toBe(404);
    expect((await h.as(userActor()).get(`/internal/owns/${id}`)).statusCode).toBe(404);
  });

  it('reports progress for identity, defaults for an unknown user', async () => {
    const actor = userActor();
    const id = (await h.as(actor).post('/api/tasks', habitBody({ difficulty: 'hard' }))).json().data
      .id;
    for (let i = 0; i < 3; i++) await h.as(actor).post(`/api/tasks/${id}/complete`);
    const res = await injectAs(h.app, SYSTEM_ACTOR, {
      method: 'GET',
      url: `/internal/progress/${actor.id}`,
    });
    expect(res.json()).toEqual({
      data: { userId: actor.id, xp: 36, level: 2, xpIntoLevel: 11, xpToNextLevel: 39 },
    });
    const fresh = await injectAs(h.app, SYSTEM_ACTOR, {
      method: 'GET',
      url: `/internal/progress/${randomUUID()}`,
    });
    expect(fresh.json().data).toMatchObject({ xp: 0, level: 1 });
    expect((await h.as(actor).get(`/internal/progress/${actor.id}`)).statusCode).toBe(404);
  });
});
