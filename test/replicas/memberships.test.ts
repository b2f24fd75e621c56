import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { newUser, type TestUser } from '../support/e2e.js';
import { call, sharedReplicaStack } from './support/replica-stack.js';

/**
 * Memberships read your own writes across gateway replicas (docs/SECURITY.md): once a
 * change of memberships has answered through one gateway, the other already acts on it.
 * Both gateways first cache the callers' actors (with their old teams), so a stale cache
 * would show.
 */
const stack = sharedReplicaStack();

const [one, other] = [() => stack.gateways[0]!, () => stack.gateways[1]!];
const ROUNDS = 5;

/** Both gateways verify and cache the user's key now, with the teams it has now. */
async function warm(user: TestUser) {
  for (const gateway of stack.gateways)
    expect((await call(gateway, user.apiKey, 'GET', '/api/me')).status).toBe(200);
}

const newProject = (gateway: string, user: TestUser, teamId: string) =>
  call(gateway, user.apiKey, 'POST', '/api/projects', { teamId, name: `p ${randomUUID()}` });

describe('memberships across two gateways', () => {
  it('a team made through one gateway is usable at once through the other', async () => {
    for (let round = 0; round < ROUNDS; round++) {
      const ada = await newUser();
      await warm(ada);
      const team = await call(one(), ada.apiKey, 'POST', '/api/teams', { name: `t${round}` });
      expect(team.status).toBe(201);
      // The other gateway, and the one that carried the change (its cache as stale).
      expect((await newProject(other(), ada, team.body.data.id)).status, `round ${round}`).toBe(
        201,
      );
      expect((await newProject(one(), ada, team.body.data.id)).status, `round ${round}`).toBe(201);
    }
  });

  it('a member added through one gateway acts at once through the other, and once removed is refused at once', async () => {
    const owner = await newUser();
    const team = await call(one(), owner.apiKey, 'POST', '/api/teams', { name: 'members' });
    const teamId = team.body.data.id as string;
    for (let round = 0; round < ROUNDS; round++) {
      const bob = await newUser();
      await warm(bob);
      const added = await call(one(), owner.apiKey, 'POST', `/api/teams/${teamId}/members`, {
        userId: bob.id,
      });
      expect(added.status).toBe(201);
      expect((await newProject(other(), bob, teamId)).status, `round ${round}: added`).toBe(201);
      // Cached through both gateways with the team; then removed through one.
      await warm(bob);
      const removed = await call(
        one(),
        owner.apiKey,
        'DELETE',
        `/api/teams/${teamId}/members/${bob.id}`,
      );
      expect(removed.status).toBe(204);
      const refused = await newProject(other(), bob, teamId);
      expect(refused.status, `round ${round}: removed`).toBe(403);
      expect(refused.body).toEqual({
        error: { code: 'FORBIDDEN', message: expect.any(String) },
      });
    }
  });
});
