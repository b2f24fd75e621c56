import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { checkSecret, parseApiKey } from '@momentum/keys';
import { SYSTEM_ACTOR } from '@momentum/contracts';
import { useHarness, waitFor } from '../support/harness.js';
import { agentApi } from '../support/agent-api.js';

describe('agent key records for the gateway', () => {
  const h = useHarness();
  const api = agentApi(h);

  it('serves the key record: the hash verifies the secret and the actor is the agent', async () => {
    const team = randomUUID();
    const owner = h.user([team, randomUUID()]);
    const agent = await api.newAgent(owner, { teamId: team });
    const apiKey = (await api.mint(owner, agent.id)).json().data.apiKey as string;
    const parsed = parseApiKey(apiKey)!;
    const res = await api.record(parsed.keyId);
    expect(res.statusCode).toBe(200);
    const data = res.json().data;
    expect(data).toEqual({
      keyId: parsed.keyId,
      hash: expect.any(String),
      actor: {
        type: 'agent',
        id: agent.id,
        userId: owner.id,
        name: agent.name,
        teamIds: [team],
        isAdmin: false,
        agentTeamId: team,
        scopes: null,
        keyExpiresAt: null,
        keyId: parsed.keyId,
      },
    });
    expect(await checkSecret(parsed.secret, data.hash)).toBe(true);
    expect(await checkSecret('wrong-secret-wrong-secret', data.hash)).toBe(false);
  });

  it("gives a teamless agent its owner's teams, and an agent whose owner left its team no team", async () => {
    const teams = [randomUUID(), randomUUID()];
    const owner = h.user(teams);
    const teamless = await api.newAgent(owner);
    const keyA = parseApiKey((await api.mint(owner, teamless.id)).json().data.apiKey)!.keyId;
    expect((await api.record(keyA)).json().data.actor).toMatchObject({
      teamIds: teams,
      agentTeamId: null,
    });

    const attached = await api.newAgent(owner, { teamId: teams[0] });
    const keyB = parseApiKey((await api.mint(owner, attached.id)).json().data.apiKey)!.keyId;
    h.owners.set({ id: owner.id, name: owner.name, isAdmin: false, teamIds: [teams[1]!] });
    expect((await api.record(keyB)).json().data.actor).toMatchObject({
      teamIds: [],
      agentTeamId: teams[0],
    });
  });

  it('refuses the key of an inactive agent (404) and serves it again after reactivation', async () => {
    const owner = h.user();
    const agent = await api.newAgent(owner);
    const keyId = parseApiKey((await api.mint(owner, agent.id)).json().data.apiKey)!.keyId;
    expect((await api.record(keyId)).statusCode).toBe(200);

    await h.as(owner, {
      method: 'PATCH',
      url: `/api/agents/${agent.id}`,
      payload: { isActive: false },
    });
    const refused = await api.record(keyId);
    expect(refused.statusCode).toBe(404);
    expect(refused.json()).toEqual({ statusCode: 404, message: expect.any(String) });
    const off = await waitFor(() =>
      api
        .eventsFor(agent.id, 'agents.agent.updated')
        .find((e) => !(e.data as { isActive: boolean }).isActive),
    );
    expect(off.data).toEqual({
      id: agent.id,
      ownerId: owner.id,
      teamId: null,
      isActive: false,
      revokedKeyId: keyId,
    });

    await h.as(owner, {
      method: 'PATCH',
      url: `/api/agents/${agent.id}`,
      payload: { isActive: true },
    });
    expect((await api.record(keyId)).statusCode).toBe(200);
    // Gateways also cached "refused" for this key; the event names it so they forget that too.
    const on = await waitFor(() =>
      api
        .eventsFor(agent.id, 'agents.agent.updated')
        .find((e) => e !== off && (e.data as { revokedKeyId?: string }).revokedKeyId === keyId),
    );
    expect(on.data).toEqual({
      id: agent.id,
      ownerId: owner.id,
      teamId: null,
      isActive: true,
      revokedKeyId: keyId,
    });
  });

  it('refuses a key whose owner identity no longer knows, and unknown key ids', async () => {
    const owner = h.user();
    const agent = await api.newAgent(owner);
    const keyId = parseApiKey((await api.mint(owner, agent.id)).json().data.apiKey)!.keyId;
    h.owners.forget(owner.id);
    expect((await api.record(keyId)).statusCode).toBe(404);
    expect((await api.record('a000000000000000000000000')).statusCode).toBe(404);
  });

  it('keeps internal routes from callers other than the system', async () => {
    const owner = h.user();
    const res = await h.as(owner, {
      method: 'GET',
      url: '/internal/keys/a000000000000000000000000',
    });
    expect(res.statusCode).toBe(404);
    const lookup = await h.as(owner, {
      method: 'POST',
      url: '/internal/agents/lookup',
      payload: { ownerIds: [owner.id] },
    });
    expect(lookup.statusCode).toBe(404);
  });

  it('marks lastUsedAt when the key is verified, at most once a minute, without touching updatedAt', async () => {
    const owner = h.user();
    const agent = await api.newAgent(owner);
    const keyId = parseApiKey((await api.mint(owner, agent.id)).json().data.apiKey)!.keyId;
    const before = (await h.as(owner, { method: 'GET', url: `/api/agents/${agent.id}` })).json()
      .data;
    expect(before.lastUsedAt).toBeNull();
    // The record is asked before the secret is checked: it marks nothing.
    await api.record(keyId);
    const asked = (await h.as(owner, { method: 'GET', url: `/api/agents/${agent.id}` })).json()
      .data;
    expect(asked.lastUsedAt).toBeNull();
    const used = () => h.as(SYSTEM_ACTOR, { method: 'POST', url: `/internal/keys/${keyId}/used` });
    expect((await used()).statusCode).toBe(204);
    const first = (await h.as(owner, { method: 'GET', url: `/api/agents/${agent.id}` })).json()
      .data;
    expect(first.lastUsedAt).toEqual(expect.any(String));
    expect(first.updatedAt).toBe(before.updatedAt);
    await used();
    const second = (await h.as(owner, { method: 'GET', url: `/api/agents/${agent.id}` })).json()
      .data;
    expect(second.lastUsedAt).toBe(first.lastUsedAt);
  });

  it('verifies only the key an agent holds now: rotation refuses the old one, deletion the last', async () => {
    const owner = h.user();
    const agent = await api.newAgent(owner);
    const other = await api.newAgent(owner);
    const keyless = await api.newAgent(owner);
    const first = parseApiKey((await api.mint(owner, agent.id)).json().data.apiKey)!;
    const others = parseApiKey((await api.mint(owner, other.id)).json().data.apiKey)!;
    expect((await api.record(first.keyId)).json().data.actor.id).toBe(agent.id);

    const second = parseApiKey((await api.regen(owner, agent.id)).json().data.apiKey)!;
    expect((await api.record(first.keyId)).statusCode).toBe(404);
    const served = await api.record(second.keyId);
    expect(served.statusCode).toBe(200);
    expect(served.json().data).toMatchObject({ keyId: second.keyId, actor: { id: agent.id } });
    expect(await checkSecret(second.secret, served.json().data.hash)).toBe(true);
    expect(await checkSecret(first.secret, served.json().data.hash)).toBe(false);
    // Each key finds its own agent, and no key id finds an agent without a key.
    expect((await api.record(others.keyId)).json().data.actor.id).toBe(other.id);
    expect(
      (await h.as(owner, { method: 'GET', url: `/api/agents/${keyless.id}` })).json().data,
    ).toMatchObject({ hasApiKey: false });
    for (const id of ['', 'null', 'a000000000000000000000000'])
      expect((await api.record(id)).statusCode).toBe(404);

    expect(
      (await h.as(owner, { method: 'DELETE', url: `/api/agents/${agent.id}` })).statusCode,
    ).toBe(204);
    expect((await api.record(second.keyId)).statusCode).toBe(404);
    expect((await api.record(first.keyId)).statusCode).toBe(404);
    expect((await api.record(others.keyId)).json().data.actor.id).toBe(other.id);
  });
});
