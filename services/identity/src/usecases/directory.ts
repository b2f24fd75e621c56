import { forbidden, notFound, type Actor } from '@momentum/contracts';
import type { IdentityDeps } from '../deps.js';
import { directoryPage, type DirectoryEntry } from '../domain/directory.js';
import { roleOf } from '../domain/team-roles.js';
import type { TeamDoc } from '../store/models.js';
import { foldQuery } from '../domain/people-search.js';
import { avatarUrl } from '@momentum/contracts';

/** A team's directory is read whole (one page of memberships): teams are this big at most. */
export const DIRECTORY_MAX = 5_000;

/**
 * A team's people and agents, with roles: three reads whatever the team's size — its
 * memberships (index `{teamId, removedAt}`), their users (`_id $in`), and its agents (one
 * call to agents, index `{teamId, deletedAt}`) — then filtered by `q` and paged here. Members
 * of the team and instance admins may look.
 */
export async function teamDirectory(
  deps: IdentityDeps,
  actor: Actor,
  teamId: string,
  query: {
    q?: string | undefined;
    kind?: 'user' | 'agent' | undefined;
    page: number;
    limit: number;
  },
): Promise<{ items: DirectoryEntry[]; total: number }> {
  if (!actor.isAdmin && !actor.teamIds.includes(teamId)) throw forbidden();
  const team = await deps.teams.findTeam(teamId);
  if (!team) throw notFound('Team');
  const [people, agents] = await Promise.all([
    query.kind === 'agent' ? [] : peopleOf(deps, team),
    query.kind === 'user' || !deps.agents ? [] : agentsOf(deps, teamId),
  ]);
  return directoryPage([...people, ...agents], {
    ...query,
    q: query.q ? foldQuery(query.q) : undefined,
  });
}

async function peopleOf({ teams, users }: IdentityDeps, team: TeamDoc) {
  const memberships = (await teams.currentMemberships(team._id)).slice(0, DIRECTORY_MAX);
  const byId = new Map(
    (await users.byIds(memberships.map((m) => m.userId))).map((u) => [u._id, u]),
  );
  return memberships.flatMap((m): DirectoryEntry[] => {
    const user = byId.get(m.userId);
    if (!user || user.deactivatedAt) return [];
    return [
      {
        id: user._id,
        kind: 'user',
        name: user.name,
        email: user.email ?? null,
        avatar: avatarUrl('user', user._id, user.name),
        role: roleOf(m, team),
        joinedAt: m.createdAt,
      },
    ];
  });
}

async function agentsOf({ agents }: IdentityDeps, teamId: string): Promise<DirectoryEntry[]> {
  const rows = (await agents?.teamAgents(teamId)) ?? [];
  return rows.map((a) => ({
    id: a.id,
    kind: 'agent',
    name: a.name,
    avatar: a.avatar,
    // Agents join their team with the role of a member (roles of agents: the teams work).
    role: 'member',
    joinedAt: a.createdAt ? new Date(a.createdAt) : new Date(0),
  }));
}
