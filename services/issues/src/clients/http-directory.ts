import type { AgentSummary, UserSummary } from '@momentum/contracts';
import { InternalClient, signerToward } from '@momentum/http';
import type { Directory, Person } from './directory.js';

const user = (u: UserSummary): Person => ({
  id: u.id,
  name: u.name,
  avatar: u.avatar,
  type: 'user',
});
const agent = (a: AgentSummary): Person => ({
  id: a.id,
  name: a.name,
  avatar: a.avatar,
  type: 'agent',
});

/** The directory over HTTP: identity for users and memberships, agents for agents. */
export class HttpDirectory implements Directory {
  constructor(
    private readonly identity: InternalClient,
    private readonly agents: InternalClient,
  ) {}

  static fromConfig(config: {
    IDENTITY_URL: string;
    AGENTS_URL: string;
    INTERNAL_SECRET: string;
    SIGNING_KEYS?: string | undefined;
  }): HttpDirectory {
    return new HttpDirectory(
      new InternalClient(config.IDENTITY_URL, signerToward(config, 'issues', 'identity')),
      new InternalClient(config.AGENTS_URL, signerToward(config, 'issues', 'agents')),
    );
  }

  async teamMembers(teamId: string): Promise<Person[]> {
    const rows = await this.identity.get<UserSummary[]>(
      `/internal/teams/${encodeURIComponent(teamId)}/members`,
    );
    return (rows ?? []).map(user);
  }

  async teamAgents(teamId: string): Promise<Person[]> {
    const rows = await this.agents.post<AgentSummary[]>('/internal/agents/lookup', { teamId });
    return (rows ?? []).filter((a) => a.isActive && a.teamId === teamId).map(agent);
  }

  async people(ids: readonly string[]): Promise<Person[]> {
    if (!ids.length) return [];
    const [users, agents] = await Promise.all([
      this.identity.post<UserSummary[]>('/internal/users/lookup', { ids }),
      this.agents.post<AgentSummary[]>('/internal/agents/lookup', { ids }),
    ]);
    return [...(users ?? []).map(user), ...(agents ?? []).map(agent)];
  }

  async close(): Promise<void> {
    await Promise.all([this.identity.close(), this.agents.close()]);
  }
}
