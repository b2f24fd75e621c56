import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SYSTEM_ACTOR } from '@momentum/contracts';
import { callerKeys, injectSigned } from '@momentum/testing';
import { member, startHarness, type Harness } from './harness.js';

/** docs/SECURITY.md, Internal calls: only the gateway speaks for people; routes list callers. */
describe('projects accepts a person only from the gateway, and each route only its callers', () => {
  // `internal`: the shared key operators' tools sign with (the stacks' acceptSharedSecret).
  const keys = callerKeys('gateway', 'issues', 'internal');
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness(keys.env);
  });
  afterAll(() => h?.close());

  const forbidden = { error: { code: 'FORBIDDEN', message: expect.any(String) } };

  it('refuses a project created for a member when issues signs it, and creates it for the gateway', async () => {
    const ada = member(h);
    const create = {
      method: 'POST',
      url: '/api/projects',
      payload: { teamId: ada.teamIds[0], name: 'Launch' },
    } as const;
    const forged = await injectSigned(h.app, keys.signer('issues'), ada, create);
    expect(forged.statusCode).toBe(403);
    expect(forged.json()).toEqual(forbidden);
    expect((await injectSigned(h.app, keys.signer('gateway'), ada, create)).statusCode).toBe(201);
  });

  it('answers the operators’ routes to the shared secret alone, not to a caller’s own key', async () => {
    const lookup = { method: 'GET', url: `/internal/projects/${randomUUID()}` } as const;
    for (const caller of ['gateway', 'issues']) {
      const res = await injectSigned(h.app, keys.signer(caller), SYSTEM_ACTOR, lookup);
      expect(res.statusCode, caller).toBe(403);
      expect(res.json()).toEqual(forbidden);
    }
    expect(
      (await injectSigned(h.app, keys.signer('internal'), SYSTEM_ACTOR, lookup)).statusCode,
    ).toBe(404);
  });
});
