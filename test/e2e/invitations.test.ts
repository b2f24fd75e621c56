import { MongoClient } from 'mongodb';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { api, newTeam, newUser, type TestUser } from '../support/e2e.js';

// Invitations through the gateway: accept, decline, revoke, expiry, and the invitee's teams
// changing at once on the gateway that carried the accept.
describe('team invitations', () => {
  let owner: TestUser;
  let mongo: MongoClient;
  beforeAll(async () => {
    owner = await newUser('Owner');
    mongo = await MongoClient.connect(inject('stackEnv').MONGO_URL!);
  });
  afterAll(async () => {
    await mongo.close();
  });

  const invite = async (teamId: string, body: object) => {
    const res = await api(owner.apiKey, 'POST', `/api/teams/${teamId}/invitations`, body);
    expect(res.status, res.text).toBe(201);
    return res.body.data as { id: string; status: string; expiresAt: string; createdAt: string };
  };

  it('accepting joins the team with the role, and the next request already sees it', async () => {
    const [team, bob] = [await newTeam(owner), await newUser('Bob')];
    const invitation = await invite(team.id, { userId: bob.id, role: 'admin' });
    // Seven days, the documented default.
    const lifetime = Date.parse(invitation.expiresAt) - Date.parse(invitation.createdAt);
    expect(Math.abs(lifetime - 7 * 86_400_000)).toBeLessThan(1_000);
    // Before: Bob is no member (and the gateway has his actor cached from this call).
    expect((await api(bob.apiKey, 'GET', `/api/teams/${team.id}/members`)).status).toBe(403);
    const mine = await api(bob.apiKey, 'GET', '/api/users/me/invitations');
    expect(mine.body.data.map((i: { id: string }) => i.id)).toEqual([invitation.id]);

    const accepted = await api(bob.apiKey, 'POST', `/api/invitations/${invitation.id}/accept`);
    expect(accepted.status).toBe(200);
    expect(accepted.body.data).toMatchObject({ status: 'accepted', role: 'admin' });
    const members = await api(bob.apiKey, 'GET', `/api/teams/${team.id}/members`);
    expect(members.status).toBe(200);
    expect(members.body.data).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ id: owner.id, role: 'owner' }),
        expect.objectContaining({ id: bob.id, role: 'admin' }),
      ]),
    );
    const again = await api(bob.apiKey, 'POST', `/api/invitations/${invitation.id}/accept`);
    expect(again.status).toBe(409);
    expect(again.body.error.details).toEqual({ rule: 'invitation_accepted', status: 'accepted' });
  });

  it('declining leaves the invitee out; the invitation cannot be accepted after', async () => {
    const [team, bob] = [await newTeam(owner), await newUser('Bob')];
    const invitation = await invite(team.id, { userId: bob.id });
    const declined = await api(bob.apiKey, 'POST', `/api/invitations/${invitation.id}/decline`);
    expect(declined.body.data.status).toBe('declined');
    const accept = await api(bob.apiKey, 'POST', `/api/invitations/${invitation.id}/accept`);
    expect(accept.status).toBe(409);
    expect(accept.body.error.details.status).toBe('declined');
    expect((await api(bob.apiKey, 'GET', `/api/teams/${team.id}/members`)).status).toBe(403);
  });

  it('a revoked invitation is gone from both lists and cannot be accepted', async () => {
    const [team, bob] = [await newTeam(owner), await newUser('Bob')];
    const invitation = await invite(team.id, { userId: bob.id });
    const revoked = await api(
      owner.apiKey,
      'DELETE',
      `/api/teams/${team.id}/invitations/${invitation.id}`,
    );
    expect(revoked.status).toBe(204);
    expect((await api(bob.apiKey, 'GET', '/api/users/me/invitations')).body.data).toEqual([]);
    expect((await api(owner.apiKey, 'GET', `/api/teams/${team.id}/invitations`)).body.data).toEqual(
      [],
    );
    const accept = await api(bob.apiKey, 'POST', `/api/invitations/${invitation.id}/accept`);
    expect(accept.status).toBe(409);
    expect(accept.body.error.details.status).toBe('revoked');
  });

  it('an expired invitation is no longer listed and cannot be accepted or revoked', async () => {
    const [team, bob] = [await newTeam(owner), await newUser('Bob')];
    const invitation = await invite(team.id, { userId: bob.id });
    // Seven days pass: the invitation's time is moved into the past in identity's database.
    await mongo
      .db(`${inject('dbPrefix')}_identity`)
      .collection('invitations')
      .updateOne(
        { _id: invitation.id as never },
        { $set: { expiresAt: new Date(Date.now() - 1) } },
      );
    expect((await api(bob.apiKey, 'GET', '/api/users/me/invitations')).body.data).toEqual([]);
    const accept = await api(bob.apiKey, 'POST', `/api/invitations/${invitation.id}/accept`);
    expect(accept.status).toBe(409);
    expect(accept.body.error).toMatchObject({
      code: 'CONFLICT',
      details: { rule: 'invitation_expired', status: 'expired' },
    });
    const revoke = await api(
      owner.apiKey,
      'DELETE',
      `/api/teams/${team.id}/invitations/${invitation.id}`,
    );
    expect(revoke.status).toBe(409);
    expect((await api(bob.apiKey, 'GET', `/api/teams/${team.id}/members`)).status).toBe(403);
  });

  it('leaving drops the team from the next request at once', async () => {
    const bob = await newUser('Bob');
    const team = await newTeam(owner, [bob]);
    expect((await api(bob.apiKey, 'GET', `/api/teams/${team.id}/members`)).status).toBe(200);
    expect(
      (await api(bob.apiKey, 'DELETE', `/api/teams/${team.id}/members/${bob.id}`)).status,
    ).toBe(204);
    expect((await api(bob.apiKey, 'GET', `/api/teams/${team.id}/members`)).status).toBe(403);
    const last = await api(owner.apiKey, 'DELETE', `/api/teams/${team.id}/members/${owner.id}`);
    expect(last.status).toBe(409);
    expect(last.body.error.details).toEqual({ rule: 'last_owner' });
  });
});

