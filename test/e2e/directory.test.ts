import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { connectClient, httpTransport } from '@momentum/mcp-tools/testing';
import { adminKey, api, eventually, gatewayUrl, newTeam, newUser } from '../support/e2e.js';

/** An agent of `owner` attached to `teamId`, with its key. */
async function teamAgent(ownerKey: string, teamId: string, name: string) {
  const made = await api(ownerKey, 'POST', '/api/agents', { name, teamId });
  expect(made.status, made.text).toBe(201);
  const key = await api(ownerKey, 'POST', `/api/agents/${made.body.data.id}/api-key`);
  expect(key.status, key.text).toBe(201);
  return { id: made.body.data.id as string, apiKey: key.body.data.apiKey as string };
}

describe('the directory through the gateway (issue 52)', () => {
  it('lists a team’s people and agents, finds them by prefix, and their avatars load', async () => {
    const tag = randomUUID().slice(0, 6);
    const owner = await newUser(`Ada ${tag}`);
    const mate = await newUser(`Grace ${tag}`);
    const team = await newTeam(owner, [mate]);
    const bot = await teamAgent(owner.apiKey, team.id, `Adabot ${tag}`);

    const all = await api(mate.apiKey, 'GET', `/api/teams/${team.id}/members`);
    expect(all.status, all.text).toBe(200);
    expect(all.body.meta).toEqual({ total: 3, page: 1, perPage: 20 });
    expect(
      all.body.data.map((m: { id: string; kind: string; role: string }) => [m.id, m.kind]),
    ).toEqual([
      [owner.id, 'user'],
      [mate.id, 'user'],
      [bot.id, 'agent'],
    ]);
    for (const m of all.body.data) {
      expect(m.role).toMatch(/^(owner|admin|member|guest)$/);
      expect(m.avatarUrl).toBe(m.avatar);
      expect(Date.parse(m.joinedAt)).not.toBeNaN();
    }

    const ada = await api(mate.apiKey, 'GET', `/api/teams/${team.id}/members?q=ADA`);
    expect(ada.body.data.map((m: { name: string }) => m.name)).toEqual([
      `Ada ${tag}`,
      `Adabot ${tag}`,
    ]);
    const byWord = await api(
      mate.apiKey,
      'GET',
      `/api/teams/${team.id}/members?q=${tag}&kind=agent`,
    );
    expect(byWord.body.data.map((m: { id: string }) => m.id)).toEqual([bot.id]);
    // The agent's key reads its team's directory too.
    expect((await api(bot.apiKey, 'GET', `/api/teams/${team.id}/members`)).status).toBe(200);

    // The avatar URL is the gateway's own, answered without a key, cacheable.
    const url = all.body.data[0].avatar as string;
    expect(url).toBe(`/api/avatars/user/${owner.id}.svg?initials=A${tag[0]!.toUpperCase()}`);
    const svg = await fetch(`${gatewayUrl()}${url}`);
    expect(svg.status).toBe(200);
    expect(svg.headers.get('content-type')).toBe('image/svg+xml; charset=utf-8');
    expect(svg.headers.get('cache-control')).toContain('max-age=');
    const body = await svg.text();
    expect(body).toContain('<svg');
    expect(body).not.toContain('<script');
    const again = await fetch(`${gatewayUrl()}${url}`, {
      headers: { 'if-none-match': svg.headers.get('etag')! },
    });
    expect(again.status).toBe(304);
  });

  it('changes the caller’s profile, seen at once by /api/me; an email is one person’s', async () => {
    const tag = randomUUID().slice(0, 8);
    const lin = await newUser();
    const other = await newUser();
    const changed = await api(lin.apiKey, 'PATCH', '/api/users/me', {
      name: 'Lin Renamed',
      email: `lin-${tag}@example.com`,
      timeZone: 'America/New_York',
    });
    expect(changed.status, changed.text).toBe(200);
    expect(changed.body.data).toMatchObject({
      name: 'Lin Renamed',
      email: `lin-${tag}@example.com`,
      timeZone: 'America/New_York',
      active: true,
    });
    // Read your own write: the gateway's cached actor went with the reply.
    expect((await api(lin.apiKey, 'GET', '/api/me')).body.data.name).toBe('Lin Renamed');
    const taken = await api(other.apiKey, 'PATCH', '/api/users/me', {
      email: `LIN-${tag}@example.com`,
    });
    expect(taken.status).toBe(409);
    expect(taken.body.error.code).toBe('CONFLICT');
    const badZone = await api(lin.apiKey, 'PATCH', '/api/users/me', { timeZone: 'Nowhere/Land' });
    expect(badZone.status).toBe(422);
    expect(badZone.body.error.details).toMatchObject({ field: 'timeZone' });
    // A key without profile:write may not.
    const reader = await api(lin.apiKey, 'POST', '/api/users/me/api-keys', {
      scopes: ['profile:read'],
    });
    const refused = await api(reader.body.data.apiKey, 'PATCH', '/api/users/me', { name: 'X' });
    expect(refused.status).toBe(403);
    expect(refused.body.error.details).toEqual({ requiredScope: 'profile:write' });
  });

  it('deactivating a user stops their keys and their agents’ keys at once; reactivating restores them', async () => {
    const gone = await newUser(`Gone ${randomUUID().slice(0, 6)}`);
    const team = await newTeam(gone);
    const bot = await teamAgent(gone.apiKey, team.id, 'Gone bot');
    // Both keys verified and cached by the gateway.
    expect((await api(gone.apiKey, 'GET', '/api/me')).status).toBe(200);
    expect((await api(bot.apiKey, 'GET', '/api/me')).status).toBe(200);

    const listed = await api(adminKey(), 'GET', `/api/users?q=${encodeURIComponent(gone.name)}`);
    expect(listed.status).toBe(200);
    expect(listed.body.data.map((u: { id: string }) => u.id)).toEqual([gone.id]);

    const off = await api(adminKey(), 'POST', `/api/users/${gone.id}/deactivate`);
    expect(off.status, off.text).toBe(200);
    expect(off.body.data).toMatchObject({ id: gone.id, active: false });
    // At once: the very next request with either key is refused.
    expect((await api(gone.apiKey, 'GET', '/api/me')).status).toBe(401);
    expect((await api(bot.apiKey, 'GET', '/api/me')).status).toBe(401);
    const members = await api(adminKey(), 'GET', `/api/teams/${team.id}/members`);
    expect(members.body.data.map((m: { id: string }) => m.id)).toEqual([bot.id]);

    const on = await api(adminKey(), 'POST', `/api/users/${gone.id}/reactivate`);
    expect(on.body.data.active).toBe(true);
    // A refusal is remembered for a few seconds at most.
    await eventually(async () => (await api(gone.apiKey, 'GET', '/api/me')).status === 200, 15_000);
  });

  it('MCP: list_members lists a team with roles, find_person resolves "Ada" across the caller’s teams', async () => {
    const tag = randomUUID().slice(0, 6);
    const me = await newUser(`Lead ${tag}`);
    const ada = await newUser(`Ada ${tag}`);
    const grace = await newUser(`Grace ${tag}`);
    const one = await newTeam(me, [ada]);
    const two = await newTeam(me, [ada, grace]);
    const bot = await teamAgent(me.apiKey, two.id, `Adabot ${tag}`);
    const mcp = await connectClient(httpTransport(`${gatewayUrl()}/mcp`, me.apiKey));
    try {
      const { members, meta } = await mcp.ok('list_members', { teamId: two.id });
      expect(meta).toMatchObject({ total: 4 });
      expect(members.map((m: { id: string; kind: string }) => [m.id, m.kind])).toEqual([
        [me.id, 'user'],
        [ada.id, 'user'],
        [grace.id, 'user'],
        [bot.id, 'agent'],
      ]);
      for (const m of members) expect(m.role).toMatch(/^(owner|admin|member|guest)$/);

      const { people } = await mcp.ok('find_person', { query: 'ada' });
      expect(
        people.map((p: { id: string; teamIds: string[] }) => [p.id, [...p.teamIds].sort()]),
      ).toEqual([
        [ada.id, [one.id, two.id].sort()],
        [bot.id, [two.id]],
      ]);
      const { people: agents } = await mcp.ok('find_person', { query: 'ADA', kind: 'agent' });
      expect(agents.map((p: { id: string }) => p.id)).toEqual([bot.id]);
    } finally {
      await mcp.close();
    }
  });
});
