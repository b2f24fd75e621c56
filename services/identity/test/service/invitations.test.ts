import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EventTypes } from '@momentum/contracts';
import { agentActor, userActor } from '@momentum/testing';
import { eventsOf, startIdentity, type Identity } from './harness.js';
import { teamWorld } from './team-world.js';

describe('invitations', () => {
  let identity: Identity;
  let w: ReturnType<typeof teamWorld>;
  beforeAll(async () => {
    identity = await startIdentity();
    w = teamWorld(identity);
  });
  afterAll(async () => {
    await identity.close();
  });

  const invitations = (team: string) => `/api/teams/${team}/invitations`;
  const ended = (status: string) => ({
    code: 'CONFLICT',
    details: { rule: `invitation_${status}`, status },
  });

  it('invites by id; the invitee sees it, accepts it and joins with its role', async () => {
    const [owner, bob] = [await w.newUser('Owner'), await w.newUser('Bob')];
    const team = await w.newTeam(owner);
    const made = await w.call(owner, 'POST', invitations(team), { userId: bob, role: 'admin' });
    expect(made.status).toBe(201);
    const invitation = made.body.data;
    expect(invitation).toMatchObject({
      id: expect.any(String),
      team: { id: team, name: expect.any(String), key: expect.any(String) },
      role: 'admin',
      userId: bob,
      email: null,
      invitedBy: { id: owner, name: 'Owner' },
      status: 'pending',
      respondedAt: null,
    });
    const days = (Date.parse(invitation.expiresAt) - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(6.99);
    expect(days).toBeLessThanOrEqual(7);

    expect((await w.call(bob, 'GET', '/api/users/me/invitations')).body.data).toEqual([invitation]);
    expect((await w.call(owner, 'GET', invitations(team))).body.data).toEqual([invitation]);
    // Inviting again while it is pending, or inviting a member, is 409.
    const twice = await w.call(owner, 'POST', invitations(team), { userId: bob });
    expect(twice.body.error).toMatchObject({ details: { rule: 'already_invited' } });

    // Someone else cannot answer it.
    const stranger = await w.newUser('Stranger');
    expect(
      (await w.call(stranger, 'POST', `/api/invitations/${invitation.id}/accept`)).status,
    ).toBe(404);
    const accepted = await w.call(bob, 'POST', `/api/invitations/${invitation.id}/accept`);
    expect(accepted.status).toBe(200);
    expect(accepted.body.data).toMatchObject({
      status: 'accepted',
      respondedAt: expect.any(String),
    });
    expect(await w.rolesOf(team)).toEqual({ [owner]: 'owner', [bob]: 'admin' });
    expect(
      eventsOf(identity, EventTypes.identity.membershipAdded, { teamId: team, userId: bob }),
    ).toHaveLength(1);
    const again = await w.call(bob, 'POST', `/api/invitations/${invitation.id}/accept`);
    expect(again.status).toBe(409);
    expect(again.body.error).toMatchObject(ended('accepted'));
    expect((await w.call(bob, 'GET', '/api/users/me/invitations')).body.data).toEqual([]);
    const member = await w.call(owner, 'POST', invitations(team), { userId: bob });
    expect(member.body.error).toMatchObject({ details: { rule: 'already_member' } });
  });

  it('declines: no membership, and the invitation cannot be accepted after', async () => {
    const [owner, bob] = [await w.newUser('Owner'), await w.newUser('Bob')];
    const team = await w.newTeam(owner);
    const { id } = (await w.call(owner, 'POST', invitations(team), { userId: bob })).body.data;
    const declined = await w.call(bob, 'POST', `/api/invitations/${id}/decline`);
    expect(declined.body.data).toMatchObject({ status: 'declined' });
    const accept = await w.call(bob, 'POST', `/api/invitations/${id}/accept`);
    expect(accept.status).toBe(409);
    expect(accept.body.error).toMatchObject(ended('declined'));
    expect(await w.rolesOf(team)).toEqual({ [owner]: 'owner' });
    expect((await w.call(owner, 'GET', invitations(team))).body.data).toEqual([]);
  });

  it('revokes: owners and admins only; the invitee can no longer accept', async () => {
    const [owner, admin, member, bob] = await w.newUsers(['Owner', 'Admin', 'Member', 'Bob']);
    const team = await w.newTeam(owner, { [admin]: 'admin', [member]: 'member' });
    const { id } = (await w.call(admin, 'POST', invitations(team), { userId: bob })).body.data;
    expect((await w.call(member, 'DELETE', `${invitations(team)}/${id}`)).status).toBe(403);
    expect((await w.call(bob, 'DELETE', `${invitations(team)}/${id}`)).status).toBe(403);
    expect((await w.call(admin, 'DELETE', `${invitations(team)}/${randomUUID()}`)).status).toBe(
      404,
    );
    expect((await w.call(admin, 'DELETE', `${invitations(team)}/${id}`)).status).toBe(204);
    const twice = await w.call(owner, 'DELETE', `${invitations(team)}/${id}`);
    expect(twice.body.error).toMatchObject(ended('revoked'));
    const accept = await w.call(bob, 'POST', `/api/invitations/${id}/accept`);
    expect(accept.body.error).toMatchObject(ended('revoked'));
    expect(await w.rolesOf(team)).not.toHaveProperty(bob);
  });

  it('lets only owners and admins invite, and only owners invite owners', async () => {
    const [owner, admin, member, bob, outsider] = await w.newUsers([
      'Owner',
      'Admin',
      'Member',
      'Bob',
      'Outsider',
    ]);
    const team = await w.newTeam(owner, { [admin]: 'admin', [member]: 'member' });
    for (const [by, role, status] of [
      [member, 'member', 403],
      [outsider, 'member', 403],
      [admin, 'owner', 403],
      [owner, 'owner', 201],
    ] as const) {
      const res = await w.call(by, 'POST', invitations(team), { userId: bob, role });
      expect(res.status, `${role} by ${by}`).toBe(status);
    }
    expect((await w.call(member, 'GET', invitations(team))).status).toBe(403);
    expect((await w.call(outsider, 'GET', invitations(team))).status).toBe(403);
    // Exactly one of userId and email; an unknown user is 404; an agent may not invite.
    const neither = await w.call(owner, 'POST', invitations(team), { role: 'member' });
    expect(neither.status).toBe(422);
    const both = await w.call(owner, 'POST', invitations(team), { userId: bob, email: 'b@x.io' });
    expect(both.status).toBe(422);
    const unknown = await w.call(owner, 'POST', invitations(team), { userId: randomUUID() });
    expect(unknown.status).toBe(404);
    const agent = await identity.as(agentActor(owner, { teamIds: [team] }), {
      method: 'POST',
      url: invitations(team),
      payload: { userId: bob },
    });
    expect(agent.statusCode).toBe(403);
  });

  it('invites by email: whoever has that email (any case) sees and accepts it', async () => {
    const email = `ada-${randomUUID().slice(0, 8)}@example.com`;
    const [owner, ada, bob] = [
      await w.newUser('Owner'),
      await w.newUser('Ada', email.toUpperCase()),
      await w.newUser('Bob', `bob-${randomUUID().slice(0, 8)}@example.com`),
    ];
    const team = await w.newTeam(owner);
    const made = await w.call(owner, 'POST', invitations(team), { email });
    expect(made.body.data).toMatchObject({ userId: null, email, role: 'member' });
    expect((await w.call(bob, 'GET', '/api/users/me/invitations')).body.data).toEqual([]);
    expect((await w.call(bob, 'POST', `/api/invitations/${made.body.data.id}/accept`)).status).toBe(
      404,
    );
    expect((await w.call(ada, 'GET', '/api/users/me/invitations')).body.data).toHaveLength(1);
    expect((await w.call(ada, 'POST', `/api/invitations/${made.body.data.id}/accept`)).status).toBe(
      200,
    );
    expect(await w.rolesOf(team)).toEqual({ [owner]: 'owner', [ada]: 'member' });
  });

  it('keeps an instance admin from joining a team through an invitation to their own email', async () => {
    const email = `admin-${randomUUID().slice(0, 8)}@example.com`;
    const [owner, adminId] = [await w.newUser('Owner'), await w.newUser('Admin', email)];
    const team = await w.newTeam(owner);
    const admin = userActor({ id: adminId, isAdmin: true });
    const made = await identity.as(admin, {
      method: 'POST',
      url: invitations(team),
      payload: { email },
    });
    expect(made.statusCode).toBe(201);
    const accept = await identity.as(admin, {
      method: 'POST',
      url: `/api/invitations/${made.json().data.id}/accept`,
    });
    expect(accept.statusCode).toBe(403);
    expect(await w.rolesOf(team)).toEqual({ [owner]: 'owner' });
  });

  it('expires after INVITATION_TTL_HOURS: no longer listed, 409 expired on accept', async () => {
    const short = await startIdentity({ INVITATION_TTL_HOURS: '0.0003' }); // about a second
    try {
      const s = teamWorld(short);
      const [owner, bob] = [await s.newUser('Owner'), await s.newUser('Bob')];
      const team = await s.newTeam(owner);
      const { id } = (await s.call(owner, 'POST', invitations(team), { userId: bob })).body.data;
      expect((await s.call(bob, 'GET', '/api/users/me/invitations')).body.data).toHaveLength(1);
      await new Promise((r) => setTimeout(r, 1_300));
      expect((await s.call(bob, 'GET', '/api/users/me/invitations')).body.data).toEqual([]);
      const accept = await s.call(bob, 'POST', `/api/invitations/${id}/accept`);
      expect(accept.status).toBe(409);
      expect(accept.body.error).toMatchObject(ended('expired'));
      expect(
        (await s.call(owner, 'DELETE', `${invitations(team)}/${id}`)).body.error,
      ).toMatchObject(ended('expired'));
      // Expired, it no longer stands in the way of a new one.
      expect((await s.call(owner, 'POST', invitations(team), { userId: bob })).status).toBe(201);
    } finally {
      await short.close();
    }
  });

  it('finishes an accept whose membership was never written, once', async () => {
    const [owner, bob] = [await w.newUser('Owner'), await w.newUser('Bob')];
    const team = await w.newTeam(owner);
    const { id } = (await w.call(owner, 'POST', invitations(team), { userId: bob })).body.data;
    // A crash between the two writes: the invitation accepted, no membership made.
    await identity.ctx.db
      .collection('invitations')
      .updateOne({ _id: id }, { $set: { status: 'accepted', respondedAt: new Date() } });
    expect((await w.call(bob, 'GET', '/api/teams')).body.data).toEqual([]);
    const again = await w.call(bob, 'POST', `/api/invitations/${id}/accept`);
    expect(again.status).toBe(200);
    expect(again.body.data).toMatchObject({ id, status: 'accepted' });
    expect((await w.call(bob, 'GET', '/api/teams')).body.data).toEqual([
      expect.objectContaining({ id: team, role: 'member' }),
    ]);
    // Joined, then left: the old invitation does not bring them back.
    expect((await w.call(bob, 'DELETE', `/api/teams/${team}/members/${bob}`)).status).toBe(204);
    const afterLeaving = await w.call(bob, 'POST', `/api/invitations/${id}/accept`);
    expect(afterLeaving.status).toBe(409);
    expect(afterLeaving.body.error).toMatchObject(ended('accepted'));
  });

  it('has one winner when an accept meets a revoke', async () => {
    for (let round = 0; round < 3; round++) {
      const [owner, bob] = [await w.newUser('Owner'), await w.newUser('Bob')];
      const team = await w.newTeam(owner);
      const { id } = (await w.call(owner, 'POST', invitations(team), { userId: bob })).body.data;
      const [accept, revoke] = await Promise.all([
        w.call(bob, 'POST', `/api/invitations/${id}/accept`),
        w.call(owner, 'DELETE', `${invitations(team)}/${id}`),
      ]);
      expect([accept.status, revoke.status].sort()).toEqual(
        accept.status === 200 ? [200, 409] : [204, 409],
      );
      expect(Object.keys(await w.rolesOf(team)).includes(bob)).toBe(accept.status === 200);
    }
  });

  it('refuses invitations to an agent', async () => {
    const owner = await w.newUser('Owner');
    const res = await identity.as(agentActor(owner), {
      method: 'GET',
      url: '/api/users/me/invitations',
    });
    expect(res.statusCode).toBe(403);
  });
});
