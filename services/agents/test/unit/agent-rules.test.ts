import { describe, expect, it } from 'vitest';
import { agentKeyActor } from '../../src/domain/key-actor.js';
import { LAST_USED_RESOLUTION_MS, needsLastUsedTouch } from '../../src/domain/last-used.js';
import { mayAttachToTeam } from '../../src/domain/team-rule.js';
import { agentEventData, keyToForget } from '../../src/domain/event-data.js';

const agent = { id: 'ag1', name: 'Triage', ownerId: 'u1', teamId: null as string | null };

describe('the actor an agent key acts as', () => {
  it("reaches its owner's teams when it has none of its own", () => {
    expect(agentKeyActor(agent, { teamIds: ['t1', 't2'] })).toEqual({
      type: 'agent',
      id: 'ag1',
      userId: 'u1',
      name: 'Triage',
      teamIds: ['t1', 't2'],
      isAdmin: false,
      agentTeamId: null,
    });
  });
  it('reaches only its own team when it has one', () => {
    expect(agentKeyActor({ ...agent, teamId: 't2' }, { teamIds: ['t1', 't2'] })).toMatchObject({
      teamIds: ['t2'],
      agentTeamId: 't2',
    });
  });
  it('reaches no team its owner has left', () => {
    expect(agentKeyActor({ ...agent, teamId: 't9' }, { teamIds: ['t1'] })).toMatchObject({
      teamIds: [],
      agentTeamId: 't9',
    });
  });
  it('never shares the array it was given', () => {
    const owner = { teamIds: ['t1'] };
    expect(agentKeyActor(agent, owner).teamIds).not.toBe(owner.teamIds);
  });
});

describe('lastUsedAt resolution', () => {
  const now = new Date('2025-01-01T12:00:00Z');
  it('writes when never used or a minute has passed, not sooner', () => {
    expect(needsLastUsedTouch(null, now)).toBe(true);
    expect(needsLastUsedTouch(new Date(now.getTime() - LAST_USED_RESOLUTION_MS), now)).toBe(true);
    expect(needsLastUsedTouch(new Date(now.getTime() - LAST_USED_RESOLUTION_MS + 1), now)).toBe(
      false,
    );
  });
});

describe('team rule', () => {
  it('allows no team, or a team the caller belongs to', () => {
    expect(mayAttachToTeam([], null)).toBe(true);
    expect(mayAttachToTeam([], undefined)).toBe(true);
    expect(mayAttachToTeam(['t1'], 't1')).toBe(true);
    expect(mayAttachToTeam(['t1'], 't2')).toBe(false);
  });
});

describe('event data', () => {
  const state = { _id: 'ag1', ownerId: 'u1', teamId: 't1', isActive: true };
  it('carries the agent and, when given, the key to forget', () => {
    expect(agentEventData(state)).toEqual({
      id: 'ag1',
      ownerId: 'u1',
      teamId: 't1',
      isActive: true,
    });
    expect(agentEventData(state, 'k1')).toEqual({
      id: 'ag1',
      ownerId: 'u1',
      teamId: 't1',
      isActive: true,
      revokedKeyId: 'k1',
    });
  });
  it('names the key when isActive flips either way, and not otherwise', () => {
    expect(keyToForget({ isActive: true, keyId: 'k1' }, false)).toBe('k1');
    expect(keyToForget({ isActive: false, keyId: 'k1' }, true)).toBe('k1');
    expect(keyToForget({ isActive: true, keyId: 'k1' }, true)).toBeUndefined();
    expect(keyToForget({ isActive: true, keyId: 'k1' }, undefined)).toBeUndefined();
  });
});
