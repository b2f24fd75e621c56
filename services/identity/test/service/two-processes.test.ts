import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EventTypes, SYSTEM_ACTOR } from '@momentum/contracts';
import { parseApiKey } from '@momentum/keys';
import { connectService } from '@momentum/runtime';
import { userActor } from '@momentum/testing';
import { buildIdentityApp } from '../../src/app.js';
import { eventsOf, startIdentity, startTwin, type Identity } from './harness.js';

const ADMIN_KEY = 'svc_utwinadmin001_abcdefghijklmnopqrstuvwxyz0123456789';

/**
 * Two processes of the identity service on one database and one stream: team keys,
 * memberships and key revocation hold with the racing requests split between them, and
 * every event goes out through the changed document's outbox before the reply.
 */
describe('identity with two processes', () => {
  let a: Identity;
  let b: Identity;
  let admin: ReturnType<typeof userActor>;
  beforeAll(async () => {
    a = await startIdentity({ ADMIN_API_KEY: ADMIN_KEY });
    b = await startTwin(a);
    const record = await a.as(SYSTEM_ACTOR, { method: 'GET', url: '/internal/keys/utwinadmin001' });
    admin = userActor({ id: record.json().data.actor.id, isAdmin: true });
  });
  afterAll(async () => {
    await b?.close();
    await a?.close();
  });

  const either = (i: number) => (i % 2 ? b : a);
  const newUser = async (name: string): Promise<{ id: string }> =>
    (await a.as(admin, { method: 'POST', url: '/api/users', payload: { name } })).json().data.user;
  const outboxOf = async (collection: string, filter: Record<string, unknown>) =>
    (await a.ctx.db.collection(collection).findOne(filter as never))?._outbox ?? [];

  it('ensures one admin when both processes start on an empty database at once', async () => {
    const first = await startIdentity();
    const config = {
      ...first.ctx.config,
      ADMIN_API_KEY: 'svc_uraceadmin001_0123456789abcdefghijklmnopqrstuv',
    };
    const contexts = await Promise.all([0, 1].map(() => connectService('identity', config)));
    try {
      const apps = await Promise.all(contexts.map((ctx) => buildIdentityApp(ctx)));
      await Promise.all(apps.map((app) => app.close()));
      expect(await first.ctx.db.collection('users').countDocuments({ bootstrap: true })).toBe(1);
      const key = await first.ctx.db.collection('user_keys').findOne({ keyId: 'uraceadmin001' });
      const admins = await first.ctx.db.collection('users').find({ bootstrap: true }).toArray();
      expect(admins.map((u) => u._id)).toEqual([key?.userId]);
    } finally {
      await Promise.all(contexts.map((ctx) => ctx.close()));
      await first.close();
    }
  });

  it('gives unique derived team keys to concurrent creates in both', async () => {
    const ada = userActor({ id: (await newUser('Ada')).id });
    const replies = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        either(i).as(ada, { method: 'POST', url: '/api/teams', payload: { name: 'Site Ops' } }),
      ),
    );
    expect(replies.map((r) => r.statusCode)).toEqual(Array(10).fill(201));
    const keys = replies.map((r) => r.json().data.key);
    expect(new Set(keys).size).toBe(10);
    expect(keys).toContain('SO');
  });

  it('lets one of concurrent creates with the same chosen key win; the others get 409', async () => {
    const ada = userActor({ id: (await newUser('Ada')).id });
    const replies = await Promise.all(
      Array.from({ length: 6 }, (_, i) =>
        either(i).as(ada, {
          method: 'POST',
          url: '/api/teams',
          payload: { name: `Chosen ${i}`, key: 'RACEKEY' },
        }),
      ),
    );
    expect(replies.map((r) => r.statusCode).sort()).toEqual([201, 409, 409, 409, 409, 409]);
    for (const refused of replies.filter((r) => r.statusCode === 409))
      expect(refused.json().error).toMatchObject({
        code: 'CONFLICT',
        details: { field: 'key', rule: 'unique' },
      });
  });

  it('keeps one membership under concurrent adds, and removes it once', async () => {
    const owner = userActor({ id: (await newUser('Owner')).id });
    const bob = await newUser('Bob');
    const team = (
      await a.as(owner, { method: 'POST', url: '/api/teams', payload: { name: 'Pairs' } })
    ).json().data;
    const adds = await Promise.all(
      Array.from({ length: 6 }, (_, i) =>
        either(i).as(owner, {
          method: 'POST',
          url: `/api/teams/${team.id}/members`,
          payload: { userId: bob.id },
        }),
      ),
    );
    expect(adds.map((r) => r.statusCode)).toEqual(Array(6).fill(201));
    expect(
      await a.ctx.db.collection('memberships').countDocuments({ teamId: team.id, userId: bob.id }),
    ).toBe(1);
    const teamsOfBob = await b.as(SYSTEM_ACTOR, {
      method: 'GET',
      url: `/internal/users/${bob.id}`,
    });
    expect(teamsOfBob.json().data.teamIds).toEqual([team.id]);

    const removals = await Promise.all(
      [a, b].map((p) =>
        p.as(owner, { method: 'DELETE', url: `/api/teams/${team.id}/members/${bob.id}` }),
      ),
    );
    expect(removals.map((r) => r.statusCode).sort()).toEqual([204, 404]);
    // Announced before the reply, by the one removal that happened.
    const removed = { teamId: team.id, userId: bob.id };
    await expect
      .poll(() => eventsOf(a, EventTypes.identity.membershipRemoved, removed))
      .toHaveLength(1);
    const after = await a.as(SYSTEM_ACTOR, { method: 'GET', url: `/internal/users/${bob.id}` });
    expect(after.json().data.teamIds).toEqual([]);

    // Adding again makes the one membership current again.
    const again = await b.as(owner, {
      method: 'POST',
      url: `/api/teams/${team.id}/members`,
      payload: { userId: bob.id },
    });
    expect(again.statusCode).toBe(201);
    const members = await a.as(userActor({ id: owner.id, teamIds: [team.id] }), {
      method: 'GET',
      url: `/api/teams/${team.id}/members`,
    });
    expect(
      members
        .json()
        .data.map((m: { id: string }) => m.id)
        .sort(),
    ).toEqual([owner.id, bob.id].sort());
    expect(await outboxOf('memberships', { teamId: team.id, userId: bob.id })).toEqual([]);
  });

  it('revokes a key once under concurrent revocations, announcing it before the reply', async () => {
    const user = await newUser('Keyed');
    const me = userActor({ id: user.id });
    const extra = (await a.as(me, { method: 'POST', url: '/api/users/me/api-keys' })).json().data;
    const keyId = parseApiKey(extra.apiKey)!.keyId;
    const replies = await Promise.all(
      [a, b].map((p) => p.as(me, { method: 'DELETE', url: `/api/users/me/api-keys/${extra.id}` })),
    );
    expect(replies.map((r) => r.statusCode).sort()).toEqual([204, 404]);
    await expect
      .poll(() => eventsOf(a, EventTypes.identity.keyRevoked, { keyId, userId: user.id }))
      .toHaveLength(1);
    expect(
      (await b.as(SYSTEM_ACTOR, { method: 'GET', url: `/internal/keys/${keyId}` })).statusCode,
    ).toBe(404);
    expect(await outboxOf('user_keys', { _id: extra.id })).toEqual([]);
  });

  it('announces a new user from its document’s outbox, and empties it', async () => {
    const user = await newUser('Announced');
    await expect
      .poll(() => eventsOf(a, EventTypes.identity.userCreated, { id: user.id }))
      .toEqual([expect.objectContaining({ data: { id: user.id, name: 'Announced' } })]);
    expect(await outboxOf('users', { _id: user.id })).toEqual([]);
  });

  it('publishes what a crash left in an outbox when a process starts', async () => {
    const user = await newUser('Swept');
    const orphan = {
      id: randomUUID(),
      type: EventTypes.identity.keyRevoked,
      occurredAt: new Date().toISOString(),
      actor: null,
      data: { keyId: 'uorphan', userId: user.id },
    };
    await a.ctx.db
      .collection('users')
      .updateOne({ _id: user.id } as never, { $push: { _outbox: orphan } } as never);
    const third = await startTwin(a);
    try {
      await expect
        .poll(() => a.events.some((e) => e.id === orphan.id), { timeout: 5000 })
        .toBe(true);
      await expect.poll(() => outboxOf('users', { _id: user.id }), { timeout: 5000 }).toEqual([]);
    } finally {
      await third.close();
    }
  });
});
