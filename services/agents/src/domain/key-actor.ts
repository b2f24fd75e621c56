import type { KeyRecord } from '@momentum/contracts';

export interface AgentIdentity {
  id: string;
  name: string;
  ownerId: string;
  teamId: string | null;
}

export interface OwnerTeams {
  teamIds: readonly string[];
}

/**
 * Who an agent key acts as. The agent reaches its own team when it has one, else its
 * owner's teams — but never a team its owner has left, so an agent can never reach
 * more than its owner. Agents are never admins.
 */
export function agentKeyActor(agent: AgentIdentity, owner: OwnerTeams): KeyRecord['actor'] {
  const teamIds = agent.teamId
    ? owner.teamIds.includes(agent.teamId)
      ? [agent.teamId]
      : []
    : [...owner.teamIds];
  return {
    type: 'agent',
    id: agent.id,
    userId: agent.ownerId,
    name: agent.name,
    teamIds,
    isAdmin: false,
    agentTeamId: agent.teamId,
  };
}
