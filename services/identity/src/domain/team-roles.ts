import { forbidden, type TeamRole } from '@momentum/contracts';

/** Who may manage a team's members: its owners and admins (an instance admin as an owner). */
export type Manager = 'owner' | 'admin';

/** A membership's role; one stored before roles is `member`, or `owner` for the team's creator. */
export function roleOf(
  membership: { userId: string; role?: TeamRole | null },
  team: { createdBy: string },
): TeamRole {
  return membership.role ?? (membership.userId === team.createdBy ? 'owner' : 'member');
}

/** How the caller may manage the team: by their role in it, or as an instance admin. */
export function managerOf(role: TeamRole | null, isInstanceAdmin: boolean): Manager | null {
  if (role === 'owner' || isInstanceAdmin) return 'owner';
  return role === 'admin' ? 'admin' : null;
}

const OWNERS_ONLY = 'Only an owner of the team can grant or change the owner role';

/** Adding or inviting someone with `role`: owners and admins; owners alone grant `owner`. */
export function checkGrant(manager: Manager | null, role: TeamRole): void {
  if (!manager) throw forbidden('Only owners and admins of the team can add members');
  if (role === 'owner' && manager !== 'owner') throw forbidden(OWNERS_ONLY);
}

/** Anyone may leave; owners and admins remove others, and only owners remove an owner. */
export function checkRemove(manager: Manager | null, target: TeamRole, self: boolean): void {
  if (self) return;
  if (!manager) throw forbidden('Only owners and admins of the team can remove members');
  if (target === 'owner' && manager !== 'owner')
    throw forbidden('Only an owner of the team can remove an owner');
}

/** Changing a role: owners and admins; anything to do with `owner` is for owners. */
export function checkRoleChange(manager: Manager | null, from: TeamRole, to: TeamRole): void {
  if (!manager) throw forbidden('Only owners and admins of the team can change roles');
  if ((from === 'owner' || to === 'owner') && manager !== 'owner') throw forbidden(OWNERS_ONLY);
}
