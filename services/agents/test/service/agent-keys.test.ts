import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SYSTEM_ACTOR, type Actor } from '@momentum/contracts';
import { checkSecret, parseApiKey } from '@momentum/service-kit';
import { startHarness, waitFor, type Harness } from '../support/harness.js';

const KEY = /^svc_a[0-9a-f]{24}_[A-Za-z0-9_-]{43}$/;

describe('agent keys', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness();
  });
  afterAll(async () => h.close());

  const newAgent = async (owner: Actor, payload: object = {}) => {
    const res = await h.as(owner, {
      method: 'POST',
      url: '/api/agents',
      payload: { name: `bot-${randomUUID().slice(0, 6)}`, ...payload },
    });
    expect(res.statusCode).toBe(201);
    return res.json().data as { id: string; name: string };
  };
  const mint = (owner: Actor, id: string) =>
    h.as(owner, { method: 'POST', url: `/api/agents/${id}/api-key` });
  const regen = (owner: Actor, id: string) =>
    h.as(owner, { method: 'POST', url: `/api/agents/${id}/regen-key` });
  const record = (keyId: string) =>
    h.as(SYSTEM_ACTOR, { method: 'GET', url: `/internal/keys/${keyId}` });
  const eventsFor = (id: string, type: string) =>
    h.events.filter((e) => e.type === type && (e.data as { id: string }).id === id);

  it('mints a key shown once (201), then refuses a second mint with 409', async () => {
    const owner = h.user();
    const agent = await newAgent(owner);
    const res = await mint(owner, agent.id);
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({ data: { agentId: agent.id, apiKey: expect.stringMatching(KEY) } });

    const again = await mint(owner, agent.id);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ statusCode: 409, message: expect.stringMatching(/regen-key/) });

    const view = await h.as(owner, { method: 'GET', url: `/api/agents/${agent.id}` });
    expect(view.json().data.hasApiKey).toBe(true);
    expect(JSON.stringify(view.json())).not.toMatch(/svc_|keyHash|\$2[aby]\$/);
  });

  it('serves the key record: the hash verifies the secret and the actor is the agent', async () => {
    const team = randomUUID();
    const owner = h.user([team, randomUUID()]);
    const agent = await newAgent(owner, { teamId: team });
    const apiKey = (await mint(owner, agent.id)).json().data.apiKey as string;
    const parsed = parseApiKey(apiKey)!;
    const res = await record(parsed.keyId);
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
      },
    });
    expect(await checkSecret(parsed.secret, data.hash)).toBe(true);
    expect(await checkSecret('wrong-secret-wrong-secret', data.hash)).toBe(false);
  });

  it("gives a teamless agent its owner's teams, and an agent whose owner left its team no team", async () => {
    const teams = [randomUUID(), randomUUID()];
    const owner = h.user(teams);
    const teamless = await newAgent(owner);
    const keyA = parseApiKey((await mint(owner, teamless.id)).json().data.apiKey)!.keyId;
    expect((await record(keyA)).json().data.actor).toMatchObject({
      teamIds: teams,
      agentTeamId: null,
    });

    const attached = await newAgent(owner, { teamId: teams[0] });
    const keyB = parseApiKey((await mint(owner, attached.id)).json().data.apiKey)!.keyId;
    h.owners.set({ id: owner.id, name: owner.name, isAdmin: false, teamIds: [teams[1]!] });
    expect((await record(keyB)).json().data.actor).toMatchObject({
      teamIds: [],
      agentTeamId: teams[0],
    });
  });

  it('refuses the key of an inactive agent (404) and serves it again after reactivation', async () => {
    const owner = h.user();
    const agent = await newAgent(owner);
    const keyId = parseApiKey((await mint(owner, agent.id)).json().data.apiKey)!.keyId;
    expect((await record(keyId)).statusCode).toBe(200);

    await h.as(owner, {
      method: 'PATCH',
      url: `/api/agents/${agent.id}`,
      payload: { isActive: false },
    });
    const refused = await record(keyId);
    expect(refused.statusCode).toBe(404);
    expect(refused.json()).toEqual({ statusCode: 404, message: expect.any(String) });
    const off = await waitFor(() =>
      eventsFor(agent.id, 'agents.agent.updated').find(
        (e) => !(e.data as { isActive: boolean }).isActive,
      ),
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
    expect((await record(keyId)).statusCode).toBe(200);
    // Gateways also cached "refused" for this key; the event names it so they forget that too.
    const on = await waitFor(() =>
      eventsFor(agent.id, 'agents.agent.updated').find(
        (e) => e !== off && (e.data as { revokedKeyId?: string }).revokedKeyId === keyId,
      ),
    );
    expect(on.data).toEqual({
      id: agent.id,
      ownerId: owner.id,
      teamId: null,
      isActive: true,
      revokedKeyId: keyId,
    });
  });

  it('rotates: the new key is served, the old key id is not found from that moment', async () => {
    const owner = h.user();
    const agent = await newAgent(owner);
    const oldKey = parseApiKey((await mint(owner, agent.id)).json().data.apiKey)!;
    const res = await regen(owner, agent.id);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ data: { agentId: agent.id, apiKey: expect.stringMatching(KEY) } });
    const newKey = parseApiKey(res.json().data.apiKey)!;
    expect(newKey.keyId).not.toBe(oldKey.keyId);

    expect((await record(oldKey.keyId)).statusCode).toBe(404);
    const fresh = await record(newKey.keyId);
    expect(fresh.statusCode).toBe(200);
    expect(await checkSecret(newKey.secret, fresh.json().data.hash)).toBe(true);
    expect(await checkSecret(oldKey.secret, fresh.json().data.hash)).toBe(false);

    const rotated = await waitFor(() => eventsFor(agent.id, 'agents.key.rotated')[0]);
    expect(rotated.data).toEqual({
      id: agent.id,
      ownerId: owner.id,
      teamId: null,
      isActive: true,
      revokedKeyId: oldKey.keyId,
    });
  });

  it('gives a keyless agent its first key on regen-key', async () => {
    const owner = h.user();
    const agent = await newAgent(owner);
    const res = await regen(owner, agent.id);
    expect(res.statusCode).toBe(200);
    expect((await record(parseApiKey(res.json().data.apiKey)!.keyId)).statusCode).toBe(200);
  });

  it('lets only one of two concurrent mints win', async () => {
    const owner = h.user();
    const agent = await newAgent(owner);
    const results = await Promise.all([mint(owner, agent.id), mint(owner, agent.id)]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 409]);
    const winner = results.find((r) => r.statusCode === 201)!.json().data.apiKey;
    expect((await record(parseApiKey(winner)!.keyId)).statusCode).toBe(200);
  });

  it('refuses the key of a deleted agent, and announces the revoked key id', async () => {
    const owner = h.user();
    const agent = await newAgent(owner);
    const keyId = parseApiKey((await mint(owner, agent.id)).json().data.apiKey)!.keyId;
    expect(
      (await h.as(owner, { method: 'DELETE', url: `/api/agents/${agent.id}` })).statusCode,
    ).toBe(204);
    expect((await record(keyId)).statusCode).toBe(404);
    const deleted = await waitFor(() => eventsFor(agent.id, 'agents.agent.deleted')[0]);
    expect(deleted.data).toMatchObject({ id: agent.id, isActive: false, revokedKeyId: keyId });
  });

  it('refuses a key whose owner identity no longer knows, and unknown key ids', async () => {
    const owner = h.user();
    const agent = await newAgent(owner);
    const keyId = parseApiKey((await mint(owner, agent.id)).json().data.apiKey)!.keyId;
    h.owners.forget(owner.id);
    expect((await record(keyId)).statusCode).toBe(404);
    expect((await record('a000000000000000000000000')).statusCode).toBe(404);
  });

  it("answers 404 for key routes on another owner's agent, and 400 for a malformed id", async () => {
    const agent = await newAgent(h.user());
    const stranger = h.user();
    for (const res of [await mint(stranger, agent.id), await regen(stranger, agent.id)]) {
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ statusCode: 404, message: expect.any(String) });
    }
    const bad = await mint(stranger, 'not-a-uuid');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toMatch(/^id/);
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
    const agent = await newAgent(owner);
    const keyId = parseApiKey((await mint(owner, agent.id)).json().data.apiKey)!.keyId;
    const before = (await h.as(owner, { method: 'GET', url: `/api/agents/${agent.id}` })).json()
      .data;
    expect(before.lastUsedAt).toBeNull();
    await record(keyId);
    const first = (await h.as(owner, { method: 'GET', url: `/api/agents/${agent.id}` })).json()
      .data;
    expect(first.lastUsedAt).toEqual(expect.any(String));
    expect(first.updatedAt).toBe(before.updatedAt);
    await record(keyId);
    const second = (await h.as(owner, { method: 'GET', url: `/api/agents/${agent.id}` })).json()
      .data;
    expect(second.lastUsedAt).toBe(first.lastUsedAt);
  });

  it('finds keys through one pointer per live key: rotation and deletion drop the old ones', async () => {
    const owner = h.user();
    const agent = await newAgent(owner);
    const pointers = () => h.ctx.db.collection('agent_keys').find({ agentId: agent.id }).toArray();
    const first = parseApiKey((await mint(owner, agent.id)).json().data.apiKey)!.keyId;
    expect(await pointers()).toEqual([expect.objectContaining({ _id: first, agentId: agent.id })]);
    const second = parseApiKey((await regen(owner, agent.id)).json().data.apiKey)!.keyId;
    expect(await pointers()).toEqual([expect.objectContaining({ _id: second, agentId: agent.id })]);

    // A stale pointer (left by a crash mid-rotation) is ignored: the agent's own key decides.
    await h.ctx.db.collection('agent_keys').insertOne({ _id: first as never, agentId: agent.id });
    expect((await record(first)).statusCode).toBe(404);
    expect((await record(second)).statusCode).toBe(200);

    expect(
      (await h.as(owner, { method: 'DELETE', url: `/api/agents/${agent.id}` })).statusCode,
    ).toBe(204);
    expect((await record(second)).statusCode).toBe(404);
    expect((await pointers()).map((p) => p._id)).not.toContain(second);
  });

  it('stores no raw key or secret anywhere in the database', async () => {
    const owner = h.user();
    const agent = await newAgent(owner);
    const minted = (await mint(owner, agent.id)).json().data.apiKey as string;
    const rotated = (await regen(owner, agent.id)).json().data.apiKey as string;
    const secrets = [minted, rotated, parseApiKey(minted)!.secret, parseApiKey(rotated)!.secret];
    const collections = await h.ctx.db.db!.listCollections().toArray();
    let scanned = 0;
    for (const { name } of collections) {
      const docs = await h.ctx.db.collection(name).find({}).toArray();
      const text = JSON.stringify(docs);
      scanned += docs.length;
      for (const secret of secrets)
        expect(text.includes(secret), `${name} holds a raw secret`).toBe(false);
    }
    expect(scanned).toBeGreaterThan(0);
    const stored = await h.ctx.db.collection('agents').findOne({ _id: agent.id as never });
    expect(stored?.keyHash).toMatch(/^\$2[aby]\$10\$/);
    expect(await checkSecret(parseApiKey(rotated)!.secret, stored!.keyHash)).toBe(true);
  });
});
