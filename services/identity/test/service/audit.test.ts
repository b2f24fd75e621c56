import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EventTypes } from '@momentum/contracts';
import { makeEvent } from '@momentum/messaging';
import { agentActor, userActor } from '@momentum/testing';
import { startIdentity, type Identity } from './harness.js';
import { teamWorld } from './team-world.js';

describe('team audit log', () => {
  let identity: Identity;
  let w: ReturnType<typeof teamWorld>;
  beforeAll(async () => {
    identity = await startIdentity();
    w = teamWorld(identity);
  });
  afterAll(async () => {
    await identity.close();
  });

  const auditOf = async (by: string, team: string, query = '') =>
    w.call(by, 'GET', `/api/teams/${team}/audit${query}`);

  it('records membership, role, invitation and agent changes: what, who, when', async () => {
    const [owner, admin, member, bob] = await w.newUsers(['Owner', 'Admin', 'Member', 'Bob']);
    const team = await w.newTeam(owner, { [admin]: 'admin', [member]: 'member' });
    await w.call(owner, 'PATCH', `/api/teams/${team}/members/${member}`, { role: 'admin' });
    const invitation = (
      await w.call(admin, 'POST', `/api/teams/${team}/invitations`, { userId: bob })
    ).body.data;
    await w.call(bob, 'POST', `/api/invitations/${invitation.id}/accept`);
    await w.call(bob, 'DELETE', `/api/teams/${team}/members/${bob}`);
    // The agents service announces an agent of the team (and one of no team: not recorded).
    const agentOwner = userActor({ id: owner });
    await identity.ctx.bus.publish(
      makeEvent(
        EventTypes.agents.agentCreated,
        { id: crypto.randomUUID(), ownerId: owner, teamId: team, isActive: true },
        agentOwner,
      ),
    );
    await identity.ctx.bus.publish(
      makeEvent(
        EventTypes.agents.agentCreated,
        { id: crypto.randomUUID(), ownerId: owner, teamId: null, isActive: true },
        agentOwner,
      ),
    );

    const expected = [
      'agent.created',
      'membership.removed',
      'membership.added',
      'invitation.accepted',
      'invitation.created',
      'membership.role_changed',
      'membership.added',
      'membership.added',
      'membership.added',
    ];
    await expect
      .poll(async () => (await auditOf(owner, team)).body.data.length, { timeout: 10_000 })
      .toBe(expected.length);
    const log = (await auditOf(owner, team)).body;
    // Newest first; ties of one millisecond may come in either order, so compare as sets too.
    expect([...log.data.map((e: { type: string }) => e.type)].sort()).toEqual([...expected].sort());
    expect(log.data[0]).toMatchObject({
      type: 'agent.created',
      actor: { type: 'user', id: owner },
    });
    const roleChange = log.data.find((e: { type: string }) => e.type === 'membership.role_changed');
    expect(roleChange).toEqual({
      id: expect.any(String),
      type: 'membership.role_changed',
      actor: { type: 'user', id: owner },
      data: { teamId: team, userId: member, role: 'admin', previousRole: 'member' },
      at: expect.any(String),
    });
    const invited = log.data.find((e: { type: string }) => e.type === 'invitation.created');
    expect(invited).toMatchObject({
      actor: { type: 'user', id: admin },
      data: { id: invitation.id, teamId: team, role: 'member', userId: bob, email: null },
    });
    expect(log.meta).toMatchObject({ total: expected.length, page: 1, perPage: 50 });
    const times = log.data.map((e: { at: string }) => Date.parse(e.at));
    expect([...times].sort((x, y) => y - x)).toEqual(times);

    // Paged by cursor: two at a time, the same entries, none twice.
    const seen: string[] = [];
    let after = '';
    for (let page = 0; page < 10; page++) {
      const res = await auditOf(owner, team, `?limit=2${after}`);
      seen.push(...res.body.data.map((e: { id: string }) => e.id));
      if (!res.body.meta.nextCursor) break;
      after = `&after=${res.body.meta.nextCursor}`;
    }
    expect(seen).toEqual(log.data.map((e: { id: string }) => e.id));

    // Owners and admins read it; members, outsiders and agents do not.
    expect((await auditOf(admin, team)).status).toBe(200);
    expect((await auditOf(bob, team)).status).toBe(403);
    const byAgent = await identity.as(agentActor(owner, { teamIds: [team] }), {
      method: 'GET',
      url: `/api/teams/${team}/audit`,
    });
    expect(byAgent.statusCode).toBe(403);
    const [outsider] = await w.newUsers(['Outsider']);
    expect((await auditOf(outsider, team)).status).toBe(403);
  });

  it('keeps entries for AUDIT_RETENTION_DAYS behind a TTL index', async () => {
    const indexes = await identity.ctx.db.collection('audit_log').indexes();
    expect(indexes).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ key: { expiresAt: 1 }, expireAfterSeconds: 0 }),
      ]),
    );
    const [owner] = await w.newUsers(['Owner']);
    const team = await w.newTeam(owner);
    await expect
      .poll(async () => (await auditOf(owner, team)).body.data.length, { timeout: 10_000 })
      .toBe(1);
    const stored = await identity.ctx.db.collection('audit_log').findOne({ teamId: team });
    const kept = (stored!.expiresAt as Date).getTime() - (stored!.at as Date).getTime();
    expect(kept).toBe(365 * 86_400_000);
  });
});
