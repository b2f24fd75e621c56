import type { Readable } from 'node:stream';
import { SYSTEM_ACTOR } from '@momentum/contracts';
import { ndjsonSections } from '@momentum/http';
import type { AgentsDeps } from '../deps.js';
import { agentDeleted } from '../events/agent-events.js';
import { agentEventData } from '../domain/event-data.js';

/** The agents the person owns (never a key's hash), as NDJSON (identity's export). */
export function exportUserData({ personalData }: AgentsDeps, userId: string): Readable {
  return ndjsonSections([['agents', () => personalData.agents(userId)]]);
}

/**
 * Erases what agents holds of the person (idempotent): each live agent is deleted as
 * `DELETE /api/agents/:id` does, its event announced (gateways drop its key at once), then
 * the deleted rows are disowned.
 */
export async function eraseUserData(deps: AgentsDeps, userId: string): Promise<void> {
  const { store, outbox, personalData } = deps;
  const scope = { userId, teamIds: [], actorId: userId };
  for (const id of await personalData.liveAgentIds(userId)) {
    const deleted = await store.change(scope, id, (before) => ({
      set: { deletedAt: new Date(), isActive: false, keyId: null, keyHash: null },
      event: agentDeleted(
        SYSTEM_ACTOR,
        agentEventData({ ...before, isActive: false }, before.keyId),
      ),
    }));
    if (deleted) await outbox.announce(store.m.Agent, id, deleted.event);
  }
  await personalData.disown(userId);
}
