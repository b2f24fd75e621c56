import { describe, expect, it } from 'vitest';
import { newUser, type TestUser } from '../support/e2e.js';
import { call, sharedReplicaStack } from './support/replica-stack.js';

/**
 * A deactivated user's keys stop at once on every gateway (issue 52): the gateway that
 * carried the deactivation drops them before replying, the other on identity's
 * `identity.user.deactivated`, announced before the reply. Both gateways first cache the
 * keys, so a stale cache would show.
 */
const stack = sharedReplicaStack();

const ROUNDS = 3;

async function agentOf(owner: TestUser, gateway: string) {
  const made = await call(gateway, owner.apiKey, 'POST', '/api/agents', { name: 'bot' });
  expect(made.status).toBe(201);
  const key = await call(gateway, owner.apiKey, 'POST', `/api/agents/${made.body.data.id}/api-key`);
  expect(key.status).toBe(201);
  return key.body.data.apiKey as string;
}

describe('deactivation across two gateways', () => {
  it('a user deactivated through one gateway is refused at once through the other, with their agents', async () => {
    const [one, other] = stack.gateways as [string, string];
    for (let round = 0; round < ROUNDS; round++) {
      const user = await newUser();
      const agentKey = await agentOf(user, one);
      for (const gateway of stack.gateways)
        for (const key of [user.apiKey, agentKey])
          expect((await call(gateway, key, 'GET', '/api/me')).status).toBe(200);

      const off = await call(one, stack.adminKey, 'POST', `/api/users/${user.id}/deactivate`);
      expect(off.status).toBe(200);
      for (const gateway of [other, one])
        for (const key of [user.apiKey, agentKey])
          expect((await call(gateway, key, 'GET', '/api/me')).status, `round ${round}`).toBe(401);
    }
  });
});
