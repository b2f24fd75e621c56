import type { InjectOptions } from 'fastify';
import { userActor } from '@momentum/testing';
import type { Identity } from './harness.js';

/** Users and teams for the role and invitation tests, made through the API. */
export function teamWorld(identity: Identity) {
  const admin = userActor({ isAdmin: true, name: 'Admin' });
  const as = (id: string) => userActor({ id });

  async function newUser(name: string, email?: string): Promise<string> {
    const res = await identity.as(admin, {
      method: 'POST',
      url: '/api/users',
      payload: { name, ...(email ? { email } : {}) },
    });
    if (res.statusCode !== 201) throw new Error(`user: ${res.statusCode} ${res.body}`);
    return res.json().data.user.id;
  }

  /** Several users at once, in order (a tuple as long as the names). */
  async function newUsers<const N extends readonly string[]>(
    names: N,
  ): Promise<{ [K in keyof N]: string }> {
    return (await Promise.all(names.map((n) => newUser(n)))) as { [K in keyof N]: string };
  }

  async function call(by: string, method: InjectOptions['method'], url: string, payload?: object) {
    const res = await identity.as(as(by), { method, url, payload });
    return { status: res.statusCode, body: res.body ? res.json() : undefined };
  }

  /** A team made by `owner`, with members added at the given roles. */
  async function newTeam(owner: string, members: Record<string, string> = {}): Promise<string> {
    const team = await call(owner, 'POST', '/api/teams', { name: `Team ${Math.random()}` });
    if (team.status !== 201) throw new Error(`team: ${team.status}`);
    for (const [userId, role] of Object.entries(members)) {
      const added = await call(owner, 'POST', `/api/teams/${team.body.data.id}/members`, {
        userId,
        role,
      });
      if (added.status !== 201) throw new Error(`add: ${added.status}`);
    }
    return team.body.data.id;
  }

  async function rolesOf(teamId: string): Promise<Record<string, string>> {
    const res = await identity.as(userActor({ isAdmin: true }), {
      method: 'GET',
      url: `/api/teams/${teamId}/members`,
    });
    return Object.fromEntries(
      res.json().data.map((m: { id: string; role: string }) => [m.id, m.role]),
    );
  }

  return { admin, as, newUser, newUsers, call, newTeam, rolesOf };
}
