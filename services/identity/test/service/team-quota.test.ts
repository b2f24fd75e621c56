import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { userActor } from '@momentum/testing';
import { startIdentity, type Identity } from './harness.js';

describe('teams per user are limited (MAX_TEAMS_PER_USER)', () => {
  let identity: Identity;
  beforeAll(async () => {
    identity = await startIdentity({ MAX_TEAMS_PER_USER: '2' });
  });
  afterAll(() => identity?.close());

  it('409 QUOTA_EXCEEDED with details {limit} past it; each creator is counted apart', async () => {
    const ada = userActor();
    const create = (actor: ReturnType<typeof userActor>, name: string) =>
      identity.as(actor, { method: 'POST', url: '/api/teams', payload: { name } });
    expect((await create(ada, 'Quota One')).statusCode).toBe(201);
    expect((await create(ada, 'Quota Two')).statusCode).toBe(201);
    const over = await create(ada, 'Quota Three');
    expect(over.statusCode).toBe(409);
    expect(over.json()).toEqual({
      error: {
        code: 'QUOTA_EXCEEDED',
        message: 'Teams per user: the limit of 2 is reached',
        details: { limit: 2 },
      },
    });
    const bob = userActor();
    expect((await create(bob, 'Quota Four')).statusCode).toBe(201);
  });
});
