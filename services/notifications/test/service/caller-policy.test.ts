import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SYSTEM_ACTOR } from '@momentum/contracts';
import { callerKeys, injectSigned, userActor } from '@momentum/testing';
import { startNotifications, type Harness } from './harness.js';

/** docs/SECURITY.md, Internal calls: only the gateway speaks for people; routes list callers. */
describe('notifications accepts a person only from the gateway', () => {
  // notifications has no service callers; `issues` stands for any other process holding a key.
  const keys = callerKeys('gateway', 'issues');
  let h: Harness;
  beforeAll(async () => {
    h = await startNotifications(keys.env);
  });
  afterAll(() => h?.close());

  const forbidden = { error: { code: 'FORBIDDEN', message: expect.any(String) } };
  const inbox = { method: 'GET', url: '/api/notifications' } as const;

  it('refuses a person’s inbox to another caller, 403 in the error shape', async () => {
    const ada = userActor();
    const forged = await injectSigned(h.app, keys.signer('issues'), ada, inbox);
    expect(forged.statusCode).toBe(403);
    expect(forged.json()).toEqual(forbidden);
    const system = await injectSigned(h.app, keys.signer('issues'), SYSTEM_ACTOR, inbox);
    expect(system.statusCode).toBe(403);
    const fromGateway = await injectSigned(h.app, keys.signer('gateway'), ada, inbox);
    expect(fromGateway.statusCode).toBe(200);
    expect(fromGateway.json().data).toEqual([]);
  });
});
