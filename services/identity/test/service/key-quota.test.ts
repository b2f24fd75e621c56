import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { userActor } from '@momentum/testing';
import { startIdentity, type Identity } from './harness.js';

describe('keys per user are limited (MAX_KEYS_PER_USER)', () => {
  let identity: Identity;
  beforeAll(async () => {
    identity = await startIdentity({ MAX_KEYS_PER_USER: '3' });
  });
  afterAll(() => identity?.close());

  it('409 QUOTA_EXCEEDED with details {limit} past it; revoking one makes room', async () => {
    const ada = userActor();
    const create = () =>
      identity.as(ada, { method: 'POST', url: '/api/users/me/api-keys', payload: {} });
    const made = [];
    for (let i = 0; i < 3; i++) {
      const res = await create();
      expect(res.statusCode).toBe(201);
      made.push(res.json().data.id as string);
    }
    const over = await create();
    expect(over.statusCode).toBe(409);
    expect(over.json()).toEqual({
      error: { code: 'QUOTA_EXCEEDED', message: expect.any(String), details: { limit: 3 } },
    });
    const revoked = await identity.as(ada, {
      method: 'DELETE',
      url: `/api/users/me/api-keys/${made[0]}`,
    });
    expect(revoked.statusCode).toBe(204);
    expect((await create()).statusCode).toBe(201);
    // Another user's keys are counted apart.
    const bob = userActor();
    expect(
      (await identity.as(bob, { method: 'POST', url: '/api/users/me/api-keys', payload: {} }))
        .statusCode,
    ).toBe(201);
  });

  it('expired keys do not count', async () => {
    const cat = userActor();
    const soon = new Date(Date.now() + 1500).toISOString();
    for (let i = 0; i < 3; i++) {
      const res = await identity.as(cat, {
        method: 'POST',
        url: '/api/users/me/api-keys',
        payload: { expiresAt: soon },
      });
      expect(res.statusCode, res.body).toBe(201);
    }
    await new Promise((r) => setTimeout(r, 1600));
    const res = await identity.as(cat, {
      method: 'POST',
      url: '/api/users/me/api-keys',
      payload: {},
    });
    expect(res.statusCode).toBe(201);
  });
});

describe('keys made per user per hour are limited (MAX_KEY_MINTS_PER_HOUR)', () => {
  let id: Identity;
  beforeAll(async () => {
    id = await startIdentity({ MAX_KEY_MINTS_PER_HOUR: '3' });
  });
  afterAll(() => id?.close());

  it('counts revoked and expired keys too: 429 with Retry-After, though few are held', async () => {
    const made = await id.as(userActor({ isAdmin: true }), {
      method: 'POST',
      url: '/api/users',
      payload: { name: 'Rotator' },
    });
    // The user's first key is the first of the hour.
    const me = userActor({ id: made.json().data.user.id });
    for (let i = 0; i < 2; i++) {
      const key = await id.as(me, { method: 'POST', url: '/api/users/me/api-keys' });
      expect(key.statusCode).toBe(201);
      const gone = await id.as(me, {
        method: 'DELETE',
        url: `/api/users/me/api-keys/${key.json().data.id}`,
      });
      expect(gone.statusCode).toBe(204);
    }
    const over = await id.as(me, { method: 'POST', url: '/api/users/me/api-keys' });
    expect(over.statusCode).toBe(429);
    expect(over.json()).toEqual({
      error: {
        code: 'RATE_LIMITED',
        message: expect.stringMatching(/at most 3 an hour/),
        details: { limit: 3 },
      },
    });
    expect(Number(over.headers['retry-after'])).toBeGreaterThan(3000);
  });
});
