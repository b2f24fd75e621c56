import type { AgentEventData } from '@momentum/contracts';

interface AgentState {
  _id: string;
  ownerId: string;
  teamId: string | null;
  isActive: boolean;
}

/** What gateways need to drop cached verdicts: the agent, and a key id where one changed. */
export function agentEventData(agent: AgentState, revokedKeyId?: string | null): AgentEventData {
  return {
    id: agent._id,
    ownerId: agent.ownerId,
    teamId: agent.teamId,
    isActive: agent.isActive,
    ...(revokedKeyId !== undefined ? { revokedKeyId } : {}),
  };
}

/**
 * A change of `isActive` flips the verdict on the agent's key either way: gateways must
 * forget both "this key works" (deactivation) and "this key is refused" (reactivation).
 */
export function keyToForget(
  before: { isActive: boolean; keyId: string | null },
  isActiveAfter: boolean | undefined,
): string | null | undefined {
  return isActiveAfter !== undefined && before.isActive !== isActiveAfter
    ? before.keyId
    : undefined;
}