describe("a team's audit log", () => {
  it('records who invited and joined, role changes and the team’s agents, for owners only', async () => {
    const [owner, bob] = [await newUser('Owner'), await newUser('Bob')];
    const team = await newTeam(owner);
    const invitation = await api(owner.apiKey, 'POST', `/api/teams/${team.id}/invitations`, {
      userId: bob.id,
    });
    await api(bob.apiKey, 'POST', `/api/invitations/${invitation.body.data.id}/accept`);
    await api(owner.apiKey, 'PATCH', `/api/teams/${team.id}/members/${bob.id}`, { role: 'admin' });
    const agent = await api(owner.apiKey, 'POST', '/api/agents', {
      name: 'Audited',
      teamId: team.id,
    });
    expect(agent.status).toBe(201);

    const types = async () =>
      (await api(owner.apiKey, 'GET', `/api/teams/${team.id}/audit`)).body.data
        .map((e: { type: string }) => e.type)
        .sort();
    await expect
      .poll(types, { timeout: 10_000 })
      .toEqual(
        [
          'agent.created',
          'invitation.accepted',
          'invitation.created',
          'membership.added',
          'membership.added',
          'membership.role_changed',
        ].sort(),
      );
    const log = (await api(bob.apiKey, 'GET', `/api/teams/${team.id}/audit?limit=2`)).body;
    expect(log.data).toHaveLength(2);
    expect(log.data[0]).toMatchObject({
      type: 'agent.created',
      actor: { type: 'user', id: owner.id },
    });
    expect(log.meta.nextCursor).toEqual(expect.any(String));
    await api(owner.apiKey, 'PATCH', `/api/teams/${team.id}/members/${bob.id}`, { role: 'member' });
    expect((await api(bob.apiKey, 'GET', `/api/teams/${team.id}/audit`)).status).toBe(403);
  });
});
