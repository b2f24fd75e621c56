import { notFound, type KeyRecord } from '@momentum/contracts';
import type { AgentsDeps } from '../deps.js';
import { agentKeyActor } from '../domain/key-actor.js';
import { needsLastUsedTouch } from '../domain/last-used.js';

/**
 * What a gateway needs to verify an agent key: the hash and whom the key acts as. A
 * key that was rotated away, or whose agent is inactive, deleted or ownerless, is not
 * found — that is how such keys are refused.
 */
export async function keyRecord(deps: AgentsDeps, keyId: string): Promise<KeyRecord> {
  const agent = await deps.store.findByKeyId(keyId);
  if (!agent || !agent.isActive || !agent.keyHash) throw notFound('Key');
  const owner = await deps.owners.owner(agent.ownerId);
  if (!owner) throw notFound('Key');
  // Use is marked only once the gateway has checked the secret (markKeyUsed).
  return {
    keyId,
    hash: agent.keyHash,
    actor: {
      ...agentKeyActor(
        { id: agent._id, name: agent.name, ownerId: agent.ownerId, teamId: agent.teamId },
        owner,
      ),
      // The gateway enforces both: an expired key is refused, a call outside its scopes is 403.
      scopes: agent.keyScopes ?? null,
      keyExpiresAt: agent.keyExpiresAt ? agent.keyExpiresAt.toISOString() : null,
      keyId: agent.keyId,
    },
  };
}

/** The gateway verified the agent key's secret: lastUsedAt, at most once a minute. */
export async function markKeyUsed(deps: AgentsDeps, keyId: string, now = new Date()) {
  const agent = await deps.store.findByKeyId(keyId);
  if (agent?.isActive && needsLastUsedTouch(agent.lastUsedAt, now))
    await deps.store.touchLastUsed(agent._id, now);
}

/** Summaries of live agents by ids, team or owners, for other services. */
export const lookupAgents = (
  { store }: AgentsDeps,
  criteria: { teamId?: string; ids?: string[]; ownerIds?: string[] },
) => store.lookup(criteria);

/**
 * Whom an OAuth grant made "acting as" this agent acts as (the gateway's authorization
 * server): the actor an agent key would have, without a key's scopes — the grant's apply.
 * Not found unless the agent is live, active and owned by `ownerId`.
 */
export async function grantActor(deps: AgentsDeps, agentId: string, ownerId: string) {
  const agent = await deps.store.get({ userId: ownerId, teamIds: [], actorId: ownerId }, agentId);
  if (!agent || !agent.isActive) throw notFound('Agent');
  const owner = await deps.owners.owner(agent.ownerId);
  if (!owner) throw notFound('Agent');
  return agentKeyActor(
    { id: agent._id, name: agent.name, ownerId: agent.ownerId, teamId: agent.teamId },
    owner,
  );
}
