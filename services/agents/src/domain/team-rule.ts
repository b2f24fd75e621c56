/** An agent may be attached only to a team its owner (the caller) belongs to; no team is always fine. */
export function mayAttachToTeam(
  callerTeamIds: readonly string[],
  teamId: string | null | undefined,
): boolean {
  return teamId === null || teamId === undefined || callerTeamIds.includes(teamId);
}
