import { beforeAll, describe, expect, it } from 'vitest';
import { adminKey, api, eventually, newUser } from '../../support/e2e.js';
import { seedEverywhere, stackDatabases } from '../../support/personal-data.js';
import type { PrivateStack } from '../support/private-stack.js';

let stack: PrivateStack;

/**
 * A person deleted while a service is down is never half-deleted: the deletion stays pending,
 * naming the service, until it is back and has erased its part (from its durable consumer,
 * or identity's re-published request); then the account goes (docs/SECURITY.md, Data
 * protection).
 */
export function erasureDuringOutage(shared: () => PrivateStack): void {
  describe('a deletion while habits is down', () => {
    beforeAll(() => {
      stack = shared();
    });
    it('waits for habits, then completes with nothing of the person left', async () => {
      const [ada, bob] = await Promise.all([newUser('Ada Outage'), newUser('Bob Outage')]);
      await seedEverywhere(ada, bob);
      expect(await stack.signal('habits', 'SIGKILL')).toEqual({ code: null, signal: 'SIGKILL' });

      const res = await api(ada.apiKey, 'DELETE', '/api/users/me');
      expect(res.status).toBe(202);
      const status = async () =>
        (await api(adminKey(), 'GET', `/api/users/${ada.id}/deletion`)).body.data;
      // Every other service confirms; habits cannot: the account stays, refused.
      await eventually(async () => (await status()).pending.join() === 'habits', 20_000);
      await new Promise((r) => setTimeout(r, 1000));
      expect(await status()).toMatchObject({ status: 'pending', pending: ['habits'] });
      expect((await api(ada.apiKey, 'GET', '/api/me')).status).toBe(401);

      await stack.restart('habits');
      await eventually(async () => (await status()).status === 'completed', 60_000);
      const dbs = await stackDatabases(stack.mongo.url, stack.dbPrefix);
      try {
        expect(await dbs.naming(ada.id, ['identity.user_deletions'])).toEqual([]);
      } finally {
        await dbs.close();
      }
    }, 120_000);
  });
}
