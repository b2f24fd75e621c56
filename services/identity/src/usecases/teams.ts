import {
  conflict,
  forbidden,
  notFound,
  type Actor,
  type EventEnvelope,
  type TeamRole,
  type UserSummary,
} from '@momentum/contracts';
import type { IdentityDeps } from '../deps.js';
import type { TeamDoc } from '../store/models.js';
import {
  membershipAdded,
  membershipRemoved,
  membershipRoleChanged,
} from '../events/identity-events.js';
import { deriveTeamKey } from '../domain/team-key.js';
import { requireHuman } from '../domain/access.js';
import {
  checkGrant,
  checkRemove,
  checkRoleChange,
  managerOf,
  roleOf,
  type Manager,
} from '../domain/team-roles.js';
import { checkTeamQuota } from './team-quota.js';

/** A role change or removal that raced another change of that member is tried again. */
const ROLE_RACE_ATTEMPTS = 3;

/** 409 when a change would leave the team without an owner. */
export const lastOwner = () =>
  conflict('A team keeps at least one owner: make another member owner first', {
    rule: 'last_owner',
  });

/** The team, with its owner count ensured (teams made before roles get one here). */
export async function teamForRoles({ teams }: IdentityDeps, teamId: string): Promise<TeamDoc> {
  const team = await teams.findTeam(teamId);
  if (!team) throw notFound('Team');
  await teams.ensureOwnerCount(team);
  return team;
}

/** The caller's role in the team, read fresh (null: not a member; agents have none to manage). */
export async function callerRole(
  { teams }: IdentityDeps,
  actor: Actor,
  team: TeamDoc,
): Promise<TeamRole | null> {
  if (actor.type !== 'user') return null;
  const own = await teams.membership(team._id, actor.id);
  return own ? roleOf(own, team) : null;
}

/** How the caller may manage the team's members; outsiders learn nothing about it. */
async function managerFor(deps: IdentityDeps, actor: Actor, team: TeamDoc) {
  const role = await callerRole(deps, actor, team);
  if (role === null && !actor.isAdmin) throw forbidden('Only members of the team can manage it');
  return managerOf(role, actor.isAdmin);
}

/** A team with a unique key (unique index); the caller becomes its owner. */
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
  await join(deps, actor, team, actor.id, 'owner');
  return team;
}

/**
 * Adds a known user to a team directly: owners and admins of the team (as GitHub's team
 * maintainers do for people already in the organisation), and an instance admin bootstrapping
 * a team, never themselves. Asking someone is an invitation. A current member stays as is.
 */
export async function addMember(
  deps: IdentityDeps,
  actor: Actor,
  teamId: string,
  input: { userId: string; role?: TeamRole },
): Promise<{ teamId: string; userId: string; role: TeamRole }> {
  requireHuman(actor, 'change team membership');
  const team = await teamForRoles(deps, teamId);
  const role = input.role ?? 'member';
  checkGrant(await managerFor(deps, actor, team), role);
  const user = await deps.users.find(input.userId);
  if (!user) throw notFound('User');
  if (user._id === actor.id && !(await deps.teams.isMember(teamId, actor.id)))
    throw forbidden(
      'An instance admin cannot add themselves to a team; ask an owner to invite you',
    );
  const membership = await join(deps, actor, team, user._id, role);
  return { teamId: team._id, userId: user._id, role: roleOf(membership, team) };
}

/**
 * Ends a membership: anyone may leave, owners and admins remove others. The last owner can
 * neither leave nor be removed (409). Of concurrent removals one does it, the others get 404.
 */
export async function removeMember(
  deps: IdentityDeps,
  actor: Actor,
  teamId: string,
  userId: string,
): Promise<void> {
  requireHuman(actor, 'change team membership');
  const team = await teamForRoles(deps, teamId);
  const self = userId === actor.id;
  const manager = self ? null : await managerFor(deps, actor, team);
  await changeMember(deps, team, userId, {
    check: (role) => checkRemove(manager, role, self),
    apply: async (role) => {
      const event = membershipRemoved(actor, teamId, userId, role);
      const done = await deps.teams.removeMember(teamId, userId, role === 'owner', event);
      return done ? { membership: done, event } : null;
    },
  });
}

