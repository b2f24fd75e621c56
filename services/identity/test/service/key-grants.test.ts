import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SCOPES, SYSTEM_ACTOR, type Actor } from '@momentum/contracts';
import { parseApiKey } from '@momentum/keys';
import { eventually, userActor } from '@momentum/testing';
import { startIdentity, type Identity } from './harness.js';

const future = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString();

describe('user keys with a name, scopes and expiry', () => {
  let id: Identity;
  let me: Actor;

  beforeAll(async () => {
    id = await startIdentity();
    const admin = userActor({ isAdmin: true });
    const made = await id.as(admin, {
      method: 'POST',
      url: '/api/users',
      payload: { name: 'Kim' },
    });
    expect(made.statusCode).toBe(201);
    me = userActor({ id: made.json().data.user.id, name: 'Kim' });
  });
  afterAll(() => id.close());

  const create = (actor: Actor, payload?: object) =>
    id.as(actor, {
      method: 'POST',
      url: '/api/users/me/api-keys',
      ...(payload ? { payload } : {}),
    });
  const record = (apiKey: string) =>
    id.as(SYSTEM_ACTOR, { method: 'GET', url: `/internal/keys/${parseApiKey(apiKey)!.keyId}` });
  const verified = (apiKey: string) =>
    id.as(SYSTEM_ACTOR, {
      method: 'POST',
      url: `/internal/keys/${parseApiKey(apiKey)!.keyId}/used`,
    });

  it('creates a key with a name, scopes and expiry, and lists them without the key', async () => {
    const expiresAt = future(30);
    const res = await create(me, { name: 'ci', scopes: ['tasks:write', 'tasks:read'], expiresAt });
    expect(res.statusCode).toBe(201);
    // Scopes come back in catalogue order, once each.
    expect(res.json()).toEqual({
      data: {
        id: expect.any(String),
        apiKey: expect.stringMatching(/^svc_u/),
        name: 'ci',
        scopes: ['tasks:read', 'tasks:write'],
        expiresAt,
      },
    });
    const { id: keyDocId, apiKey } = res.json().data;

    const listed = await id.as(me, { method: 'GET', url: '/api/users/me/api-keys' });
    expect(listed.statusCode).toBe(200);
    expect(listed.json().data).toContainEqual({
      id: keyDocId,
      keyId: parseApiKey(apiKey)!.keyId,
      name: 'ci',
      scopes: ['tasks:read', 'tasks:write'],
      expiresAt,
      createdAt: expect.any(String),
      lastUsedAt: null,
    });
    expect(listed.body).not.toContain(apiKey);
    expect(listed.body).not.toMatch(/svc_|"hash"|\$2[aby]\$/);

    // The gateway's record carries the grant on the actor; asking for it marks nothing (the
    // secret is not checked yet): only the gateway's word that it verified does.
    const rec = await record(apiKey);
    expect(rec.json().data.actor).toMatchObject({
      scopes: ['tasks:read', 'tasks:write'],
      keyExpiresAt: expiresAt,
    });
    const listedNow = (await id.as(me, { method: 'GET', url: '/api/users/me/api-keys' })).json();
    expect(listedNow.data.find((k: { id: string }) => k.id === keyDocId).lastUsedAt).toBeNull();
    expect((await verified(apiKey)).statusCode).toBe(204);
    const used = await eventually(async () => {
      const list = (await id.as(me, { method: 'GET', url: '/api/users/me/api-keys' })).json();
      return list.data.find((k: { id: string }) => k.id === keyDocId)?.lastUsedAt as string | null;
    });
    // At most once a minute: a second verification right away leaves it as it was.
    await verified(apiKey);
    await new Promise((r) => setTimeout(r, 200));
    const after = (await id.as(me, { method: 'GET', url: '/api/users/me/api-keys' })).json();
    expect(after.data.find((k: { id: string }) => k.id === keyDocId).lastUsedAt).toBe(used);
  });

  it('gives a key created without a body every scope and no expiry, as keys always had', async () => {
    const res = await create(me);
    expect(res.statusCode).toBe(201);
    expect(res.json().data).toMatchObject({ name: null, scopes: null, expiresAt: null });
    const rec = await record(res.json().data.apiKey);
    expect(rec.json().data.actor).toMatchObject({ scopes: null, keyExpiresAt: null });
  });

  it('refuses an unknown scope with 422 naming it', async () => {
    const res = await create(me, { scopes: ['tasks:read', 'root:all'] });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({
      error: {
        code: 'VALIDATION_ERROR',
        message: expect.stringContaining('"root:all"'),
        details: { field: 'scopes.1', rule: 'unknown_scope', value: 'root:all' },
      },
    });
  });

  it('refuses an expiry in the past or not a date with 422', async () => {
    const past = await create(me, { expiresAt: '2020-01-01T00:00:00Z' });
    expect(past.statusCode).toBe(422);
    expect(past.json().error.details).toEqual({ field: 'expiresAt', rule: 'future' });
    const garbage = await create(me, { expiresAt: 'next tuesday' });
    expect(garbage.statusCode).toBe(422);
    expect(garbage.json().error.details).toMatchObject({ field: 'expiresAt' });
    const empty = await create(me, { scopes: [] });
    expect(empty.statusCode).toBe(422);
    expect(empty.json().error.details).toMatchObject({ field: 'scopes', rule: 'min_items' });
  });

  it('never lets a key grant more than it holds', async () => {
    const ceiling = future(10);
    const restricted = { ...me, scopes: ['keys:write', 'tasks:read'], keyExpiresAt: ceiling };
    const wider = await create(restricted, { scopes: ['tasks:write'] });
    expect(wider.statusCode).toBe(403);
    expect(wider.json().error).toMatchObject({
      code: 'FORBIDDEN',
      details: { scopes: ['tasks:write'] },
    });
    const later = await create(restricted, { scopes: ['tasks:read'], expiresAt: future(20) });
    expect(later.statusCode).toBe(403);
    // Omitted: the caller's own scopes and expiry.
    const inherited = await create(restricted);
    expect(inherited.statusCode).toBe(201);
    expect(inherited.json().data).toMatchObject({
      scopes: ['tasks:read', 'keys:write'],
      expiresAt: ceiling,
    });
  });

  it("reports the calling key's scopes and expiry on /api/me", async () => {
    const expiresAt = future(3);
    const scoped = await id.as(
      { ...me, scopes: ['issues:read'], keyExpiresAt: expiresAt },
      { method: 'GET', url: '/api/me' },
    );
    expect(scoped.statusCode).toBe(200);
    expect(scoped.json().data).toMatchObject({ id: me.id, scopes: ['issues:read'], expiresAt });
    const full = await id.as(me, { method: 'GET', url: '/api/me' });
    expect(full.json().data).toMatchObject({ scopes: SCOPES, expiresAt: null });
  });

  it('tells a key without profile:read who it is and what it may do, nothing of the profile', async () => {
    const scoped = await id.as(
      { ...me, scopes: ['issues:read'] },
      { method: 'GET', url: '/api/me' },
    );
    expect(scoped.statusCode).toBe(200);
    expect(scoped.json().data).toEqual({
      type: 'user',
      id: me.id,
      name: 'Kim',
      isAdmin: false,
      scopes: ['issues:read'],
      expiresAt: null,
    });
    const profile = await id.as(
      { ...me, scopes: ['profile:read'] },
      { method: 'GET', url: '/api/me' },
    );
    expect(profile.json().data).toMatchObject({ id: me.id, teamIds: [] });
  });

  it('puts the key id on the actor, and tells webhooks which of a user’s keys are live', async () => {
    const live = (await create(me, { name: 'live' })).json().data;
    const gone = (await create(me, { name: 'gone' })).json().data;
    const liveId = parseApiKey(live.apiKey)!.keyId;
    const goneId = parseApiKey(gone.apiKey)!.keyId;
    expect((await record(live.apiKey)).json().data.actor.keyId).toBe(liveId);
    const revoked = await id.as(me, { method: 'DELETE', url: `/api/users/me/api-keys/${gone.id}` });
    expect(revoked.statusCode).toBe(204);
    const user = await id.as(SYSTEM_ACTOR, {
      method: 'GET',
      url: `/internal/users/${me.id}?withKeys=true`,
    });
    expect(user.statusCode).toBe(200);
    expect(user.json().data.activeKeyIds).toContain(liveId);
    expect(user.json().data.activeKeyIds).not.toContain(goneId);
    // Without asking, the lookup stays as it was (agents' owner lookups).
    const plain = await id.as(SYSTEM_ACTOR, { method: 'GET', url: `/internal/users/${me.id}` });
    expect(plain.json().data.activeKeyIds).toBeUndefined();
  });
});
