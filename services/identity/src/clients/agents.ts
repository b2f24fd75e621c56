import type { AgentSummary } from '@momentum/contracts';
import type { InternalClient } from '@momentum/http';

/** A team's agents, as the directory reads them (tests pass their own). */
export interface TeamAgents {
  teamAgents(teamId: string): Promise<AgentSummary[]>;
  close(): Promise<void>;
}

/** The agents service, as identity reads it: a team's agents for the team's directory. */
export class AgentsClient implements TeamAgents {
  constructor(private readonly http: InternalClient) {}

  /** The team's live agents, one call (agents' `{teamId, deletedAt}` index). */
  async teamAgents(teamId: string): Promise<AgentSummary[]> {
    const rows = await this.http.post<AgentSummary[]>('/internal/agents/lookup', { teamId });
    return (rows ?? []).filter((a) => a.isActive && a.teamId === teamId);
  }

  close(): Promise<void> {
    return this.http.close();
  }
}
