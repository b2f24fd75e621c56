import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SYSTEM_ACTOR } from '@momentum/contracts';
import { callerKeys, injectSigned, userActor } from '@momentum/testing';
import { startIdentity, type Identity } from './harness.js';

/** docs/SECURITY.md, Internal calls: only the gateway speaks for people; routes list callers. */
describe('identity accepts a person only from the gateway, and each route only its callers', () => {
  const keys = callerKeys('gateway', 'webhooks', 'agents', 'projects');
  let identity: Identity;
  beforeAll(async () => {
    identity = await startIdentity(keys.env);
  });
  afterAll(() => identity?.close());

  const forbidden = { error: { code: 'FORBIDDEN', message: expect.any(String) } };

  it('refuses a key minted for a user when webhooks signs it, and mints it for the gateway', async () => {
    const admin = userActor({ isAdmin: true });
    const made = await injectSigned(identity.app, keys.signer('gateway'), admin, {
      method: 'POST',
      url: '/api/users',
      payload: { name: 'Victim' },
    });
    expect(made.statusCode).toBe(201);
    const victim = userActor({ id: made.json().data.user.id, isAdmin: true });
    const mint = { method: 'POST', url: '/api/users/me/api-keys', payload: { name: 'k' } } as const;

    const forged = await injectSigned(identity.app, keys.signer('webhooks'), victim, mint);
    expect(forged.statusCode).toBe(403);
    expect(forged.json()).toEqual(forbidden);
    const asAdmin = await injectSigned(identity.app, keys.signer('agents'), admin, {
      method: 'POST',
      url: '/api/users',
      payload: { name: 'Other' },
    });
    expect(asAdmin.statusCode).toBe(403);
    expect(
      (await injectSigned(identity.app, keys.signer('gateway'), victim, mint)).statusCode,
    ).toBe(201);
  });

  it('answers an internal route to the callers it lists, 403 to another trusted caller', async () => {
    const url = '/internal/users/nobody';
    const listed = await injectSigned(identity.app, keys.signer('agents'), SYSTEM_ACTOR, {
      method: 'GET',
      url,
    });
    expect(listed.statusCode).toBe(404);
    const other = await injectSigned(identity.app, keys.signer('projects'), SYSTEM_ACTOR, {
      method: 'GET',
      url,
    });
    expect(other.statusCode).toBe(403);
    expect(other.json()).toEqual(forbidden);
    // Not the gateway's either: it never asks for a user's teams this way.
    const gateway = await injectSigned(identity.app, keys.signer('gateway'), SYSTEM_ACTOR, {
      method: 'GET',
      url,
    });
    expect(gateway.statusCode).toBe(403);
  });

  it('keeps the system actor off the public API unless the gateway signs it', async () => {
    const res = await injectSigned(identity.app, keys.signer('webhooks'), SYSTEM_ACTOR, {
      method: 'GET',
      url: '/api/teams',
    });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual(forbidden);
  });
});
