import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SYSTEM_ACTOR } from '@momentum/contracts';
import { callerKeys, injectSigned } from '@momentum/testing';
import { startHarness, type Harness } from '../support/harness.js';
import { shapeB } from '../support/expect.js';

/** docs/SECURITY.md, Internal calls: only the gateway speaks for people; routes list callers. */
describe('agents accepts a person only from the gateway, and each route only its callers', () => {
  const keys = callerKeys('gateway', 'issues');
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness(keys.env);
  });
  afterAll(() => h?.close());

  it('refuses an agent made for a user when issues signs it (403, shape B), and makes it for the gateway', async () => {
    const owner = h.user();
    const create = { method: 'POST', url: '/api/agents', payload: { name: 'bot' } } as const;
    const forged = await injectSigned(h.app, keys.signer('issues'), owner, create);
    expect(forged.statusCode).toBe(403);
    expect(forged.json()).toEqual(shapeB(403));
    expect((await injectSigned(h.app, keys.signer('gateway'), owner, create)).statusCode).toBe(201);
  });

  it('answers the agent lookup to issues and the key records to the gateway, each alone', async () => {
    const lookup = {
      method: 'POST',
      url: '/internal/agents/lookup',
      payload: { ids: [] },
    } as const;
    const record = { method: 'GET', url: '/internal/keys/nokey' } as const;
    expect(
      (await injectSigned(h.app, keys.signer('issues'), SYSTEM_ACTOR, lookup)).statusCode,
    ).toBe(200);
    const wrong = await injectSigned(h.app, keys.signer('gateway'), SYSTEM_ACTOR, lookup);
    expect(wrong.statusCode).toBe(403);
    expect(wrong.json()).toEqual(shapeB(403));
    expect(
      (await injectSigned(h.app, keys.signer('issues'), SYSTEM_ACTOR, record)).statusCode,
    ).toBe(403);
    expect(
      (await injectSigned(h.app, keys.signer('gateway'), SYSTEM_ACTOR, record)).statusCode,
    ).toBe(404);
  });
});
