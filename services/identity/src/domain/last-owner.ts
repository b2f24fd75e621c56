/** A team as the last-owner rule sees it: its creator and its active members. */
export interface TeamOwnership {
  teamId: string;
  createdBy: string;
  members: ReadonlyArray<{ userId: string; role?: string }>;
}

/**
 * Whether a member owns the team: their role says `owner`; on a team whose memberships
 * carry no roles (made before roles), its creator does.
 */
function owns(team: TeamOwnership, userId: string): boolean {
  const roles = team.members.some((m) => m.role !== undefined);
  const member = team.members.find((m) => m.userId === userId);
  if (!member) return false;
  return roles ? member.role === 'owner' : team.createdBy === userId;
}

/**
 * The teams a person is the last owner of while others remain: deleting them would leave
 * those members without an owner, so the deletion is refused until ownership moves (as
 * GitHub refuses for an organization's last owner). A team the person is alone in does not
 * count: it is left without members, its content kept.
 */
export function soleOwnerOf(userId: string, teams: readonly TeamOwnership[]): string[] {
  return teams
    .filter(
      (team) =>
        owns(team, userId) &&
        team.members.some((m) => m.userId !== userId) &&
        !team.members.some((m) => m.userId !== userId && owns(team, m.userId)),
    )
    .map((team) => team.teamId);
}
