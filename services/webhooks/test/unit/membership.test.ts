import { describe, expect, it } from 'vitest';
import type { InternalClient } from '@momentum/http';
import { HttpMembership } from '../../src/clients/membership.js';

function identity(teams: Record<string, string[]>) {
  const calls: string[] = [];
  const client = {
    calls,
    async get<T>(path: string): Promise<T | null> {
      calls.push(path);
      const url = new URL(path, 'http://identity');
      expect(url.searchParams.get('withKeys')).toBe('true');
      const id = url.pathname.split('/').pop()!;
      return (
        teams[id] ? { teamIds: teams[id], activeKeyIds: [`key-of-${id}`] } : null
      ) as T | null;
    },
  };
  return client as unknown as InternalClient & { calls: string[] };
}

describe('team memberships from identity', () => {
  it('asks identity once per TTL, and again at once after a membership change', async () => {
    const teams = { ada: ['eng'] };
    const client = identity(teams);
    const m = new HttpMembership(client, 60_000);
    expect(await m.teamIdsOf('ada')).toEqual(['eng']);
    expect(await m.teamIdsOf('ada')).toEqual(['eng']);
    // The live keys come with the teams, in the same cached lookup.
    expect(await m.activeKeyIdsOf('ada')).toEqual(['key-of-ada']);
    expect(client.calls).toHaveLength(1);
    teams.ada = [];
    m.forget('ada');
    expect(await m.teamIdsOf('ada')).toEqual([]);
    expect(client.calls).toHaveLength(2);
  });

  it('gives an unknown user no teams, and lets identity errors through', async () => {
    const m = new HttpMembership(identity({}), 1000);
    expect(await m.teamIdsOf('ghost')).toEqual([]);
    const failing = {
      get: async () => Promise.reject(new Error('down')),
    } as unknown as InternalClient;
    await expect(new HttpMembership(failing, 1000).teamIdsOf('ada')).rejects.toThrow('down');
  });

  it('asks again once the TTL passed, and every time with a TTL of 0', async () => {
    const client = identity({ ada: ['eng'] });
    const off = new HttpMembership(client, 0);
    await off.teamIdsOf('ada');
    await off.teamIdsOf('ada');
    expect(client.calls).toHaveLength(2);
    const short = new HttpMembership(client, 20);
    await short.teamIdsOf('ada');
    await short.teamIdsOf('ada');
    expect(client.calls).toHaveLength(3);
    await new Promise((r) => setTimeout(r, 30));
    await short.teamIdsOf('ada');
    expect(client.calls).toHaveLength(4);
  });
});
