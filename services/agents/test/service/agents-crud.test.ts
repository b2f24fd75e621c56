import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { useHarness, waitFor } from '../support/harness.js';
import { agentApi } from '../support/agent-api.js';
import { ISO, shapeB } from '../support/expect.js';

describe('agents: create, list, get', () => {
  const h = useHarness();
  const { create } = agentApi(h);

  it('refuses a request that did not come through the gateway, in shape B', async () => {
    const res = await h.app.inject({ method: 'GET', url: '/api/agents' });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual(shapeB(401));
  });

  it('creates an active, keyless agent and returns the whole record, never a key', async () => {
    const owner = h.user();
    const res = await create(owner, {
      name: '  Triage bot ',
      description: 'Sorts new issues',
      capabilities: ['triage', 'label'],
    });
    expect(res.statusCode).toBe(201);
    const agent = res.json().data;
    expect(agent).toEqual({
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      name: 'Triage bot',
      description: 'Sorts new issues',
      capabilities: ['triage', 'label'],
      teamId: null,
      isActive: true,
      config: {},
      ownerId: owner.id,
      hasApiKey: false,
      key: null,
      lastUsedAt: null,
      createdAt: expect.stringMatching(ISO),
      updatedAt: expect.stringMatching(ISO),
    });
    const created = await waitFor(() =>
      h.events.find(
        (e) => e.type === 'agents.agent.created' && (e.data as { id: string }).id === agent.id,
      ),
    );
    expect(created.data).toEqual({ id: agent.id, ownerId: owner.id, teamId: null, isActive: true });
    const stored = await h.ctx.db.collection('agents').findOne({ _id: agent.id as never });
    expect(stored?._outbox ?? []).toEqual([]);
  });

  it('defaults description and capabilities, and accepts a config on create', async () => {
    const res = await create(h.user(), { name: 'Minimal', config: { model: 'small', retries: 2 } });
    expect(res.statusCode).toBe(201);
    expect(res.json().data).toMatchObject({
      description: '',
      capabilities: [],
      config: { model: 'small', retries: 2 },
    });
  });

  it('attaches an agent to a team the caller belongs to, and refuses any other team with 403', async () => {
    const team = randomUUID();
    const owner = h.user([team]);
    const ok = await create(owner, { name: 'Team bot', teamId: team });
    expect(ok.statusCode).toBe(201);
    expect(ok.json().data.teamId).toBe(team);

    const denied = await create(owner, { name: 'Intruder', teamId: randomUUID() });
    expect(denied.statusCode).toBe(403);
    expect(denied.json()).toEqual(shapeB(403));
    expect(denied.json().message).toMatch(/team/i);
  });

  it.each([
    [{}, 'name'],
    [{ name: '' }, 'name'],
    [{ name: '   ' }, 'name'],
    [{ name: 'x'.repeat(101) }, 'name'],
    [{ name: 42 }, 'name'],
    [{ name: 'ok', description: 'd'.repeat(501) }, 'description'],
    [{ name: 'ok', capabilities: 'triage' }, 'capabilities'],
    [{ name: 'ok', capabilities: [''] }, 'capabilities.0'],
    [{ name: 'ok', teamId: 'not-a-uuid' }, 'teamId'],
    [{ name: 'ok', isActive: false }, 'isActive'],
    [{ name: 'ok', apiKey: 'svc_x' }, 'apiKey'],
    [{ name: 'ok', config: [] }, 'config'],
    [{ name: 'ok', config: 'text' }, 'config'],
    [{ name: 'ok', config: { $where: 'sleep(1)' } }, 'config'],
    [{ name: 'ok', config: { 'a.b': 1 } }, 'config'],
    [{ name: 'ok', config: { blob: 'x'.repeat(17 * 1024) } }, 'config'],
  ])('answers 400 naming the field for %j', async (payload, field) => {
    const res = await create(h.user(), payload);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual(shapeB(400));
    expect(res.json().message.startsWith(`${field}`)).toBe(true);
  });

  it('answers 400 for malformed JSON and for a missing body', async () => {
    const bad = await h.as(h.user(), {
      method: 'POST',
      url: '/api/agents',
      payload: '{"name":',
      headers: { 'content-type': 'application/json' },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual(shapeB(400));
    const none = await h.as(h.user(), { method: 'POST', url: '/api/agents' });
    expect(none.statusCode).toBe(400);
    expect(none.json().message).toMatch(/^body/);
  });

  it('refuses config nested past its bound with 400, naming the path', async () => {
    let deep: Record<string, unknown> = { leaf: true };
    for (let i = 0; i < 20; i++) deep = { n: deep };
    const res = await create(h.user(), { name: 'Deep', config: deep });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/^config\.n/);
    expect(res.json().message).toMatch(/nest/);
  });

  it('refuses a hostile, very deep body with 400 and no server error', async () => {
    let deep: Record<string, unknown> = { leaf: true };
    for (let i = 0; i < 2000; i++) deep = { n: deep };
    const res = await create(h.user(), { name: 'Deep', config: deep });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual(shapeB(400));
  });

  it('lists only the agents the caller owns, newest first, paged', async () => {
    const owner = h.user();
    const other = h.user();
    for (const name of ['A1', 'A2', 'A3'])
      expect((await create(owner, { name })).statusCode).toBe(201);
    await create(other, { name: 'Not yours' });

    const all = await h.as(owner, { method: 'GET', url: '/api/agents' });
    expect(all.statusCode).toBe(200);
    expect(all.json().data.map((a: { name: string }) => a.name)).toEqual(['A3', 'A2', 'A1']);
    expect(all.json().data.every((a: { ownerId: string }) => a.ownerId === owner.id)).toBe(true);
    expect(all.json().meta).toEqual({ total: 3, page: 1, perPage: 20 });

    const page2 = await h.as(owner, { method: 'GET', url: '/api/agents?limit=2&page=2' });
    expect(page2.json().data.map((a: { name: string }) => a.name)).toEqual(['A1']);

    const bad = await h.as(owner, { method: 'GET', url: '/api/agents?limit=1000' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toMatch(/^limit/);
  });

  it("gets one agent; another owner's agent and a malformed id are 404 and 400", async () => {
    const owner = h.user();
    const id = (await create(owner, { name: 'Mine' })).json().data.id;
    const mine = await h.as(owner, { method: 'GET', url: `/api/agents/${id}` });
    expect(mine.statusCode).toBe(200);
    expect(mine.json().data.id).toBe(id);

    const theirs = await h.as(h.user(), { method: 'GET', url: `/api/agents/${id}` });
    expect(theirs.statusCode).toBe(404);
    expect(theirs.json()).toEqual(shapeB(404));

    const malformed = await h.as(owner, { method: 'GET', url: '/api/agents/nope' });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().message).toMatch(/^id/);
  });

  it('answers unknown routes under /api/agents in shape B', async () => {
    const res = await h.as(h.user(), { method: 'GET', url: '/api/agents/x/y/z' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual(shapeB(404));
  });

  it('documents its public routes in /openapi.json', async () => {
    const res = await h.app.inject({ method: 'GET', url: '/openapi.json' });
    const paths = res.json().paths;
    expect(Object.keys(paths)).toEqual(
      expect.arrayContaining([
        '/api/agents',
        '/api/agents/{id}',
        '/api/agents/{id}/api-key',
        '/api/agents/{id}/regen-key',
      ]),
    );
    expect(Object.keys(paths).some((p) => p.startsWith('/internal'))).toBe(false);
  });
});
