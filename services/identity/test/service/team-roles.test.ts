import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EventTypes } from '@momentum/contracts';
import { agentActor, userActor } from '@momentum/testing';
import { eventsOf, startIdentity, startTwin, type Identity } from './harness.js';
import { teamWorld } from './team-world.js';

describe('team roles', () => {
  let a: Identity;
  let b: Identity;
  let w: ReturnType<typeof teamWorld>;
  beforeAll(async () => {
    a = await startIdentity();
    b = await startTwin(a);
    w = teamWorld(a);
  });
  afterAll(async () => {
    await b.close();
    await a.close();
  });

  const lastOwner = { code: 'CONFLICT', details: { rule: 'last_owner' } };

  it('makes the creator owner and lists every member with a role', async () => {
    const [ada, bob] = [await w.newUser('Ada'), await w.newUser('Bob')];
    const team = await w.newTeam(ada, { [bob]: 'admin' });
    const members = await a.as(userActor({ id: bob, teamIds: [team] }), {
      method: 'GET',
      url: `/api/teams/${team}/members`,
    });
    expect(members.json().data).toEqual([
      expect.objectContaining({ id: ada, kind: 'user', name: 'Ada', role: 'owner' }),
      expect.objectContaining({ id: bob, kind: 'user', name: 'Bob', role: 'admin' }),
    ]);
    const bobsTeams = await a.as(userActor({ id: bob, teamIds: [team] }), {
      method: 'GET',
      url: '/api/teams',
    });
    expect(bobsTeams.json().data).toEqual([expect.objectContaining({ id: team, role: 'admin' })]);
    expect(eventsOf(a, EventTypes.identity.membershipAdded, { teamId: team, userId: ada })).toEqual(
      [expect.objectContaining({ data: expect.objectContaining({ role: 'owner' }) })],
    );
  });

  it('lets owners and admins manage, members only leave', async () => {
    const [owner, admin, member, other, newcomer] = await w.newUsers([
      'Owner',
      'Admin',
      'Member',
      'Other',
      'Newcomer',
    ]);
    const team = await w.newTeam(owner, {
      [admin]: 'admin',
      [member]: 'member',
      [other]: 'member',
    });
    const members = `/api/teams/${team}/members`;

    // A member: no adding, removing or role changes of others.
    expect((await w.call(member, 'POST', members, { userId: newcomer })).status).toBe(403);
    expect((await w.call(member, 'DELETE', `${members}/${other}`)).status).toBe(403);
    expect((await w.call(member, 'PATCH', `${members}/${member}`, { role: 'admin' })).status).toBe(
      403,
    );
    // An admin: members and admins, never owners.
    expect((await w.call(admin, 'POST', members, { userId: newcomer, role: 'owner' })).status).toBe(
      403,
    );
    const added = await w.call(admin, 'POST', members, { userId: newcomer, role: 'admin' });
    expect(added).toEqual({
      status: 201,
      body: { data: { teamId: team, userId: newcomer, role: 'admin' } },
    });
    expect(
      (await w.call(admin, 'PATCH', `${members}/${newcomer}`, { role: 'member' })).body,
    ).toEqual({ data: { teamId: team, userId: newcomer, role: 'member' } });
    expect((await w.call(admin, 'PATCH', `${members}/${other}`, { role: 'owner' })).status).toBe(
      403,
    );
    expect((await w.call(admin, 'PATCH', `${members}/${owner}`, { role: 'member' })).status).toBe(
      403,
    );
    expect((await w.call(admin, 'DELETE', `${members}/${owner}`)).status).toBe(403);
    expect((await w.call(admin, 'DELETE', `${members}/${other}`)).status).toBe(204);
    // Anyone may leave.
    expect((await w.call(member, 'DELETE', `${members}/${member}`)).status).toBe(204);
    // Outsiders are refused; an unknown member is 404; a bad role is 422.
    expect((await w.call(other, 'PATCH', `${members}/${newcomer}`, { role: 'admin' })).status).toBe(
      403,
    );
    expect(
      (await w.call(owner, 'PATCH', `${members}/${randomUUID()}`, { role: 'admin' })).status,
    ).toBe(404);
    const bad = await w.call(owner, 'PATCH', `${members}/${newcomer}`, { role: 'guest' });
    expect(bad.status).toBe(422);
    expect(await w.rolesOf(team)).toEqual({
      [owner]: 'owner',
      [admin]: 'admin',
      [newcomer]: 'member',
    });
    // Agents manage no memberships.
    const agent = agentActor(owner, { teamIds: [team] });
    const byAgent = await a.as(agent, { method: 'DELETE', url: `${members}/${newcomer}` });
    expect(byAgent.statusCode).toBe(403);
  });

  it('announces role changes with the role before', async () => {
    const [owner, bob] = [await w.newUser('Owner'), await w.newUser('Bob')];
    const team = await w.newTeam(owner, { [bob]: 'member' });
    await w.call(owner, 'PATCH', `/api/teams/${team}/members/${bob}`, { role: 'admin' });
    expect(
      eventsOf(a, EventTypes.identity.membershipRoleChanged, { teamId: team, userId: bob }).map(
        (e) => e.data,
      ),
    ).toEqual([{ teamId: team, userId: bob, role: 'admin', previousRole: 'member' }]);
    // The same role again changes nothing and says nothing.
    const same = await w.call(owner, 'PATCH', `/api/teams/${team}/members/${bob}`, {
      role: 'admin',
    });
    expect(same.status).toBe(200);
    expect(eventsOf(a, EventTypes.identity.membershipRoleChanged, { userId: bob })).toHaveLength(1);
    await w.call(owner, 'DELETE', `/api/teams/${team}/members/${bob}`);
    expect(
      eventsOf(a, EventTypes.identity.membershipRemoved, { teamId: team, userId: bob })[0]!.data,
    ).toEqual({ teamId: team, userId: bob, role: 'admin' });
  });

  it('keeps the last owner: no leaving, removal or demotion; ownership is transferred', async () => {
    const [owner, heir] = [await w.newUser('Owner'), await w.newUser('Heir')];
    const team = await w.newTeam(owner, { [heir]: 'admin' });
    const members = `/api/teams/${team}/members`;
    for (const [method, payload] of [
      ['DELETE', undefined],
      ['PATCH', { role: 'admin' }],
    ] as const) {
      const res = await w.call(owner, method, `${members}/${owner}`, payload);
      expect(res.status, method).toBe(409);
      expect(res.body.error).toMatchObject(lastOwner);
    }
    // An instance admin is held to it too.
    const byAdmin = await a.as(w.admin, { method: 'DELETE', url: `${members}/${owner}` });
    expect(byAdmin.statusCode).toBe(409);

    // The transfer: make the heir owner, then leave.
    expect((await w.call(owner, 'PATCH', `${members}/${heir}`, { role: 'owner' })).status).toBe(
      200,
    );
    expect((await w.call(owner, 'DELETE', `${members}/${owner}`)).status).toBe(204);
    expect(await w.rolesOf(team)).toEqual({ [heir]: 'owner' });
    expect((await w.call(heir, 'DELETE', `${members}/${heir}`)).status).toBe(409);
  });

  it('keeps an owner under concurrent removals and demotions through two processes', async () => {
    for (let round = 0; round < 4; round++) {
      const owners = await Promise.all(['One', 'Two', 'Three'].map((n) => w.newUser(n)));
      const team = await w.newTeam(owners[0]!, { [owners[1]!]: 'owner', [owners[2]!]: 'owner' });
      // Each owner leaves, or demotes the next one, at once, half through each process.
      const replies = await Promise.all(
        owners.map((id, i) =>
          [a, b][i % 2]!.as(userActor({ id }), {
            method: round % 2 ? 'PATCH' : 'DELETE',
            url: `/api/teams/${team}/members/${id}`,
            ...(round % 2 ? { payload: { role: 'member' } } : {}),
          }),
        ),
      );
      const statuses = replies.map((r) => r.statusCode).sort();
      expect(statuses).toEqual(round % 2 ? [200, 200, 409] : [204, 204, 409]);
      const roles = Object.values(await w.rolesOf(team));
      expect(roles.filter((r) => r === 'owner')).toHaveLength(1);
      const stored = await a.ctx.db.collection('teams').findOne({ _id: team as never });
      expect(stored?.ownerCount).toBe(1);
    }
  });

  it('keeps an instance admin out of teams they would add themselves to', async () => {
    const [owner, bob] = [await w.newUser('Owner'), await w.newUser('Bob')];
    const team = await w.newTeam(owner);
    const adminId = await w.newUser('Another admin');
    const admin = userActor({ id: adminId, isAdmin: true });
    const self = await a.as(admin, {
      method: 'POST',
      url: `/api/teams/${team}/members`,
      payload: { userId: adminId },
    });
    expect(self.statusCode).toBe(403);
    const other = await a.as(admin, {
      method: 'POST',
      url: `/api/teams/${team}/members`,
      payload: { userId: bob, role: 'owner' },
    });
    expect(other.json()).toEqual({ data: { teamId: team, userId: bob, role: 'owner' } });
  });

  it('reads teams made before roles: the creator owns it, others are members', async () => {
    const [creator, bob] = [await w.newUser('Creator'), await w.newUser('Bob')];
    const team = randomUUID();
    const db = a.ctx.db;
    const now = new Date();
    await db.collection('teams').insertOne({
      _id: team as never,
      name: 'Old',
      key: `OLD${Math.floor(Math.random() * 1e6)}`,
      createdBy: creator,
      createdAt: now,
      updatedAt: now,
    });
    await db.collection('memberships').insertMany(
      [creator, bob].map((userId) => ({
        _id: randomUUID() as never,
        teamId: team,
        userId,
        removedAt: null,
        createdAt: now,
      })),
    );
    expect(await w.rolesOf(team)).toEqual({ [creator]: 'owner', [bob]: 'member' });
    const leave = await w.call(creator, 'DELETE', `/api/teams/${team}/members/${creator}`);
    expect(leave.body.error).toMatchObject(lastOwner);
    expect((await w.call(bob, 'DELETE', `/api/teams/${team}/members/${creator}`)).status).toBe(403);
    expect(
      (await w.call(creator, 'PATCH', `/api/teams/${team}/members/${bob}`, { role: 'owner' }))
        .status,
    ).toBe(200);
    expect((await w.call(creator, 'DELETE', `/api/teams/${team}/members/${creator}`)).status).toBe(
      204,
    );
    expect((await db.collection('teams').findOne({ _id: team as never }))?.ownerCount).toBe(1);
  });
});
