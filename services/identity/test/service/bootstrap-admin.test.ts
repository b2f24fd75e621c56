import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EventTypes, SYSTEM_ACTOR } from '@momentum/contracts';
import { checkSecret, newApiKey, parseApiKey } from '@momentum/keys';
import { userActor } from '@momentum/testing';
import { buildIdentityApp } from '../../src/app.js';
import { eventsOf, startIdentity, type Identity } from './harness.js';

/** What startup logged, as text, while `run` ran. */
async function logsOf(identity: Identity, run: () => Promise<unknown>): Promise<string> {
  const lines: string[] = [];
  const log = identity.ctx.log;
  const capture =
    (level: 'info' | 'warn') =>
    (obj: object, msg: string): void => {
      lines.push(`${level} ${msg} ${JSON.stringify(obj)}`);
    };
  const saved = { info: log.info, warn: log.warn };
  Object.assign(log, { info: capture('info'), warn: capture('warn') });
  try {
    await run();
  } finally {
    Object.assign(log, saved);
  }
  return lines.join('\n');
}

/** A restart of identity with ADMIN_API_KEY set to `raw`, on the same database. */
async function restartWith(identity: Identity, raw: string): Promise<void> {
  Object.assign(identity.ctx.config, { ADMIN_API_KEY: raw });
  const again = await buildIdentityApp(identity.ctx);
  await again.close();
}

const record = (identity: Identity, raw: string) =>
  identity.as(SYSTEM_ACTOR, { method: 'GET', url: `/internal/keys/${parseApiKey(raw)!.keyId}` });

describe('the bootstrap admin key: revocation sticks', () => {
  let identity: Identity;
  let adminId: string;
  const first = newApiKey('u').raw;
  beforeAll(async () => {
    identity = await startIdentity({ ADMIN_API_KEY: first });
    adminId = (await record(identity, first)).json().data.actor.id;
  });
  afterAll(() => identity?.close());

  const admin = () => userActor({ id: adminId, isAdmin: true });
  it('a revoked ADMIN_API_KEY stays revoked across restarts; startup says so and how to replace it', async () => {
    // The admin's keys list names them by id; the bootstrap key is the only one.
    const list = await identity.as(admin(), { method: 'GET', url: '/api/users/me/api-keys' });
    expect(list.json().data).toHaveLength(1);
    const id = list.json().data[0].id;
    expect(
      (await identity.as(admin(), { method: 'DELETE', url: `/api/users/me/api-keys/${id}` }))
        .statusCode,
    ).toBe(204);
    expect((await record(identity, first)).statusCode).toBe(404);

    const logs = await logsOf(identity, () => restartWith(identity, first));
    expect((await record(identity, first)).statusCode).toBe(404);
    expect(logs).toMatch(/revoked key; it stays revoked/);
    expect(logs).toMatch(/new key id/);
    expect(logs).not.toContain(parseApiKey(first)!.secret);
  });

  it('a new ADMIN_API_KEY (new key id) works for the same admin and revokes the previous one', async () => {
    const second = newApiKey('u').raw;
    await restartWith(identity, second);
    expect((await record(identity, second)).json().data.actor.id).toBe(adminId);

    const third = newApiKey('u').raw;
    const logs = await logsOf(identity, () => restartWith(identity, third));
    expect((await record(identity, third)).json().data.actor).toMatchObject({
      id: adminId,
      isAdmin: true,
    });
    expect((await record(identity, second)).statusCode).toBe(404);
    expect(logs).toMatch(/previous bootstrap key is revoked/);
    expect(logs).not.toContain(parseApiKey(second)!.secret);
    expect(logs).not.toContain(parseApiKey(third)!.secret);
    // Every gateway is told, so no cached verdict keeps the old key alive.
    const { keyId } = parseApiKey(second)!;
    expect(eventsOf(identity, EventTypes.identity.keyRevoked, { keyId })).toHaveLength(1);
  });

  it('a key the admin created through the API is not a bootstrap key: a change leaves it alone', async () => {
    const own = await identity.as(admin(), { method: 'POST', url: '/api/users/me/api-keys' });
    expect(own.statusCode).toBe(201);
    const raw = own.json().data.apiKey as string;
    await restartWith(identity, newApiKey('u').raw);
    expect((await record(identity, raw)).statusCode).toBe(200);
  });

  it('the same key id with a new secret: the old secret is refused and gateways are told', async () => {
    const current = newApiKey('u');
    await restartWith(identity, current.raw);
    const renewed = `svc_${current.keyId}_${newApiKey('u').secret}`;
    await restartWith(identity, renewed);
    const { hash } = (await record(identity, renewed)).json().data;
    expect(await checkSecret(parseApiKey(renewed)!.secret, hash)).toBe(true);
    expect(await checkSecret(current.secret, hash)).toBe(false);
    expect(
      eventsOf(identity, EventTypes.identity.keyRevoked, { keyId: current.keyId }),
    ).toHaveLength(1);
  });
});
