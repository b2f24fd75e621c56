import { conflict, notFound, scopeOf, type Actor } from '@momentum/contracts';
import { hashSecret, newApiKey } from '@momentum/service-kit';
import type { AgentDeps } from './manage-agents.js';
import { requireHuman } from './manage-agents.js';
import type { AgentDoc } from '../store/models.js';
import { agentEventData } from '../domain/event-data.js';

export interface MintedKey {
  agentId: string;
  /** The raw key: returned to the caller this once, never stored or logged. */
  apiKey: string;
}

const HAS_KEY = 'This agent already has an API key; rotate it with POST /api/agents/:id/regen-key';

/**
 * Stores a fresh key for the agent. `accept` decides from the current state whether
 * (and as which event) the key may be set. bcrypt runs before the per-agent queue; the
 * state is read again inside it, so the check and the write cannot be overtaken.
 */
async function storeNewKey(
  { store, events }: AgentDeps,
  actor: Actor,
  id: string,
  accept: (agent: AgentDoc) => { revokedKeyId: string | null; rotated: boolean },
): Promise<MintedKey> {
  requireHuman(actor);
  const scope = scopeOf(actor);
  const current = await store.get(scope, id);
  if (!current) throw notFound('Agent');
  accept(current); // refuse early, before paying for bcrypt
  const key = newApiKey('a');
  const hash = await hashSecret(key.secret);
  await store.serialized(id, async () => {
    const agent = await store.get(scope, id);
    if (!agent) throw notFound('Agent');
    const { revokedKeyId, rotated } = accept(agent);
    const data = agentEventData(agent, revokedKeyId);
    const event = rotated ? events.keyRotated(actor, data) : events.updated(actor, data);
    // The pointer goes first: a key the agent holds can always be found by its id.
    await store.addKeyPointer(key.keyId, id);
    if (!(await store.replaceKey(scope, id, agent.keyId, key.keyId, hash, event))) {
      await store.dropKeyPointer(key.keyId);
      throw notFound('Agent');
    }
    await events.announce(id, event);
    await store.dropKeyPointer(revokedKeyId);
  });
  return { agentId: id, apiKey: key.raw };
}

/** The agent's first key; 409 when it has one already (rotate instead). */
export function mintKey(deps: AgentDeps, actor: Actor, id: string): Promise<MintedKey> {
  return storeNewKey(deps, actor, id, (agent) => {
    if (agent.keyId) throw conflict(HAS_KEY);
    return { revokedKeyId: null, rotated: false };
  });
}

/**
 * A new key replaces the old one in one write, so the old key fails from that moment;
 * the event tells every gateway to forget it. An agent without a key gets its first.
 */
export function rotateKey(deps: AgentDeps, actor: Actor, id: string): Promise<MintedKey> {
  return storeNewKey(deps, actor, id, (agent) => ({ revokedKeyId: agent.keyId, rotated: true }));
}
