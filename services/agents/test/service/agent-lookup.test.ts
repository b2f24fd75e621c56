import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SYSTEM_ACTOR, type Actor } from '@momentum/contracts';
import { startHarness, type Harness } from '../support/harness.js';

describe('agent lookup for other services', () => {
  let h: Harness;
  const team = randomUUID();
  let owner: Actor;
  let other: Actor;
  const ids: Record<string, string> = {};

  beforeAll(async () => {
    h = await startHarness();
    owner = h.user([team]);
    other = h.user([team]);
    const make = async (actor: Actor, name: string, teamId?: string) => {
      const res = await h.as(actor, {
        method: 'POST',
        url: '/api/agents',
        payload: { name, ...(teamId ? { teamId } : {}) },
      });
      ids[name] = res.json().data.id;
    };
    await make(owner, 'Teamed', team);
    await make(owner, 'Solo');
    await make(other, 'Other solo');
    await make(other, 'Gone', team);
    await h.as(other, { method: 'DELETE', url: `/api/agents/${ids.Gone}` });
  });
  afterAll(async () => h.close());

  const lookup = (payload: object) =>
    h.as(SYSTEM_ACTOR, { method: 'POST', url: '/internal/agents/lookup', payload });
  const names = (res: Awaited<ReturnType<typeof lookup>>) =>
    res
      .json()
      .data.map((a: { name: string }) => a.name)
      .sort();

  it('finds agents by id, deleted ones included (inactive), with a stable avatar', async () => {
    const res = await lookup({ ids: [ids.Solo, ids.Gone, randomUUID()] });
    expect(res.statusCode).toBe(200);
    const byName = Object.fromEntries(res.json().data.map((a: { name: string }) => [a.name, a]));
    expect(byName.Solo).toEqual({
      id: ids.Solo,
      name: 'Solo',
      ownerId: owner.id,
      teamId: null,
      isActive: true,
      // Drawn by the gateway from the URL: the id and the initials, no other host.
      avatar: `/api/avatars/agent/${ids.Solo}.svg?initials=S`,
      createdAt: expect.any(String),
    });
    expect(byName.Gone).toMatchObject({ isActive: false, teamId: team });
  });

  it('answers many ids (past the one-by-one reads) and ids with criteria as one union', async () => {
    const many = [...Array.from({ length: 30 }, () => randomUUID()), ids.Solo, ids.Gone];
    expect(names(await lookup({ ids: many }))).toEqual(['Gone', 'Solo']);
    expect(names(await lookup({ ids: [ids.Solo, ids.Solo], teamId: team }))).toEqual([
      'Solo',
      'Teamed',
    ]);
  });

  it("finds a team's live agents, and owners' live agents, and the union of both", async () => {
    expect(names(await lookup({ teamId: team }))).toEqual(['Teamed']);
    expect(names(await lookup({ ownerIds: [other.id] }))).toEqual(['Other solo']);
    expect(names(await lookup({ teamId: team, ownerIds: [other.id] }))).toEqual([
      'Other solo',
      'Teamed',
    ]);
  });

  it('answers an empty list when no criterion is given, and 400 for bad input', async () => {
    expect((await lookup({})).json()).toEqual({ data: [] });
    const bad = await lookup({ ids: 'x' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ statusCode: 400, message: expect.stringMatching(/^ids/) });
  });
});
