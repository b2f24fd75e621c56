import { randomUUID } from 'node:crypto';
import {
  AppError,
  conflict,
  forbidden,
  notFound,
  type Actor,
  type TeamRole,
} from '@momentum/contracts';
import type { IdentityDeps } from '../deps.js';
import type { InvitationDoc, TeamDoc } from '../store/models.js';
import { requireHuman } from '../domain/access.js';
import { checkGrant, managerOf, type Manager } from '../domain/team-roles.js';
import { invitationState, isInvitee, type InvitationState } from '../domain/invitation.js';
import { invitationEvent } from '../events/identity-events.js';
import { callerRole, join, teamForRoles } from './teams.js';

type Role = Exclude<TeamRole, 'guest'>;

/** An invitation with what its reply shows: the team and the inviter's name. */
export interface InvitationInfo {
  invitation: InvitationDoc;
  state: InvitationState;
  team: Pick<TeamDoc, '_id' | 'name' | 'key'>;
  inviter: { id: string; name: string };
}

const now = () => new Date();

async function managerOfTeam(deps: IdentityDeps, actor: Actor, team: TeamDoc): Promise<Manager> {
  requireHuman(actor, 'manage invitations');
  const manager = managerOf(await callerRole(deps, actor, team), actor.isAdmin);
  if (!manager) throw forbidden('Only owners and admins of the team can manage its invitations');
  return manager;
}

/**
 * Invites a user (by id, or anyone whose email is this) to a team with a role: owners and
 * admins of the team; only owners invite owners. A member, or one already invited and
 * not yet answering, is 409.
 */
export async function invite(
  deps: IdentityDeps,
  actor: Actor,
  teamId: string,
  input: { userId?: string; email?: string; role?: Role },
): Promise<InvitationInfo> {
  const team = await teamForRoles(deps, teamId);
  const role = input.role ?? 'member';
  checkGrant(await managerOfTeam(deps, actor, team), role);
  let invitee: { userId: string | null; email: string | null };
  if (input.userId) {
    const user = await deps.users.find(input.userId);
    if (!user) throw notFound('User');
    if (user._id === actor.id) throw forbidden('You cannot invite yourself');
    if (await deps.teams.isMember(teamId, user._id))
      throw conflict('Already a member of the team', { rule: 'already_member' });
    invitee = { userId: user._id, email: null };
  } else {
    invitee = { userId: null, email: input.email!.toLowerCase() };
  }
  const at = now();
  if (await deps.invitations.pendingFor(teamId, invitee, at))
    throw conflict('Already invited; revoke that invitation first', { rule: 'already_invited' });
  const id = randomUUID();
  const invitation = await deps.invitations.create(
    {
      _id: id,
      teamId,
      role,
      ...invitee,
      invitedBy: actor.id,
      expiresAt: new Date(at.getTime() + deps.invitationTtlMs),
    },
    invitationEvent(actor, 'created', { id, teamId, role, ...invitee }),
  );
  deps.outbox.flush(deps.invitations.model, id);
  return info(deps, [invitation], at).then((all) => all[0]!);
}

/** The caller's pending invitations (to their id or their email), newest first. */
export async function myInvitations(deps: IdentityDeps, actor: Actor): Promise<InvitationInfo[]> {
  requireHuman(actor, 'have invitations');
  const user = await deps.users.find(actor.id);
  const at = now();
  const found = await deps.invitations.forInvitee(actor.id, user?.email?.toLowerCase() ?? null, at);
  return info(deps, found, at);
}

/** A team's pending invitations, for its owners and admins. */
export async function teamInvitations(
  deps: IdentityDeps,
  actor: Actor,
  teamId: string,
): Promise<InvitationInfo[]> {
  const team = await teamForRoles(deps, teamId);
  await managerOfTeam(deps, actor, team);
  const at = now();
  return info(deps, await deps.invitations.forTeam(teamId, at), at);
}

