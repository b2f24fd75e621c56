import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SYSTEM_ACTOR } from '@momentum/contracts';
import { callerKeys, injectSigned, testConfig, userActor } from '@momentum/testing';
import { HabitsConfigSchema } from '../../src/config.js';
import { habitBody, startHabits, type Habits } from './harness.js';

/** docs/SECURITY.md, Internal calls: only the gateway speaks for people; routes list callers. */
describe('habits accepts a person only from the gateway, and each route only its callers', () => {
  const keys = callerKeys('gateway', 'identity');
  let h: Habits;
  beforeAll(async () => {
    h = await startHabits({
      config: HabitsConfigSchema.parse(testConfig(keys.env)),
      clock: { now: new Date('2025-03-10T12:00:00Z') },
    });
  });
  afterAll(() => h?.close());

  const forbidden = { error: { code: 'FORBIDDEN', message: expect.any(String) } };
  const create = { method: 'POST', url: '/api/tasks', payload: habitBody() } as const;

  it('refuses a task created for a user when identity signs it, and creates it for the gateway', async () => {
    const ada = userActor();
    const forged = await injectSigned(h.app, keys.signer('identity'), ada, create);
    expect(forged.statusCode).toBe(403);
    expect(forged.json()).toEqual(forbidden);
    expect((await injectSigned(h.app, keys.signer('gateway'), ada, create)).statusCode).toBe(201);
  });

  it('answers the progress lookup to identity alone', async () => {
    const progress = { method: 'GET', url: `/internal/progress/${userActor().id}` } as const;
    const listed = await injectSigned(h.app, keys.signer('identity'), SYSTEM_ACTOR, progress);
    expect(listed.statusCode).toBe(200);
    const other = await injectSigned(h.app, keys.signer('gateway'), SYSTEM_ACTOR, progress);
    expect(other.statusCode).toBe(403);
    expect(other.json()).toEqual(forbidden);
  });
});
