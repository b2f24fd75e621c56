import { effectiveScopes, notFound, type Actor } from '@momentum/contracts';
import type { IdentityDeps } from '../deps.js';

/**
 * Who the caller acts as: an agent as its key says, a user as stored, with their progress.
 * A key without `profile:read` learns who it acts as and what it may do, nothing of the
 * profile (email, teams, XP and level).
 */
export async function whoAmI(deps: IdentityDeps, actor: Actor) {
  if (!effectiveScopes(actor.scopes).includes('profile:read')) return identityOnly(deps, actor);
  return whoAmIWithProfile(deps, actor);
}

async function identityOnly({ users }: IdentityDeps, actor: Actor) {
  if (actor.type === 'agent')
    return {
      type: 'agent' as const,
      id: actor.id,
      name: actor.name,
      ownerId: actor.userId,
      isAdmin: false,
      ...keyGrant(actor),
    };
  const user = await users.find(actor.id);
  if (!user) throw notFound('User');
  return {
    type: 'user' as const,
    id: user._id,
    name: user.name,
    isAdmin: user.isAdmin,
    ...keyGrant(actor),
  };
}

async function whoAmIWithProfile({ users, teams, habits }: IdentityDeps, actor: Actor) {
  if (actor.type === 'agent') {
    return {
      type: 'agent' as const,
      id: actor.id,
      name: actor.name,
      ownerId: actor.userId,
      teamId: actor.agentTeamId ?? null,
      teamIds: actor.teamIds,
      isAdmin: false,
      ...keyGrant(actor),
    };
  }
  const user = await users.find(actor.id);
  if (!user) throw notFound('User');
  const teamIds = await teams.teamIdsOf(user._id);
  const progress = habits ? await habits.progress(user._id) : null;
  return {
    type: 'user' as const,
    id: user._id,
    name: user.name,
    ...(user.email ? { email: user.email } : {}),
    teamIds,
    isAdmin: user.isAdmin,
    ...(progress ? { level: progress.level, xp: progress.xp } : {}),
    ...keyGrant(actor),
  };
}

/** The calling key's grant, as the gateway put it on the actor. */
const keyGrant = (actor: Actor) => ({
  scopes: effectiveScopes(actor.scopes),
  expiresAt: actor.keyExpiresAt ?? null,
});
