import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { agentActor, startTestGateway, userActor, type TestGateway } from '../support/harness.js';

let gw: TestGateway;
const keys: Record<string, string> = {};

beforeAll(async () => {
  gw = await startTestGateway({
    // A write the service refuses changes nothing.
    handler: (request, reply) =>
      request.url.includes('refused') ? reply.status(404).send({ statusCode: 404 }) : undefined,
  });
  keys.owner = await gw.keyring.add(userActor('owner'));
  keys.member = await gw.keyring.add(userActor('member'));
  keys.agent = await gw.keyring.add(agentActor('agent-1', 'owner'));
});
afterAll(() => gw.close());

const as = (who: string) => ({ authorization: `Bearer ${keys[who]}` });
/** How many of these callers' keys are verified afresh (not from the cache) by one request each. */
async function reverified(...who: string[]): Promise<number> {
  const before = gw.keyring.lookups;
  for (const w of who) await gw.app.inject({ method: 'GET', url: '/api/me', headers: as(w) });
  return gw.keyring.lookups - before;
}

describe('this gateway drops the cached verdicts a write makes stale', () => {
  it('after a change to an agent: that agent’s key, nobody else’s', async () => {
    await reverified('owner', 'member', 'agent');
    for (const [method, url] of [
      ['PATCH', '/api/agents/agent-1'],
      ['DELETE', '/api/agents/agent-1'],
      ['POST', '/api/agents/agent-1/regen-key'],
      ['POST', '/api/agents/agent-1/api-key'],
    ] as const) {
      const res = await gw.app.inject({
        method,
        url,
        headers: { ...as('owner'), 'content-type': 'application/json' },
        payload: method === 'PATCH' ? '{"isActive":false}' : '',
      });
      expect(res.statusCode, url).toBeLessThan(300);
      expect(gw.seen.at(-1)).toMatchObject({ service: 'agents', method, url });
      expect(await reverified('owner', 'member', 'agent'), url).toBe(1);
    }
    expect(gw.seen.find((s) => s.method === 'PATCH')?.body).toBe('{"isActive":false}');
  });

  it('after a member leaves a team: that member’s key', async () => {
    await reverified('owner', 'member');
    const res = await gw.app.inject({
      method: 'DELETE',
      url: '/api/teams/team-1/members/member',
      headers: as('owner'),
    });
    expect(res.statusCode).toBe(200);
    expect(gw.seen.at(-1)).toMatchObject({ service: 'identity' });
    expect(await reverified('owner')).toBe(0);
    expect(await reverified('member')).toBe(1);
  });

  it('after a key is revoked: the caller’s keys', async () => {
    await reverified('owner', 'member');
    await gw.app.inject({
      method: 'DELETE',
      url: '/api/users/me/api-keys/k1',
      headers: as('member'),
    });
    expect(await reverified('owner')).toBe(0);
    expect(await reverified('member')).toBe(1);
  });

  it('not after a read or a refused write', async () => {
    await reverified('owner', 'agent');
    await gw.app.inject({ method: 'GET', url: '/api/agents/agent-1', headers: as('owner') });
    const refused = await gw.app.inject({
      method: 'PATCH',
      url: '/api/agents/refused',
      headers: { ...as('owner'), 'content-type': 'application/json' },
      payload: '{}',
    });
    expect(refused.statusCode).toBe(404);
    expect(await reverified('owner', 'agent')).toBe(0);
  });
});
