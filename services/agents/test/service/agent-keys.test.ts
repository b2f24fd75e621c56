import { describe, expect, it } from 'vitest';
import { checkSecret, parseApiKey } from '@momentum/keys';
import { useHarness, waitFor } from '../support/harness.js';
import { AGENT_KEY as KEY, agentApi } from '../support/agent-api.js';

/** A key minted without a body: every scope, no expiry, no name. */
const unrestricted = (agentId: string) => ({
  agentId,
  apiKey: expect.stringMatching(KEY),
  name: null,
  scopes: null,
  expiresAt: null,
});

describe('agent keys: mint, rotate, store', () => {
  const h = useHarness();
  const api = agentApi(h);

  it('mints a key shown once (201), then refuses a second mint with 409', async () => {
    const owner = h.user();
    const agent = await api.newAgent(owner);
    const res = await api.mint(owner, agent.id);
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({ data: unrestricted(agent.id) });

    const again = await api.mint(owner, agent.id);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ statusCode: 409, message: expect.stringMatching(/regen-key/) });

    const view = await h.as(owner, { method: 'GET', url: `/api/agents/${agent.id}` });
    expect(view.json().data.hasApiKey).toBe(true);
    expect(JSON.stringify(view.json())).not.toMatch(/svc_|keyHash|\$2[aby]\$/);
  });

  it('rotates: the new key is served, the old key id is not found from that moment', async () => {
    const owner = h.user();
    const agent = await api.newAgent(owner);
    const oldKey = parseApiKey((await api.mint(owner, agent.id)).json().data.apiKey)!;
    const res = await api.regen(owner, agent.id);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ data: unrestricted(agent.id) });
    const newKey = parseApiKey(res.json().data.apiKey)!;
    expect(newKey.keyId).not.toBe(oldKey.keyId);

    expect((await api.record(oldKey.keyId)).statusCode).toBe(404);
    const fresh = await api.record(newKey.keyId);
    expect(fresh.statusCode).toBe(200);
    expect(await checkSecret(newKey.secret, fresh.json().data.hash)).toBe(true);
    expect(await checkSecret(oldKey.secret, fresh.json().data.hash)).toBe(false);

    const rotated = await waitFor(() => api.eventsFor(agent.id, 'agents.key.rotated')[0]);
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
    const agent = await api.newAgent(owner);
    const res = await api.regen(owner, agent.id);
    expect(res.statusCode).toBe(200);
    expect((await api.record(parseApiKey(res.json().data.apiKey)!.keyId)).statusCode).toBe(200);
  });

  it('lets only one of two concurrent mints win', async () => {
    const owner = h.user();
    const agent = await api.newAgent(owner);
    const results = await Promise.all([api.mint(owner, agent.id), api.mint(owner, agent.id)]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 409]);
    const winner = results.find((r) => r.statusCode === 201)!.json().data.apiKey;
    expect((await api.record(parseApiKey(winner)!.keyId)).statusCode).toBe(200);
  });

  it('refuses the key of a deleted agent, and announces the revoked key id', async () => {
    const owner = h.user();
    const agent = await api.newAgent(owner);
    const keyId = parseApiKey((await api.mint(owner, agent.id)).json().data.apiKey)!.keyId;
    expect(
      (await h.as(owner, { method: 'DELETE', url: `/api/agents/${agent.id}` })).statusCode,
    ).toBe(204);
    expect((await api.record(keyId)).statusCode).toBe(404);
    const deleted = await waitFor(() => api.eventsFor(agent.id, 'agents.agent.deleted')[0]);
    expect(deleted.data).toMatchObject({ id: agent.id, isActive: false, revokedKeyId: keyId });
  });

  it("answers 404 for key routes on another owner's agent, and 400 for a malformed id", async () => {
    const agent = await api.newAgent(h.user());
    const stranger = h.user();
    for (const res of [await api.mint(stranger, agent.id), await api.regen(stranger, agent.id)]) {
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ statusCode: 404, message: expect.any(String) });
    }
    const bad = await api.mint(stranger, 'not-a-uuid');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toMatch(/^id/);
  });

  it('stores no raw key or secret anywhere in the database', async () => {
    const owner = h.user();
    const agent = await api.newAgent(owner);
    const minted = (await api.mint(owner, agent.id)).json().data.apiKey as string;
    const rotated = (await api.regen(owner, agent.id)).json().data.apiKey as string;
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
    // bcrypt at the service's API_KEY_HASH_COST (the tests': 4), which the hash carries.
    const cost = String(h.ctx.config.API_KEY_HASH_COST).padStart(2, '0');
    expect(stored?.keyHash).toMatch(new RegExp(`^\\$2[aby]\\$${cost}\\$`));
    expect(await checkSecret(parseApiKey(rotated)!.secret, stored!.keyHash)).toBe(true);
  });
});
