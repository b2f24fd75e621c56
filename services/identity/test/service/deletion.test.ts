import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DELETED_USER_ID,
  ERASING_SERVICES,
  EventTypes,
  SYSTEM_ACTOR,
  erasedTypeOf,
  type ErasingService,
} from '@momentum/contracts';
import { makeEvent } from '@momentum/messaging';
import { agentActor, eventually, injectAs, userActor } from '@momentum/testing';
import { eventsOf, startIdentity, type Identity } from './harness.js';

const ADMIN_KEY = 'svc_udeladmin001_abcdefghijklmnopqrstuvwxyz0123456789';

/** docs/SECURITY.md, Data protection: deleting a person, from identity's side. */
describe('identity: account deletion', () => {
  let id: Identity;
  let adminId: string;
  beforeAll(async () => {
    id = await startIdentity({ ADMIN_API_KEY: ADMIN_KEY, DELETION_RETRY_MS: '300' });
    const rec = await injectAs(id.app, SYSTEM_ACTOR, {
      method: 'GET',
      url: '/internal/keys/udeladmin001',
    });
    adminId = rec.json().data.actor.id;
  });
  afterAll(() => id?.close());

  const admin = () => userActor({ id: adminId, isAdmin: true, name: 'Admin' });
  const db = () => id.ctx.db.db!;
  const confirm = (service: ErasingService, deletionId: string, userId: string) =>
    id.ctx.bus.publish(makeEvent(erasedTypeOf(service), { deletionId, userId, service }));
  const status = (userId: string) =>
    injectAs(id.app, admin(), { method: 'GET', url: `/api/users/${userId}/deletion` });

  async function newUser(name: string) {
    const res = await injectAs(id.app, admin(), {
      method: 'POST',
      url: '/api/users',
      payload: { name, email: `${name.toLowerCase()}-${Date.now()}@example.com` },
    });
    const user = res.json().data.user as { id: string };
    await injectAs(id.app, userActor({ id: user.id }), {
      method: 'POST',
      url: '/api/users/me/api-keys',
      payload: { name: 'laptop' },
    });
    return user.id;
  }

  it('exports the account, teams and keys’ metadata without any hash', async () => {
    const ada = await newUser('Ada');
    const team = await injectAs(id.app, userActor({ id: ada }), {
      method: 'POST',
      url: '/api/teams',
      payload: { name: 'Export Crew' },
    });
    const res = await injectAs(id.app, userActor({ id: ada }), {
      method: 'GET',
      url: '/api/users/me/export',
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('application/json');
    const doc = res.json().data;
    expect(doc.user).toMatchObject({ id: ada, name: 'Ada', isAdmin: false });
    expect(doc.teams).toEqual([
      expect.objectContaining({ id: team.json().data.id, name: 'Export Crew', createdByYou: true }),
    ]);
    expect(doc.apiKeys).toHaveLength(2);
    expect(doc.apiKeys[1]).toMatchObject({ name: 'laptop', revokedAt: null });
    expect(res.body).not.toMatch(/"hash"|\$2[aby]\$/);
    const agent = await injectAs(id.app, agentActor(ada), {
      method: 'GET',
      url: '/api/users/me/export',
    });
    expect(agent.statusCode).toBe(403);
  });

  it('cuts the person off at once, then removes the account when every service confirmed', async () => {
    const ada = await newUser('Grace');
    const teamId = (
      await injectAs(id.app, userActor({ id: ada }), {
        method: 'POST',
        url: '/api/teams',
        payload: { name: 'Solo Team' },
      })
    ).json().data.id as string;

    const res = await injectAs(id.app, userActor({ id: ada, teamIds: [teamId] }), {
      method: 'DELETE',
      url: '/api/users/me',
    });
    expect(res.statusCode).toBe(202);
    const deletion = res.json().data;
    expect(deletion).toEqual({
      id: expect.any(String),
      userId: ada,
      status: 'pending',
      requestedAt: expect.any(String),
      completedAt: null,
      confirmed: [],
      pending: [...ERASING_SERVICES],
    });
    // Refused at once: no active key, no team.
    expect(
      await db()
        .collection('user_keys')
        .countDocuments({ userId: ada, revokedAt: null } as never),
    ).toBe(0);
    const who = await injectAs(id.app, SYSTEM_ACTOR, {
      method: 'GET',
      url: `/internal/users/${ada}`,
    });
    expect(who.json().data.teamIds).toEqual([]);
    expect(eventsOf(id, EventTypes.identity.keyRevoked, { userId: ada })).toHaveLength(2);
    expect(
      eventsOf(id, EventTypes.identity.membershipRemoved, { userId: ada, teamId }),
    ).toHaveLength(1);
    await eventually(
      async () =>
        eventsOf(id, EventTypes.identity.userDeletionRequested, { deletionId: deletion.id })
          .length > 0,
      5000,
    );

    // Asking again finds the same erasure.
    const again = await injectAs(id.app, admin(), { method: 'DELETE', url: `/api/users/${ada}` });
    expect(again.statusCode).toBe(202);
    expect(again.json().data.id).toBe(deletion.id);

    const [last, ...others] = [...ERASING_SERVICES].reverse();
    for (const service of others) await confirm(service, deletion.id, ada);
    await confirm(others[0]!, deletion.id, ada); // a repeated confirmation changes nothing
    await eventually(async () => (await status(ada)).json().data.confirmed.length === 5, 5000);
    expect((await status(ada)).json().data).toMatchObject({ status: 'pending', pending: [last] });
    expect(
      await db()
        .collection('users')
        .countDocuments({ _id: ada } as never),
    ).toBe(1);

    await confirm(last!, deletion.id, ada);
    await eventually(async () => (await status(ada)).json().data.status === 'completed', 5000);
    for (const [name, filter] of [
      ['users', { _id: ada }],
      ['user_keys', { userId: ada }],
      ['memberships', { userId: ada }],
      ['teams', { createdBy: ada }],
    ] as const)
      expect(
        await db()
          .collection(name)
          .countDocuments(filter as never),
        name,
      ).toBe(0);
    expect(
      await db()
        .collection('teams')
        .findOne({ _id: teamId } as never),
    ).toMatchObject({
      createdBy: DELETED_USER_ID,
    });
    const record = await db()
      .collection('user_deletions')
      .findOne({ userId: ada } as never);
    expect(record).toMatchObject({ completedAt: expect.any(Date), expiresAt: expect.any(Date) });
    expect(JSON.stringify(record)).not.toMatch(/Grace|example\.com/);
  });

  it('publishes the request again until every service has confirmed', async () => {
    const bob = await newUser('Bob');
    const res = await injectAs(id.app, admin(), { method: 'DELETE', url: `/api/users/${bob}` });
    expect(res.statusCode).toBe(202);
    const deletionId = res.json().data.id as string;
    await eventually(
      async () =>
        eventsOf(id, EventTypes.identity.userDeletionRequested, { deletionId }).length >= 3,
      10_000,
    );
    for (const service of ERASING_SERVICES) await confirm(service, deletionId, bob);
    await eventually(async () => (await status(bob)).json().data.status === 'completed', 5000);
  });

  it('refuses the last owner of a team with other members (409), and non-admins and agents', async () => {
    const ada = await newUser('Lin');
    const bob = await newUser('Sam');
    const teamId = (
      await injectAs(id.app, userActor({ id: ada }), {
        method: 'POST',
        url: '/api/teams',
        payload: { name: 'Owned Team' },
      })
    ).json().data.id as string;
    await injectAs(id.app, userActor({ id: ada, teamIds: [teamId] }), {
      method: 'POST',
      url: `/api/teams/${teamId}/members`,
      payload: { userId: bob },
    });
    const refused = await injectAs(id.app, userActor({ id: ada, teamIds: [teamId] }), {
      method: 'DELETE',
      url: '/api/users/me',
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toMatchObject({ code: 'CONFLICT' });
    expect(
      await db()
        .collection('user_keys')
        .countDocuments({ userId: ada, revokedAt: null } as never),
    ).toBe(2);

    const other = await injectAs(id.app, userActor({ id: bob }), {
      method: 'DELETE',
      url: `/api/users/${ada}`,
    });
    expect(other.statusCode).toBe(403);
    const agent = await injectAs(id.app, agentActor(bob), {
      method: 'DELETE',
      url: '/api/users/me',
    });
    expect(agent.statusCode).toBe(403);
    expect(
      (
        await injectAs(id.app, userActor({ id: bob }), {
          method: 'GET',
          url: `/api/users/${bob}/deletion`,
        })
      ).statusCode,
    ).toBe(403);
    expect((await status(ada)).statusCode).toBe(404);
    // A member who is not an owner may go.
    const bobGoes = await injectAs(id.app, userActor({ id: bob, teamIds: [teamId] }), {
      method: 'DELETE',
      url: '/api/users/me',
    });
    expect(bobGoes.statusCode).toBe(202);
  });
});
