import { quotaExceeded, type Scope } from '@momentum/contracts';
import type { AgentStore } from '../store/agent-store.js';

/**
 * 409 QUOTA_EXCEEDED (shape B on /api/agents: the message names the limit) when the owner
 * already has `agentsPerUser` live agents: each agent holds a key, and each key is its own
 * rate-limit bucket. Counted before the insert: creations racing at the same moment may pass
 * it by the few that raced.
 */
export async function checkAgentQuota(
  store: AgentStore,
  limits: { agentsPerUser: number } | undefined,
  scope: Scope,
): Promise<void> {
  if (!limits) return;
  if ((await store.countOwned(scope)) >= limits.agentsPerUser)
    throw quotaExceeded('Agents per user', limits.agentsPerUser);
}
