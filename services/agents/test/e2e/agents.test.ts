import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { api, newTeam, newUser, type TestUser } from '../../../../test/support/e2e.js';

/** docs/interface.md §7 shape B: exactly `{ statusCode, message }` on /api/agents. */
const shapeB = (statusCode: number) => ({ statusCode, message: expect.any(String) });
const KEY = /^svc_[A-Za-z0-9_-]+$/;

async function newAgent(owner: TestUser, body: object = {}) {
  const res = await api(owner.apiKey, 'POST', '/api/agents', {
    name: `bot-${randomUUID().slice(0, 6)}`,
    ...body,
  });
  expect(res.status).toBe(201);
  return res.body.data as { id: string; name: string };
}

async function mintKey(owner: TestUser, agentId: string, path = 'api-key'): Promise<string> {
  const res = await api(owner.apiKey, 'POST', `/api/agents/${agentId}/${path}`);
  expect(res.status).toBe(path === 'api-key' ? 201 : 200);
  expect(res.body.data.apiKey).toMatch(KEY);
  return res.body.data.apiKey;
}

describe('agents through the gateway', () => {
  it('creates an agent whose key acts as the agent, and lists it for its owner only', async () => {
    const ada = await newUser();
    const team = await newTeam(ada);
    const created = await api(ada.apiKey, 'POST', '/api/agents', {
      name: 'Triage Bot',
      description: 'Sorts new issues',
      capabilities: ['triage', 'label'],
      teamId: team.id,
    });
    expect(created.status).toBe(201);
    const agent = created.body.data;
    expect(agent).toEqual({
      id: expect.any(String),
      name: 'Triage Bot',
      description: 'Sorts new issues',
      capabilities: ['triage', 'label'],
      teamId: team.id,
      isActive: true,
      config: {},
      ownerId: ada.id,
      hasApiKey: false,
      key: null,
      lastUsedAt: null,
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
    });

    const key = await mintKey(ada, agent.id);
    const me = await api(key, 'GET', '/api/me');
    expect(me.status).toBe(200);
    expect(me.body.data).toMatchObject({
      type: 'agent',
      id: agent.id,
      name: 'Triage Bot',
      ownerId: ada.id,
      teamId: team.id,
      teamIds: [team.id],
    });

    const listed = await api(ada.apiKey, 'GET', '/api/agents');
    expect(listed.status).toBe(200);
    expect(listed.body.data.map((a: { id: string }) => a.id)).toEqual([agent.id]);
    expect(listed.body.data[0]).toMatchObject({ hasApiKey: true, lastUsedAt: expect.any(String) });
    expect(listed.text).not.toContain(key);
    const other = await api((await newUser()).apiKey, 'GET', '/api/agents');
    expect(other.body.data).toEqual([]);
  });

  it('refuses a rotated, deactivated or deleted agent key at once (401)', async () => {
    const ada = await newUser();
    const agent = await newAgent(ada);
    const first = await mintKey(ada, agent.id);
    expect((await api(first, 'GET', '/api/me')).status).toBe(200); // now cached by the gateway

    const second = await mintKey(ada, agent.id, 'regen-key');
    expect((await api(first, 'GET', '/api/me')).status).toBe(401);
    expect((await api(second, 'GET', '/api/me')).status).toBe(200);

    const off = await api(ada.apiKey, 'PATCH', `/api/agents/${agent.id}`, { isActive: false });
    expect(off.status).toBe(200);
    expect(off.body.data.isActive).toBe(false);
    expect((await api(second, 'GET', '/api/me')).status).toBe(401);

    expect(
      (await api(ada.apiKey, 'PATCH', `/api/agents/${agent.id}`, { isActive: true })).status,
    ).toBe(200);
    expect((await api(second, 'GET', '/api/me')).status).toBe(200);

    expect((await api(ada.apiKey, 'DELETE', `/api/agents/${agent.id}`)).status).toBe(204);
    expect((await api(second, 'GET', '/api/me')).status).toBe(401);
    expect((await api(ada.apiKey, 'GET', `/api/agents/${agent.id}`)).status).toBe(404);
  });

  it('answers errors on /api/agents in shape B', async () => {
    const ada = await newUser();
    const outsiderTeam = await newTeam(await newUser());
    const agent = await newAgent(ada);

    const cases: Array<[number, Promise<{ status: number; body: unknown }>]> = [
      [401, api(null, 'GET', '/api/agents')],
      [401, api('svc_not-a-real-key', 'GET', '/api/agents')],
      [400, api(ada.apiKey, 'POST', '/api/agents', { name: '' })],
      [400, api(ada.apiKey, 'POST', '/api/agents', { name: 'x'.repeat(101) })],
      [400, api(ada.apiKey, 'POST', '/api/agents', { name: 'ok', description: 'd'.repeat(501) })],
      [403, api(ada.apiKey, 'POST', '/api/agents', { name: 'ok', teamId: outsiderTeam.id })],
      [403, api(ada.apiKey, 'PATCH', `/api/agents/${agent.id}`, { teamId: outsiderTeam.id })],
      [404, api(ada.apiKey, 'GET', `/api/agents/${randomUUID()}`)],
      [404, api((await newUser()).apiKey, 'DELETE', `/api/agents/${agent.id}`)],
    ];
    for (const [status, pending] of cases) {
      const res = await pending;
      expect(res.status).toBe(status);
      expect(res.body).toEqual(shapeB(status));
    }

    await mintKey(ada, agent.id);
    const again = await api(ada.apiKey, 'POST', `/api/agents/${agent.id}/api-key`);
    expect(again.status).toBe(409);
    expect(again.body).toEqual(shapeB(409));
  });

  it('keeps agents from managing agents with their own key (403)', async () => {
    const ada = await newUser();
    const agent = await newAgent(ada);
    const key = await mintKey(ada, agent.id);
    const res = await api(key, 'POST', '/api/agents', { name: 'child' });
    expect(res.status).toBe(403);
    expect(res.body).toEqual(shapeB(403));
  });
});
