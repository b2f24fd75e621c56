import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkSecret, parseApiKey } from '@momentum/keys';
import { startHarness, startTwin, waitFor, type Harness } from '../support/harness.js';
import { agentApi } from '../support/agent-api.js';

/**
 * Two processes of the agents service on one database and one stream: every key rule
 * holds with the racing requests split between them.
 */
describe('agents with two processes', () => {
  let a: Harness;
  let b: Harness;
  beforeAll(async () => {
    a = await startHarness();
    b = await startTwin(a);
  });
  afterAll(async () => {
    await b?.close();
    await a?.close();
  });

  const apiA = () => agentApi(a);
  const apiB = () => agentApi(b);
  const keyIdOf = (res: { json(): { data: { apiKey: string } } }) =>
    parseApiKey(res.json().data.apiKey)!.keyId;

  it('lets exactly one of two concurrent first keys win: 201 and 409', async () => {
    const owner = a.user();
    for (let round = 0; round < 8; round++) {
      const agent = await apiA().newAgent(owner);
      const replies = await Promise.all([
        apiA().mint(owner, agent.id),
        apiB().mint(owner, agent.id),
      ]);
      expect(replies.map((r) => r.statusCode).sort()).toEqual([201, 409]);
      const loser = replies.find((r) => r.statusCode === 409)!;
      expect(loser.json()).toEqual({
        statusCode: 409,
        message: expect.stringMatching(/regen-key/),
      });
      // The winner's key is the agent's, in both processes; the loser stored nothing.
      const winner = parseApiKey(replies.find((r) => r.statusCode === 201)!.json().data.apiKey)!;
      for (const api of [apiA(), apiB()]) {
        const record = await api.record(winner.keyId);
        expect(record.statusCode).toBe(200);
        expect(record.json().data.actor.id).toBe(agent.id);
        expect(await checkSecret(winner.secret, record.json().data.hash)).toBe(true);
      }
    }
  });

  it('runs concurrent rotations one after the other: both succeed, only the last key works', async () => {
    const owner = a.user();
    for (let round = 0; round < 5; round++) {
      const agent = await apiA().newAgent(owner);
      const first = keyIdOf(await apiA().mint(owner, agent.id));
      const replies = await Promise.all([
        apiA().regen(owner, agent.id),
        apiB().regen(owner, agent.id),
      ]);
      expect(replies.map((r) => r.statusCode)).toEqual([200, 200]);
      const keys = replies.map(keyIdOf);
      const records = await Promise.all(keys.map((k) => apiA().record(k)));
      const working = keys.filter((_, i) => records[i]!.statusCode === 200);
      expect(working).toHaveLength(1);
      const replaced = keys.find((k) => k !== working[0])!;
      // The other process agrees: the last key verifies, the keys before it do not.
      expect((await apiB().record(working[0]!)).statusCode).toBe(200);
      expect((await apiB().record(replaced)).statusCode).toBe(404);
      expect((await apiB().record(first)).statusCode).toBe(404);
      // Each rotation revoked the key before it: the first key, then the one replaced.
      const rotations = await waitFor(() => {
        const seen = a.events.filter(
          (e) => e.type === 'agents.key.rotated' && (e.data as { id: string }).id === agent.id,
        );
        const revoked = new Set(seen.map((e) => (e.data as { revokedKeyId: string }).revokedKeyId));
        return revoked.size === 2 && revoked;
      });
      expect([...rotations].sort()).toEqual([first, replaced].sort());
    }
  });

  it('keeps both of two concurrent changes sent to both processes', async () => {
    const owner = a.user();
    const agent = await apiA().newAgent(owner);
    const [named, described] = await Promise.all([
      a.as(owner, {
        method: 'PATCH',
        url: `/api/agents/${agent.id}`,
        payload: { name: 'Renamed' },
      }),
      b.as(owner, {
        method: 'PATCH',
        url: `/api/agents/${agent.id}`,
        payload: { description: 'Described' },
      }),
    ]);
    expect([named.statusCode, described.statusCode]).toEqual([200, 200]);
    const stored = (await b.as(owner, { method: 'GET', url: `/api/agents/${agent.id}` })).json()
      .data;
    expect(stored).toMatchObject({ name: 'Renamed', description: 'Described' });
  });

  it('deletes once: of two concurrent deletes one is 204, the other 404, and the key is refused', async () => {
    const owner = a.user();
    const agent = await apiA().newAgent(owner);
    const keyId = keyIdOf(await apiA().mint(owner, agent.id));
    const replies = await Promise.all(
      [a, b].map((h) => h.as(owner, { method: 'DELETE', url: `/api/agents/${agent.id}` })),
    );
    expect(replies.map((r) => r.statusCode).sort()).toEqual([204, 404]);
    expect((await apiB().record(keyId)).statusCode).toBe(404);
    // Announced before the 204: already seen. Only the winner announces.
    const deleted = await waitFor(() => {
      const seen = a.events.filter(
        (e) => e.type === 'agents.agent.deleted' && (e.data as { id: string }).id === agent.id,
      );
      return seen.length > 0 && seen;
    });
    expect(new Set(deleted.map((e) => e.id)).size).toBe(1);
  });
});
