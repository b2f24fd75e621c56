import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EventTypes, SYSTEM_ACTOR, grantCacheKey, type Actor } from '@momentum/contracts';
import { parseApiKey } from '@momentum/keys';
import { eventually, userActor } from '@momentum/testing';
import { eventsOf, startIdentity, type Identity } from './harness.js';

const CLIENT = 'https://client.example/metadata.json';
const REDIRECT = 'https://client.example/callback';
const RESOURCE = 'http://gateway.test/mcp';
const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');
const inMinutes = (m: number) => new Date(Date.now() + m * 60_000).toISOString();

function storedToken(minutes: number) {
  return {
    id: randomUUID(),
    hash: sha256(randomBytes(32).toString('hex')),
    expiresAt: inMinutes(minutes),
    resource: RESOURCE,
  };
}

/** docs/SECURITY.md, "Nothing outlives its key": an OAuth grant ends with its consenting key. */
describe('an OAuth grant ends with the key the person consented with', () => {
  let id: Identity;
  let me: Actor;

  beforeAll(async () => {
    id = await startIdentity();
    const made = await id.as(userActor({ isAdmin: true }), {
      method: 'POST',
      url: '/api/users',
      payload: { name: 'Oona' },
    });
    expect(made.statusCode).toBe(201);
    me = userActor({ id: made.json().data.user.id, name: 'Oona' });
  });
  afterAll(() => id?.close());

  const system = (method: 'GET' | 'POST', url: string, payload?: object) =>
    id.as(SYSTEM_ACTOR, { method, url, ...(payload ? { payload } : {}) });

  async function newKey(expiresAt?: string) {
    const res = await id.as(me, {
      method: 'POST',
      url: '/api/users/me/api-keys',
      payload: expiresAt ? { expiresAt } : {},
    });
    expect(res.statusCode).toBe(201);
    const { id: docId, apiKey } = res.json().data as { id: string; apiKey: string };
    return { docId, keyId: parseApiKey(apiKey)!.keyId, expiresAt: expiresAt ?? null };
  }

  /** What the gateway's consent and token endpoints store for a grant made with `key`. */
  async function grantWith(key: { keyId: string; expiresAt: string | null }, agentId?: string) {
    const code = sha256(randomUUID());
    const challenge = randomBytes(32).toString('base64url');
    const stored = await system('POST', '/internal/oauth/codes', {
      hash: code,
      clientId: CLIENT,
      clientName: 'Client',
      clientUri: null,
      redirectUri: REDIRECT,
      challenge,
      resource: RESOURCE,
      scopes: ['tasks:read'],
      userId: me.id,
      agentId: agentId ?? null,
      keyId: key.keyId,
      keyExpiresAt: key.expiresAt,
      expiresAt: inMinutes(1),
    });
    expect(stored.statusCode).toBe(204);
    const access = storedToken(15);
    const refresh = storedToken(60);
    const redeemed = await system('POST', '/internal/oauth/codes/redeem', {
      hash: code,
      clientId: CLIENT,
      redirectUri: REDIRECT,
      challenge,
      resource: null,
      access,
      refresh,
    });
    expect(redeemed.statusCode).toBe(200);
    return { grantId: redeemed.json().data.grantId as string, access, refresh };
  }

  const accessRecord = (tokenId: string) => system('GET', `/internal/oauth/access/${tokenId}`);
  const rotate = (refresh: { id: string; hash: string }) =>
    system('POST', '/internal/oauth/refresh', {
      id: refresh.id,
      hash: refresh.hash,
      clientId: CLIENT,
      resource: null,
      access: storedToken(15),
      refresh: storedToken(60),
    });

  it('revoking the key ends its grants (the person’s and an agent’s), announced to gateways', async () => {
    const key = await newKey();
    const other = await newKey();
    const mine = await grantWith(key);
    const asAgent = await grantWith(key, randomUUID());
    const unrelated = await grantWith(other);
    expect((await accessRecord(mine.access.id)).statusCode).toBe(200);

    const revoked = await id.as(me, {
      method: 'DELETE',
      url: `/api/users/me/api-keys/${key.docId}`,
    });
    expect(revoked.statusCode).toBe(204);

    for (const grant of [mine, asAgent]) {
      expect((await accessRecord(grant.access.id)).statusCode).toBe(404);
      expect((await rotate(grant.refresh)).statusCode).toBe(404);
      await eventually(async () =>
        expect(
          eventsOf(id, EventTypes.identity.keyRevoked, { keyId: grantCacheKey(grant.grantId) }),
        ).toHaveLength(1),
      );
    }
    const listed = await id.as(me, { method: 'GET', url: '/api/users/me/authorizations' });
    const ids = (listed.json().data as Array<{ id: string }>).map((g) => g.id);
    expect(ids).toContain(unrelated.grantId);
    expect(ids).not.toContain(mine.grantId);
    // A grant made with another key goes on.
    expect((await accessRecord(unrelated.access.id)).statusCode).toBe(200);
    expect((await rotate(unrelated.refresh)).statusCode).toBe(200);
  });

  it('a code whose key was revoked before it was redeemed makes no grant', async () => {
    const key = await newKey();
    const code = sha256(randomUUID());
    const challenge = randomBytes(32).toString('base64url');
    await system('POST', '/internal/oauth/codes', {
      hash: code,
      clientId: CLIENT,
      clientName: 'Client',
      clientUri: null,
      redirectUri: REDIRECT,
      challenge,
      resource: RESOURCE,
      scopes: ['tasks:read'],
      userId: me.id,
      agentId: null,
      keyId: key.keyId,
      keyExpiresAt: null,
      expiresAt: inMinutes(1),
    });
    await id.as(me, { method: 'DELETE', url: `/api/users/me/api-keys/${key.docId}` });
    const redeemed = await system('POST', '/internal/oauth/codes/redeem', {
      hash: code,
      clientId: CLIENT,
      redirectUri: REDIRECT,
      challenge,
      resource: null,
      access: storedToken(15),
      refresh: storedToken(60),
    });
    expect(redeemed.statusCode).toBe(404);
  });

  it('a key that expires takes its grants with it: tokens end at its expiry', async () => {
    const expiresAt = new Date(Date.now() + 2_000).toISOString();
    const key = await newKey(expiresAt);
    const grant = await grantWith(key);
    const record = await accessRecord(grant.access.id);
    expect(record.statusCode).toBe(200);
    // The gateway refuses the token from the key's expiry on, on every request.
    expect(record.json().data.expiresAt).toBe(expiresAt);
    await new Promise((r) => setTimeout(r, Date.parse(expiresAt) - Date.now() + 50));
    expect((await accessRecord(grant.access.id)).statusCode).toBe(404);
    expect((await rotate(grant.refresh)).statusCode).toBe(404);
  });
});