/**
 * Changes a member's role (`PATCH .../members/:userId {role}`). Ownership is transferred by
 * an owner making another member `owner` and then stepping down or leaving; the last owner
 * cannot step down (409).
 */
export async function changeRole(
  deps: IdentityDeps,
  actor: Actor,
  teamId: string,
  userId: string,
  to: TeamRole,
): Promise<{ teamId: string; userId: string; role: TeamRole }> {
  requireHuman(actor, 'change team membership');
  const team = await teamForRoles(deps, teamId);
  const manager: Manager | null = await managerFor(deps, actor, team);
  await changeMember(deps, team, userId, {
    check: (from) => {
      checkRoleChange(manager, from, to);
      return from === to ? 'unchanged' : undefined;
    },
    apply: async (from) => {
      const event = membershipRoleChanged(actor, teamId, userId, { role: to, previousRole: from });
      const done = await deps.teams.setRole(teamId, userId, from === 'owner', to, event);
      // A new owner is counted after their membership says so: the count stays at or under.
      if (done && to === 'owner') await deps.teams.addOwnerSlot(teamId);
      return done ? { membership: done, event } : null;
    },
  });
  return { teamId, userId, role: to };
}

interface Written {
  membership: { _id: string };
  event: EventEnvelope;
}

/** One change of a member: who may (throws; `unchanged` for nothing to do), then the write. */
interface MemberChange {
  check(role: TeamRole): 'unchanged' | undefined | void;
  /** The conditional write; null when the member's role or membership changed meanwhile. */
  apply(role: TeamRole): Promise<Written | null>;
}

/**
 * Runs a change of one member under the last-owner guard: an owner's slot is taken from the
 * team's owner count before their membership changes (409 when they are the last), and given
 * back if the write failed or found them changed meanwhile (then it is tried again).
 */
async function changeMember(
  deps: IdentityDeps,
  team: TeamDoc,
  userId: string,
  change: MemberChange,
): Promise<void> {
  for (let attempt = 1; attempt <= ROLE_RACE_ATTEMPTS; attempt++) {
    const target = await deps.teams.membership(team._id, userId);
    if (!target) throw notFound('Membership');
    const role = roleOf(target, team);
    if (change.check(role) === 'unchanged') return;
    const owner = role === 'owner';
    if (owner && !(await deps.teams.takeOwnerSlot(team._id))) throw lastOwner();
    let written: Written | null;
    try {
      written = await change.apply(role);
    } catch (err) {
      if (owner) await deps.teams.addOwnerSlot(team._id);
      throw err;
    }
    if (written) {
      await deps.outbox.announce(deps.teams.memberships, written.membership._id, written.event);
      return;
    }
    if (owner) await deps.teams.addOwnerSlot(team._id);
  }
  throw notFound('Membership');
}

/** Members of a team; unknown team → 404. */
export async function teamMembers(
  { teams, users }: IdentityDeps,
  teamId: string,
): Promise<UserSummary[]> {
  if (!(await teams.findTeam(teamId))) throw notFound('Team');
  return users.summaries(await teams.memberIdsOf(teamId));
}

/** Makes a user a member with a role (announced); one already a member stays as they are. */
export async function join(
  { teams, outbox }: IdentityDeps,
  actor: Actor,
  team: Pick<TeamDoc, '_id' | 'name'>,
  userId: string,
  role: TeamRole,
) {
  const event = membershipAdded(actor, team, userId, role);
  const { membership, added } = await teams.addMember(team._id, userId, role, event);
  if (!added) return membership;
  if (role === 'owner') await teams.addOwnerSlot(team._id);
  await outbox.announce(teams.memberships, membership._id, event);
  return membership;
}

/** The caller's teams, each with the caller's role in it (an agent acts as a member). */
export async function teamsOf(
  { teams }: IdentityDeps,
  actor: Actor,
): Promise<{ team: TeamDoc; role: TeamRole }[]> {
  if (actor.type !== 'user')
    return (await teams.teamsOf(actor.teamIds)).map((team) => ({ team, role: 'member' }));
  const memberships = await teams.membershipsOf(actor.id);
  const byTeam = new Map(memberships.map((m) => [m.teamId, m]));
  return (await teams.teamsOf([...byTeam.keys()])).map((team) => ({
    team,
    role: roleOf(byTeam.get(team._id) ?? { userId: actor.id }, team),
  }));
}
