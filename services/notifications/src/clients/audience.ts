import type { AgentSummary, Recipient, UserSummary } from '@momentum/contracts';
import { InternalClient, signerToward } from '@momentum/http';

/**
 * Who may still hear of a team, as memberships stand now — answered by identity (users'
 * teams) and agents (an agent's team and whether it is active). Behind an interface so the
 * service can be tested without them.
 */
export interface Audience {
  /** Those of `people` who may read the team's things at this moment. */
  mayHear(people: readonly Recipient[], teamId: string): Promise<Recipient[]>;
  /** Names of users and agents by id (for an event that did not carry its actor's). */
  names(ids: readonly string[]): Promise<Map<string, string>>;
  close(): Promise<void>;
}

/**
 * The audience over HTTP, asked afresh for every event: a member removed from a team is
 * not told of it from the next event on. A user reaches their teams; an agent, while
 * active, its own team, or its owner's teams when it has none (as the gateway decides).
 * Identity or agents away is an error (the event is retried), never "nobody".
 */
export class HttpAudience implements Audience {
  constructor(
    private readonly identity: InternalClient,
    private readonly agents: InternalClient,
  ) {}

  static fromConfig(config: {
    IDENTITY_URL: string;
    AGENTS_URL: string;
    INTERNAL_SECRET: string;
    SIGNING_KEYS?: string | undefined;
  }): HttpAudience {
    return new HttpAudience(
      new InternalClient(config.IDENTITY_URL, signerToward(config, 'notifications', 'identity')),
      new InternalClient(config.AGENTS_URL, signerToward(config, 'notifications', 'agents')),
    );
  }

  async mayHear(people: readonly Recipient[], teamId: string): Promise<Recipient[]> {
    const agentIds = people.filter((p) => p.type === 'agent').map((p) => p.id);
    const agents = agentIds.length
      ? ((await this.agents.post<AgentSummary[]>('/internal/agents/lookup', { ids: agentIds })) ??
        [])
      : [];
    const teamsOf = new Map<string, Promise<string[]>>();
    const userTeams = (userId: string) => {
      let teams = teamsOf.get(userId);
      if (!teams) teamsOf.set(userId, (teams = this.teamIdsOf(userId)));
      return teams;
    };
    const allowed = await Promise.all(
      people.map(async (p) => {
        if (p.type === 'user') return (await userTeams(p.id)).includes(teamId);
        const agent = agents.find((a) => a.id === p.id);
        if (!agent?.isActive) return false;
        if (agent.teamId) return agent.teamId === teamId;
        return (await userTeams(agent.ownerId)).includes(teamId);
      }),
    );
    return people.filter((_, i) => allowed[i]);
  }

  async names(ids: readonly string[]): Promise<Map<string, string>> {
    if (!ids.length) return new Map();
    const [users, agents] = await Promise.all([
      this.identity.post<UserSummary[]>('/internal/users/lookup', { ids }),
      this.agents.post<AgentSummary[]>('/internal/agents/lookup', { ids }),
    ]);
    return new Map([...(users ?? []), ...(agents ?? [])].map((p) => [p.id, p.name]));
  }

  private async teamIdsOf(userId: string): Promise<string[]> {
    const user = await this.identity.get<{ teamIds: string[] }>(
      `/internal/users/${encodeURIComponent(userId)}`,
    );
    return user?.teamIds ?? [];
  }

  async close(): Promise<void> {
    await Promise.all([this.identity.close(), this.agents.close()]);
  }
}
