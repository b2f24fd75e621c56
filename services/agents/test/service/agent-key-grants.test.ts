import { describe, expect, it } from 'vitest';
import { parseApiKey } from '@momentum/keys';
import { useHarness } from '../support/harness.js';
import { AGENT_KEY as KEY, agentApi } from '../support/agent-api.js';

const future = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString();

describe('agent keys with a name, scopes and expiry', () => {
  const h = useHarness();
  const api = agentApi(h);

  it('mints a key with a grant the record, the reply and the agent view all carry', async () => {
    const owner = h.user();
    const agent = await api.newAgent(owner);
    const expiresAt = future(7);
    const res = await api.mint(owner, agent.id, {
      name: 'triage bot',
      scopes: ['issues:write', 'issues:read', 'issues:read'],
      expiresAt,
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({
      data: {
        agentId: agent.id,
        apiKey: expect.stringMatching(KEY),
        name: 'triage bot',
        scopes: ['issues:read', 'issues:write'],
        expiresAt,
      },
    });
    const record = await api.record(parseApiKey(res.json().data.apiKey)!.keyId);
    expect(record.json().data.actor).toMatchObject({
      type: 'agent',
      id: agent.id,
      scopes: ['issues:read', 'issues:write'],
      keyExpiresAt: expiresAt,
    });
    const view = await h.as(owner, { method: 'GET', url: `/api/agents/${agent.id}` });
    expect(view.json().data.key).toEqual({
      name: 'triage bot',
      scopes: ['issues:read', 'issues:write'],
      expiresAt,
    });
    expect(view.body).not.toMatch(/svc_/);
  });

  it('rotates to the grant the rotation names, and to every scope without a body', async () => {
    const owner = h.user();
    const agent = await api.newAgent(owner);
    await api.mint(owner, agent.id, { scopes: ['tasks:read'] });
    const rotated = await api.regen(owner, agent.id, { scopes: ['projects:read'] });
    expect(rotated.statusCode).toBe(200);
    expect(rotated.json().data).toMatchObject({ scopes: ['projects:read'], expiresAt: null });
    const plain = await api.regen(owner, agent.id);
    expect(plain.json().data).toMatchObject({ name: null, scopes: null, expiresAt: null });
    const record = await api.record(parseApiKey(plain.json().data.apiKey)!.keyId);
    expect(record.json().data.actor).toMatchObject({ scopes: null, keyExpiresAt: null });
  });

  it('answers an unknown scope and a past expiry with 422 in shape B, naming them', async () => {
    const owner = h.user();
    const agent = await api.newAgent(owner);
    const unknown = await api.mint(owner, agent.id, { scopes: ['tasks:read', 'admin:all'] });
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json()).toEqual({
      statusCode: 422,
      message: expect.stringContaining('"admin:all"'),
    });
    const past = await api.regen(owner, agent.id, { expiresAt: '2001-01-01T00:00:00Z' });
    expect(past.statusCode).toBe(422);
    expect(past.json()).toEqual({
      statusCode: 422,
      message: expect.stringMatching(/expiresAt: must be in the future/),
    });
    // Malformed input stays a 400 there, as every agent path has it.
    const malformed = await api.mint(owner, agent.id, { scopes: 'tasks:read' });
    expect(malformed.statusCode).toBe(400);
    // Nothing was minted by the refusals.
    const view = await h.as(owner, { method: 'GET', url: `/api/agents/${agent.id}` });
    expect(view.json().data).toMatchObject({ hasApiKey: false, key: null });
  });

  it('never mints an agent key beyond the calling key', async () => {
    const owner = { ...h.user(), scopes: ['agents:write', 'tasks:read'] };
    const agent = await api.newAgent(owner);
    const wider = await api.mint(owner, agent.id, { scopes: ['tasks:write'] });
    expect(wider.statusCode).toBe(403);
    expect(wider.json()).toEqual({
      statusCode: 403,
      message: expect.stringContaining('tasks:write'),
    });
    const inherited = await api.mint(owner, agent.id);
    expect(inherited.statusCode).toBe(201);
    expect(inherited.json().data.scopes).toEqual(['tasks:read', 'agents:write']);
  });
});
