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
 * The audience over HTTP, asked afresh for every event (no cache to go stale): a member
 * removed from a team is not told of it from the next event on. A user hears of the teams
 * they are a member of; an agent, while active, of its own team, or of its owner's teams
 * when it has none, and only while its owner is a member (as its key's actor is made). Identity or agents away is an error (the event
 * is retried), never "nobody".
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
    // Two calls whatever the number of people: the team's members, and the agents named.
    const [members, agents] = await Promise.all([
      this.identity.get<UserSummary[]>(`/internal/teams/${encodeURIComponent(teamId)}/members`),
      agentIds.length
        ? this.agents.post<AgentSummary[]>('/internal/agents/lookup', { ids: agentIds })
        : Promise.resolve([] as AgentSummary[]),
    ]);
    const inTeam = new Set((members ?? []).map((m) => m.id));
    const agentById = new Map((agents ?? []).map((a) => [a.id, a]));
    return people.filter((p) => {
      if (p.type === 'user') return inTeam.has(p.id);
      const agent = agentById.get(p.id);
      // Never more than its owner reaches (agents' key-actor.ts): the owner must be a member.
      if (!agent?.isActive || !inTeam.has(agent.ownerId)) return false;
      return !agent.teamId || agent.teamId === teamId;
    });
  }

  async names(ids: readonly string[]): Promise<Map<string, string>> {
    if (!ids.length) return new Map();
    const [users, agents] = await Promise.all([
      this.identity.post<UserSummary[]>('/internal/users/lookup', { ids }),
      this.agents.post<AgentSummary[]>('/internal/agents/lookup', { ids }),
    ]);
    return new Map([...(users ?? []), ...(agents ?? [])].map((p) => [p.id, p.name]));
  }

  async close(): Promise<void> {
    await Promise.all([this.identity.close(), this.agents.close()]);
  }
}
