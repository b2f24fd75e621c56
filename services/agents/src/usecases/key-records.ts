import { notFound, type KeyRecord } from '@momentum/contracts';
import type { AgentsDeps } from '../deps.js';
import { agentKeyActor } from '../domain/key-actor.js';
import { needsLastUsedTouch } from '../domain/last-used.js';

/**
 * What a gateway needs to verify an agent key: the hash and whom the key acts as. A
 * key that was rotated away, or whose agent is inactive, deleted or ownerless, is not
 * found — that is how such keys are refused.
 */
export async function keyRecord(
  deps: AgentsDeps,
  keyId: string,
  onTouchError: (err: unknown) => void,
  now = new Date(),
): Promise<KeyRecord> {
  const agent = await deps.store.findByKeyId(keyId);
  if (!agent || !agent.isActive || !agent.keyHash) throw notFound('Key');
  const owner = await deps.owners.owner(agent.ownerId);
  if (!owner) throw notFound('Key');
  // Gateways ask on a cache miss, so this marks use at the cache's resolution. A failed
  // touch must not refuse a good key.
  if (needsLastUsedTouch(agent.lastUsedAt, now))
    await deps.store.touchLastUsed(agent._id, now).catch(onTouchError);
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

/** Summaries of live agents by ids, team or owners, for other services. */
export const lookupAgents = (
  { store }: AgentsDeps,
  criteria: { teamId?: string; ids?: string[]; ownerIds?: string[] },
) => store.lookup(criteria);
