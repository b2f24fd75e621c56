import { forbidden, notFound, type Actor, type UserSummary } from '@momentum/contracts';
import type { IdentityDeps } from '../deps.js';
import type { TeamDoc } from '../store/models.js';
import { membershipAdded, membershipRemoved } from '../events/identity-events.js';
import { deriveTeamKey } from '../domain/team-key.js';
import { requireHuman } from '../domain/access.js';
import { checkTeamQuota } from './team-quota.js';

/** Members and admins manage a team; others learn nothing about it. */
async function manageableTeam({ teams }: IdentityDeps, actor: Actor, teamId: string) {
  const team = await teams.findTeam(teamId);
  if (!team) throw notFound('Team');
  if (!actor.isAdmin && !(actor.type === 'user' && (await teams.isMember(teamId, actor.id)))) {
    throw forbidden('Only members of the team can manage its members');
  }
  return team;
}

/** A team with a unique key (unique index); the caller becomes its first member. */
export async function createTeam(
  deps: IdentityDeps,
  actor: Actor,
  input: { name: string; key?: string },
): Promise<TeamDoc> {
  requireHuman(actor, 'create teams');
  await checkTeamQuota(deps, actor.id);
  const team = await deps.teams.createTeam({
    name: input.name,
    key: input.key ?? deriveTeamKey(input.name),
    chosen: input.key !== undefined,
    createdBy: actor.id,
  });
  await join(deps, actor, team, actor.id);
  return team;
}

/** Adds a known user to a team the caller manages; adding a member again changes nothing. */
export async function addMember(
  deps: IdentityDeps,
  actor: Actor,
  teamId: string,
  userId: string,
): Promise<{ teamId: string; userId: string }> {
  requireHuman(actor, 'change team membership');
  const team = await manageableTeam(deps, actor, teamId);
  const user = await deps.users.find(userId);
  if (!user) throw notFound('User');
  await join(deps, actor, team, user._id);
  return { teamId: team._id, userId: user._id };
}

/** Ends a membership; of concurrent removals one does it, the others get 404. */
export async function removeMember(
  deps: IdentityDeps,
  actor: Actor,
  teamId: string,
  userId: string,
): Promise<void> {
  requireHuman(actor, 'change team membership');
  await manageableTeam(deps, actor, teamId);
  const event = membershipRemoved(actor, teamId, userId);
  const membership = await deps.teams.removeMember(teamId, userId, event);
  if (!membership) throw notFound('Membership');
  await deps.outbox.announce(deps.teams.memberships, membership._id, event);
}

/** Members of a team the caller may see (its teams, or any for an admin). */
export async function membersOf(
  deps: IdentityDeps,
  actor: Actor,
  teamId: string,
): Promise<UserSummary[]> {
  if (!actor.isAdmin && !actor.teamIds.includes(teamId)) throw forbidden();
  return teamMembers(deps, teamId);
}

/** Members of a team; unknown team → 404. */
export async function teamMembers(
  { teams, users }: IdentityDeps,
  teamId: string,
): Promise<UserSummary[]> {
  if (!(await teams.findTeam(teamId))) throw notFound('Team');
  return users.summaries(await teams.memberIdsOf(teamId));
}

async function join(
  { teams, outbox }: IdentityDeps,
  actor: Actor,
  team: Pick<TeamDoc, '_id' | 'name'>,
  userId: string,
) {
  const event = membershipAdded(actor, team, userId);
  const membership = await teams.addMember(team._id, userId, event);
  await outbox.announce(teams.memberships, membership._id, event);
}

/** The caller's teams: a user's memberships read fresh; an agent's as its actor names them. */
export async function teamsOf({ teams }: IdentityDeps, actor: Actor): Promise<TeamDoc[]> {
  const teamIds = actor.type === 'user' ? await teams.teamIdsOf(actor.id) : actor.teamIds;
  return teams.teamsOf(teamIds);
}
