import { describe, expect, it } from 'vitest';
import { newUser, type TestUser } from '../support/e2e.js';
import { call, sharedReplicaStack } from './support/replica-stack.js';

/**
 * The last-owner rule across two gateways and two identity processes: owners leaving,
 * removing and demoting one another at once never leave a team without an owner, since the
 * guard is a conditional write on the team's owner count, not a read then a write.
 */
const stack = sharedReplicaStack();

const ROUNDS = 4;
const OWNERS = 4;
const gateway = (i: number) => stack.gateways[i % stack.gateways.length]!;

async function teamOfOwners(): Promise<{ teamId: string; owners: TestUser[] }> {
  const owners = await Promise.all(Array.from({ length: OWNERS }, () => newUser()));
  const team = await call(gateway(0), owners[0]!.apiKey, 'POST', '/api/teams', { name: 'owners' });
  const teamId = team.body.data.id as string;
  for (const o of owners.slice(1)) {
    const added = await call(
      gateway(1),
      owners[0]!.apiKey,
      'POST',
      `/api/teams/${teamId}/members`,
      {
        userId: o.id,
        role: 'owner',
      },
    );
    expect(added.status).toBe(201);
  }
  return { teamId, owners };
}

async function ownersOf(teamId: string, key: string): Promise<string[]> {
  for (const g of stack.gateways) {
    const res = await call(g, key, 'GET', `/api/teams/${teamId}/members`);
    if (res.status === 200)
      return res.body.data
        .filter((m: { role: string }) => m.role === 'owner')
        .map((m: { id: string }) => m.id);
  }
  throw new Error('no remaining member could read the team');
}

describe('the last owner across two gateways', () => {
  it('every owner leaving at once, through both gateways: one stays, the others go', async () => {
    for (let round = 0; round < ROUNDS; round++) {
      const { teamId, owners } = await teamOfOwners();
      const replies = await Promise.all(
        owners.map((o, i) =>
          call(gateway(i), o.apiKey, 'DELETE', `/api/teams/${teamId}/members/${o.id}`),
        ),
      );
      const statuses = replies.map((r) => r.status).sort();
      expect(statuses, `round ${round}`).toEqual([204, 204, 204, 409]);
      const refused = replies.find((r) => r.status === 409)!;
      expect(refused.body.error).toMatchObject({
        code: 'CONFLICT',
        details: { rule: 'last_owner' },
      });
      const stayed = owners[replies.indexOf(refused)]!;
      expect(await ownersOf(teamId, stayed.apiKey)).toEqual([stayed.id]);
    }
  });

  it('owners removing and demoting one another at once: at least one owner remains', async () => {
    for (let round = 0; round < ROUNDS; round++) {
      const { teamId, owners } = await teamOfOwners();
      // Each owner acts on the next: even ones remove it, odd ones demote it.
      const replies = await Promise.all(
        owners.map((o, i) => {
          const target = owners[(i + 1) % OWNERS]!;
          const url = `/api/teams/${teamId}/members/${target.id}`;
          return i % 2
            ? call(gateway(i), o.apiKey, 'PATCH', url, { role: 'member' })
            : call(gateway(i), o.apiKey, 'DELETE', url);
        }),
      );
      for (const r of replies) expect([200, 204, 403, 404, 409]).toContain(r.status);
      const done = replies.filter((r) => r.status === 200 || r.status === 204).length;
      expect(done, `round ${round}`).toBeLessThan(OWNERS);
      const readers = owners.filter((_, i) => replies[(i + OWNERS - 1) % OWNERS]!.status !== 204);
      const remaining = await ownersOf(teamId, readers[0]!.apiKey);
      expect(remaining.length, `round ${round}`).toBeGreaterThanOrEqual(1);
      expect(remaining.length).toBe(OWNERS - done);
    }
  });
});
