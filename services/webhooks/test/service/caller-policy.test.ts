import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SYSTEM_ACTOR } from '@momentum/contracts';
import { callerKeys, injectSigned, userActor } from '@momentum/testing';
import { startWebhooks, type Harness } from './harness.js';

/** docs/SECURITY.md, Internal calls: only the gateway speaks for people; routes list callers. */
describe('webhooks accepts a person only from the gateway', () => {
  // webhooks has no service callers; `issues` stands for any other process holding a key.
  const keys = callerKeys('gateway', 'issues');
  let h: Harness;
  beforeAll(async () => {
    h = await startWebhooks({ env: keys.env });
  });
  afterAll(() => h?.close());

  const forbidden = { error: { code: 'FORBIDDEN', message: expect.any(String) } };
  const list = { method: 'GET', url: '/api/webhooks' } as const;

  it('refuses a user’s subscriptions to another caller, 403 in the error shape', async () => {
    const ada = userActor();
    const forged = await injectSigned(h.app, keys.signer('issues'), ada, list);
    expect(forged.statusCode).toBe(403);
    expect(forged.json()).toEqual(forbidden);
    const system = await injectSigned(h.app, keys.signer('issues'), SYSTEM_ACTOR, list);
    expect(system.statusCode).toBe(403);
    expect((await injectSigned(h.app, keys.signer('gateway'), ada, list)).statusCode).toBe(200);
  });
});
