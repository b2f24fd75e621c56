import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EventTypes, SYSTEM_ACTOR, avatarUrl, type AgentSummary } from '@momentum/contracts';
import { agentActor, userActor } from '@momentum/testing';
import { eventsOf, startIdentity, type Identity } from './harness.js';

const ADMIN_KEY = 'svc_udirectory01_abcdefghijklmnopqrstuvwxyz0123456789';

/** The agents service's answer for a team: what identity's directory joins in one call. */
const teamAgents: AgentSummary[] = [];
let agentCalls = 0;

describe('the directory: members, profiles, admins and deactivation', () => {
  let id: Identity;
  let adminId: string;
  const admin = () => userActor({ id: adminId, isAdmin: true, name: 'Admin' });

  beforeAll(async () => {
    id = await startIdentity(
      { ADMIN_API_KEY: ADMIN_KEY },
      {
        agents: {
          teamAgents: async (teamId) => {
            agentCalls++;
            return teamAgents.filter((a) => a.teamId === teamId);
          },
          close: async () => {},
        },
      },
    );
    const res = await id.as(SYSTEM_ACTOR, { method: 'GET', url: '/internal/keys/udirectory01' });
    adminId = res.json().data.actor.id;
  });
  afterAll(() => id.close());

  async function user(name: string, email?: string) {
    const res = await id.as(admin(), {
      method: 'POST',
      url: '/api/users',
      payload: email ? { name, email } : { name },
    });
    expect(res.statusCode).toBe(201);
    return res.json().data as { user: { id: string; name: string }; apiKey: string };
  }

  async function teamOf(ownerId: string, ...memberIds: string[]) {
    const team = (
      await id.as(userActor({ id: ownerId }), {
        method: 'POST',
        url: '/api/teams',
        payload: { name: `Team ${randomUUID().slice(0, 6)}` },
      })
    ).json().data as { id: string };
    for (const userId of memberIds)
      expect(
        (
          await id.as(userActor({ id: ownerId }), {
            method: 'POST',
            url: `/api/teams/${team.id}/members`,
            payload: { userId },
          })
        ).statusCode,
      ).toBe(201);
    return team.id;
  }

  it('lists a team’s people and agents with kind, role, avatar and joining time, oldest first', async () => {
    const ada = await user('Ada Lovelace', `ada-${randomUUID()}@example.com`);
    const grace = await user('Grace Hopper');
    const teamId = await teamOf(ada.user.id, grace.user.id);
    // A role stored by the roles work is read; none is `member`.
    await id.ctx.db
      .collection('memberships')
      .updateOne({ teamId, userId: ada.user.id }, { $set: { role: 'owner' } });
    const botId = randomUUID();
    teamAgents.push({
      id: botId,
      name: 'Triage Bot',
      ownerId: ada.user.id,
      teamId,
      isActive: true,
      avatar: avatarUrl('agent', botId, 'Triage Bot'),
      createdAt: new Date(Date.now() + 60_000).toISOString(),
    });
    const calls = agentCalls;
    const res = await id.as(userActor({ id: grace.user.id, teamIds: [teamId] }), {
      method: 'GET',
      url: `/api/teams/${teamId}/members`,
    });
    expect(res.statusCode).toBe(200);
    expect(agentCalls - calls).toBe(1);
    const body = res.json();
    expect(body.meta).toEqual({ total: 3, page: 1, perPage: 20 });
    expect(body.data).toEqual([
      {
        id: ada.user.id,
        kind: 'user',
        name: 'Ada Lovelace',
        avatar: `/api/avatars/user/${ada.user.id}.svg?initials=AL`,
        avatarUrl: `/api/avatars/user/${ada.user.id}.svg?initials=AL`,
        role: 'owner',
        joinedAt: expect.any(String),
      },
      {
        id: grace.user.id,
        kind: 'user',
        name: 'Grace Hopper',
        avatar: `/api/avatars/user/${grace.user.id}.svg?initials=GH`,
        avatarUrl: `/api/avatars/user/${grace.user.id}.svg?initials=GH`,
        role: 'member',
        joinedAt: expect.any(String),
      },
      {
        id: botId,
        kind: 'agent',
        name: 'Triage Bot',
        avatar: `/api/avatars/agent/${botId}.svg?initials=TB`,
        avatarUrl: `/api/avatars/agent/${botId}.svg?initials=TB`,
        role: 'member',
        joinedAt: teamAgents.at(-1)!.createdAt,
      },
    ]);
    // Emails find people but are never shown.
    expect(JSON.stringify(body)).not.toContain('@example.com');
  });

  it('finds members by a name, word or email prefix in any case, and pages them', async () => {
    const tag = randomUUID().slice(0, 8);
    const owner = await user(`Owner ${tag}`);
    const ada = await user('Ada Byron', `ADA.b-${tag}@Example.com`);
    const ana = await user('Ana María');
    const teamId = await teamOf(owner.user.id, ada.user.id, ana.user.id);
    const as = userActor({ id: owner.user.id, teamIds: [teamId] });
    const names = async (query: string) => {
      const res = await id.as(as, { method: 'GET', url: `/api/teams/${teamId}/members?${query}` });
      expect(res.statusCode).toBe(200);
      return res.json().data.map((m: { name: string }) => m.name);
    };
    expect(await names('q=a')).toEqual(['Ada Byron', 'Ana María']);
    expect(await names('q=ADA')).toEqual(['Ada Byron']);
    expect(await names('q=byr')).toEqual(['Ada Byron']);
    expect(await names('q=mar')).toEqual(['Ana María']);
    expect(await names(`q=ada.b-${tag.toUpperCase()}`)).toEqual(['Ada Byron']);
    expect(await names('q=example.com')).toEqual([]);
    // Regex characters are plain text here.
    expect(await names('q=.*')).toEqual([]);
    expect(await names('kind=agent')).toEqual([]);
    const page2 = await id.as(as, {
      method: 'GET',
      url: `/api/teams/${teamId}/members?limit=2&page=2`,
    });
    expect(page2.json().meta).toEqual({ total: 3, page: 2, perPage: 2 });
    expect(page2.json().data.map((m: { name: string }) => m.name)).toEqual(['Ana María']);
    const tooLong = await id.as(as, {
      method: 'GET',
      url: `/api/teams/${teamId}/members?q=${'x'.repeat(101)}`,
    });
    expect(tooLong.statusCode).toBe(422);
  });

  it('shows a team’s directory to its members and admins only', async () => {
    const owner = await user('Owner');
    const outsider = await user('Outsider');
    const teamId = await teamOf(owner.user.id);
    const refused = await id.as(userActor({ id: outsider.user.id }), {
      method: 'GET',
      url: `/api/teams/${teamId}/members`,
    });
    expect(refused.statusCode).toBe(403);
    const byAdmin = await id.as(admin(), { method: 'GET', url: `/api/teams/${teamId}/members` });
    expect(byAdmin.statusCode).toBe(200);
    const unknown = await id.as(admin(), {
      method: 'GET',
      url: `/api/teams/${randomUUID()}/members`,
    });
    expect(unknown.statusCode).toBe(404);
  });

  it('changes the caller’s name, email and time zone, and says so to the gateways', async () => {
    const tag = randomUUID().slice(0, 8);
    const lin = await user('Lin');
    const as = userActor({ id: lin.user.id });
    const res = await id.as(as, {
      method: 'PATCH',
      url: '/api/users/me',
      payload: { name: 'Lin Ma', email: `Lin-${tag}@Example.com`, timeZone: 'europe/berlin' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({
      id: lin.user.id,
      name: 'Lin Ma',
      email: `Lin-${tag}@Example.com`,
      timeZone: 'Europe/Berlin',
      active: true,
      avatar: `/api/avatars/user/${lin.user.id}.svg?initials=LM`,
    });
    expect(res.headers['x-momentum-memberships-changed']).toBe(lin.user.id);
    expect(eventsOf(id, EventTypes.identity.userUpdated, { userId: lin.user.id })).toHaveLength(1);

    // Unique in any case: another user cannot take it, by create or by change.
    const other = await user('Other');
    const taken = await id.as(userActor({ id: other.user.id }), {
      method: 'PATCH',
      url: '/api/users/me',
      payload: { email: `lin-${tag}@example.COM` },
    });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().error.details).toEqual({ field: 'email', rule: 'unique' });
    const created = await id.as(admin(), {
      method: 'POST',
      url: '/api/users',
      payload: { name: 'Copycat', email: `LIN-${tag}@example.com` },
    });
    expect(created.statusCode).toBe(409);

    // Freed once Lin moves on; Lin may re-case their own.
    const recased = await id.as(as, {
      method: 'PATCH',
      url: '/api/users/me',
      payload: { email: `lin-${tag}@example.com` },
    });
    expect(recased.statusCode).toBe(200);
    await id.as(as, { method: 'PATCH', url: '/api/users/me', payload: { email: null } });
    const now = await id.as(userActor({ id: other.user.id }), {
      method: 'PATCH',
      url: '/api/users/me',
      payload: { email: `lin-${tag}@example.com` },
    });
    expect(now.statusCode).toBe(200);

    for (const [payload, field] of [
      [{ timeZone: 'Mars/Olympus' }, 'timeZone'],
      [{ timeZone: '+01:00' }, 'timeZone'],
      [{ email: 'not-an-email' }, 'email'],
      [{ name: '' }, 'name'],
      [{ isAdmin: true }, undefined],
      [{}, undefined],
    ] as const) {
      const bad = await id.as(as, { method: 'PATCH', url: '/api/users/me', payload });
      expect(bad.statusCode, JSON.stringify(payload)).toBe(422);
      if (field) expect(JSON.stringify(bad.json().error.details)).toContain(field);
    }
    const byAgent = await id.as(agentActor(lin.user.id), {
      method: 'PATCH',
      url: '/api/users/me',
      payload: { name: 'Bot' },
    });
    expect(byAgent.statusCode).toBe(403);
  });

  it('lets instance admins list users by a prefix, and no one else', async () => {
    const tag = `zq${randomUUID().slice(0, 6)}`;
    await user(`${tag} Beta`);
    await user(`${tag} Alpha`, `${tag}@example.com`);
    // A name with words before and after the prefix matches no range.
    await user(`aaa zzz${tag}`);
    const res = await id.as(admin(), { method: 'GET', url: `/api/users?q=${tag.toUpperCase()}` });
    expect(res.statusCode).toBe(200);
    expect(res.json().meta).toEqual({ total: 2, page: 1, perPage: 20 });
    expect(res.json().data.map((u: { name: string }) => u.name)).toEqual([
      `${tag} Alpha`,
      `${tag} Beta`,
    ]);
    expect(res.json().data[0]).toMatchObject({ email: `${tag}@example.com`, active: true });
    const page = await id.as(admin(), { method: 'GET', url: `/api/users?q=${tag}&limit=1&page=2` });
    expect(page.json().data.map((u: { name: string }) => u.name)).toEqual([`${tag} Beta`]);
    const all = await id.as(admin(), { method: 'GET', url: '/api/users?limit=100' });
    expect(all.json().meta.total).toBeGreaterThanOrEqual(3);
    const refused = await id.as(userActor(), { method: 'GET', url: '/api/users' });
    expect(refused.statusCode).toBe(403);
  });

  it('deactivates a user: their key records are refused, they leave the directory, once', async () => {
    const gone = await user('Gone Soon');
    const owner = await user('Keeper');
    const teamId = await teamOf(owner.user.id, gone.user.id);
    const keyId = gone.apiKey.split('_')[1]!;
    expect(
      (await id.as(SYSTEM_ACTOR, { method: 'GET', url: `/internal/keys/${keyId}` })).statusCode,
    ).toBe(200);

    const refused = await id.as(userActor(), {
      method: 'POST',
      url: `/api/users/${gone.user.id}/deactivate`,
    });
    expect(refused.statusCode).toBe(403);
    const self = await id.as(admin(), { method: 'POST', url: `/api/users/${adminId}/deactivate` });
    expect(self.statusCode).toBe(403);

    const [one, two] = await Promise.all(
      [0, 1].map(() =>
        id.as(admin(), { method: 'POST', url: `/api/users/${gone.user.id}/deactivate` }),
      ),
    );
    for (const res of [one!, two!]) {
      expect(res.statusCode).toBe(200);
      expect(res.json().data).toMatchObject({ id: gone.user.id, active: false });
      expect(res.headers['x-momentum-memberships-changed']).toBe(gone.user.id);
    }
    expect(
      eventsOf(id, EventTypes.identity.userDeactivated, { userId: gone.user.id }),
    ).toHaveLength(1);
    expect(
      (await id.as(SYSTEM_ACTOR, { method: 'GET', url: `/internal/keys/${keyId}` })).statusCode,
    ).toBe(404);
    // Agents and webhooks read the owner here: a deactivated one is unknown.
    expect(
      (await id.as(SYSTEM_ACTOR, { method: 'GET', url: `/internal/users/${gone.user.id}` }))
        .statusCode,
    ).toBe(404);
    const members = await id.as(userActor({ id: owner.user.id, teamIds: [teamId] }), {
      method: 'GET',
      url: `/api/teams/${teamId}/members`,
    });
    expect(members.json().data.map((m: { id: string }) => m.id)).toEqual([owner.user.id]);
    const listed = await id.as(admin(), {
      method: 'GET',
      url: `/api/users?active=false&q=gone`,
    });
    expect(listed.json().data.map((u: { id: string }) => u.id)).toContain(gone.user.id);

    const back = await id.as(admin(), {
      method: 'POST',
      url: `/api/users/${gone.user.id}/reactivate`,
    });
    expect(back.json().data.active).toBe(true);
    expect(
      eventsOf(id, EventTypes.identity.userReactivated, { userId: gone.user.id }),
    ).toHaveLength(1);
    expect(
      (await id.as(SYSTEM_ACTOR, { method: 'GET', url: `/internal/keys/${keyId}` })).statusCode,
    ).toBe(200);
    const unknown = await id.as(admin(), {
      method: 'POST',
      url: `/api/users/${randomUUID()}/deactivate`,
    });
    expect(unknown.statusCode).toBe(404);
  });
});