/** Revokes a pending invitation of the team (owners and admins); an ended one is 409. */
export async function revokeInvitation(
  deps: IdentityDeps,
  actor: Actor,
  teamId: string,
  invitationId: string,
): Promise<void> {
  const team = await teamForRoles(deps, teamId);
  await managerOfTeam(deps, actor, team);
  const found = await deps.invitations.find(invitationId);
  if (!found || found.teamId !== teamId) throw notFound('Invitation');
  const at = now();
  const event = invitationEvent(actor, 'revoked', eventData(found));
  if (await deps.invitations.respond(invitationId, 'revoked', at, event, teamId)) {
    deps.outbox.flush(deps.invitations.model, invitationId);
    return;
  }
  throw ended(invitationState((await deps.invitations.find(invitationId)) ?? found, at));
}

/**
 * Accepts or declines an invitation of the caller's. One conditional write ends it, so an
 * accept racing a revoke or a second accept has one winner; the winner of an accept then
 * joins the team with the invitation's role (a member already stays as they are).
 */
export async function answerInvitation(
  deps: IdentityDeps,
  actor: Actor,
  invitationId: string,
  answer: 'accepted' | 'declined',
): Promise<InvitationInfo> {
  requireHuman(actor, 'answer invitations');
  const user = await deps.users.find(actor.id);
  const found = await deps.invitations.find(invitationId);
  // Someone else's invitation does not exist for the caller.
  if (!user || !found || !isInvitee(found, user)) throw notFound('Invitation');
  // An instance admin inviting their own email would add themselves to any team.
  if (answer === 'accepted' && found.invitedBy === actor.id)
    throw forbidden('An invitation you made yourself cannot be accepted by you');
  const at = now();
  const event = invitationEvent(actor, answer, eventData(found));
  const done = await deps.invitations.respond(invitationId, answer, at, event);
  if (!done) {
    const current = (await deps.invitations.find(invitationId)) ?? found;
    // Accepting is two writes: one accepted with no membership ever made (a crash between
    // them) is finished by accepting again; once joined, even if left since, it is over.
    if (answer === 'accepted' && current.status === 'accepted') {
      const made = await deps.teams.everMember(current.teamId, actor.id);
      if (!made) return joinAccepted(deps, actor, current, at);
    }
    throw ended(invitationState(current, at));
  }
  deps.outbox.flush(deps.invitations.model, invitationId);
  if (answer === 'accepted') return joinAccepted(deps, actor, done, at);
  return info(deps, [done], at).then((all) => all[0]!);
}

/** The membership an accepted invitation gives (a member already stays as they are). */
async function joinAccepted(deps: IdentityDeps, actor: Actor, accepted: InvitationDoc, at: Date) {
  const team = await teamForRoles(deps, accepted.teamId);
  await join(deps, actor, team, actor.id, accepted.role);
  return info(deps, [accepted], at).then((all) => all[0]!);
}

const eventData = (i: InvitationDoc) => ({
  id: i._id,
  teamId: i.teamId,
  role: i.role,
  userId: i.userId,
  email: i.email,
});

/** 409 for an invitation that can no longer be answered or revoked, naming why. */
function ended(state: InvitationState): AppError {
  return conflict(`The invitation is ${state}`, { rule: `invitation_${state}`, status: state });
}

async function info(deps: IdentityDeps, found: InvitationDoc[], at: Date) {
  const teamIds = [...new Set(found.map((i) => i.teamId))];
  const inviterIds = [...new Set(found.map((i) => i.invitedBy))];
  const [teams, inviters] = await Promise.all([
    deps.teams.teamsOf(teamIds),
    deps.users.summaries(inviterIds),
  ]);
  const teamById = new Map(teams.map((t) => [t._id, t]));
  const nameById = new Map(inviters.map((u) => [u.id, u.name]));
  return found.flatMap((invitation) => {
    const team = teamById.get(invitation.teamId);
    if (!team) return [];
    return [
      {
        invitation,
        state: invitationState(invitation, at),
        team,
        inviter: {
          id: invitation.invitedBy,
          name: nameById.get(invitation.invitedBy) ?? 'Deleted user',
        },
      },
    ];
  });
}
