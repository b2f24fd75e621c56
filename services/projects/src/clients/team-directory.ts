import type { UserSummary } from '@momentum/contracts';
import type { InternalClient } from '@momentum/http';

/** Who belongs to a team (the identity service owns memberships). */
export interface TeamDirectory {
  isMember(teamId: string, userId: string): Promise<boolean>;
}

/** identity `GET /internal/teams/:id/members`; an unknown team has no members. */
export class HttpTeamDirectory implements TeamDirectory {
  constructor(private readonly identity: InternalClient) {}

  async isMember(teamId: string, userId: string): Promise<boolean> {
    const members = await this.identity.get<UserSummary[]>(
      `/internal/teams/${encodeURIComponent(teamId)}/members`,
    );
    return (members ?? []).some((m) => m.id === userId);
  }
}
