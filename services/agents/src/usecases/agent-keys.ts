import {
  conflict,
  hourlyQuota,
  grantFor,
  notFound,
  scopeOf,
  type Actor,
  type ApiScope,
  type KeyGrantInput,
} from '@momentum/contracts';
import { hashSecret, newApiKey } from '@momentum/keys';
import type { AgentsDeps } from '../deps.js';
import { agentUpdated, keyRotated } from '../events/agent-events.js';
import { requireHuman } from './manage-agents.js';
import type { AgentDoc } from '../store/models.js';
import { agentEventData } from '../domain/event-data.js';

export interface MintedKey {
  agentId: string;
  /** The raw key: returned to the caller this once, never stored or logged. */
  apiKey: string;
  name: string | null;
  scopes: ApiScope[] | null;
  expiresAt: string | null;
}

const HAS_KEY = 'This agent already has an API key; rotate it with POST /api/agents/:id/regen-key';

/**
 * Stores a fresh key for the agent. `accept` decides from the agent as stored whether
 * (and as which event) the key may be set; it is judged again on every attempt of the
 * revision-guarded write (see AgentStore.change), so two mints racing in any processes
 * cannot both find the agent keyless, and a rotation revokes the key the agent really
 * held. bcrypt runs once, before.
 */
async function storeNewKey(
  deps: AgentsDeps,
  actor: Actor,
  id: string,
  input: KeyGrantInput | undefined,
  accept: (agent: AgentDoc) => { revokedKeyId: string | null; rotated: boolean },
): Promise<MintedKey> {
  const { store, outbox, keyHashCost } = deps;
  requireHuman(actor);
  // Never more than the calling key holds (403 otherwise).
  const grant = grantFor(actor, input);
  const scope = scopeOf(actor);
  const current = await store.get(scope, id);
  if (!current) throw notFound('Agent');
  accept(current); // refuse early, before paying for bcrypt
  const perHour = deps.limits?.keyMintsPerHour;
  checkMintQuota(current, perHour);
  const key = newApiKey('a');
  const hash = await hashSecret(key.secret, keyHashCost);
  const stored = await store.change(scope, id, (agent) => {
    const { revokedKeyId, rotated } = accept(agent);
    // Judged again on the agent as written: racing mints in any process cannot all pass.
    const minted = checkMintQuota(agent, perHour);
    const data = agentEventData(agent, revokedKeyId);
    return {
      set: {
        keyId: key.keyId,
        keyHash: hash,
        keyName: grant.name,
        keyScopes: grant.scopes,
        keyExpiresAt: grant.expiresAt,
        keyMintedAt: [...minted, new Date()],
      },
      event: rotated ? keyRotated(actor, data) : agentUpdated(actor, data),
    };
  });
  if (!stored) throw notFound('Agent');
  await outbox.announce(store.m.Agent, id, stored.event);
  return {
    agentId: id,
    apiKey: key.raw,
    name: grant.name,
    scopes: grant.scopes,
    expiresAt: grant.expiresAt?.toISOString() ?? null,
  };
}

/** The agent's first key; 409 when it has one already (rotate instead). */
export function mintKey(
  deps: AgentsDeps,
  actor: Actor,
  id: string,
  input?: KeyGrantInput,
): Promise<MintedKey> {
  return storeNewKey(deps, actor, id, input, (agent) => {
    if (agent.keyId) throw conflict(HAS_KEY);
    return { revokedKeyId: null, rotated: false };
  });
}

/**
 * A new key replaces the old one in one write, so the old key fails from that moment;
 * the event tells every gateway to forget it. An agent without a key gets its first.
 * Concurrent rotations all succeed, one after the other: each revokes the key before it,
 * and only the last one's key works.
 */
export function rotateKey(
  deps: AgentsDeps,
  actor: Actor,
  id: string,
  input?: KeyGrantInput,
): Promise<MintedKey> {
  return storeNewKey(deps, actor, id, input, (agent) => ({
    revokedKeyId: agent.keyId,
    rotated: true,
  }));
}

const HOUR_MS = 3_600_000;

/**
 * The agent's keys made in the last hour; 429 when they are `perHour` already (the oldest
 * leaving the hour frees a slot). A loop of rotations costs at most that many bcrypt hashes.
 */
function checkMintQuota(agent: AgentDoc, perHour: number | undefined, now = Date.now()): Date[] {
  const recent = (agent.keyMintedAt ?? []).filter((at) => now - at.getTime() < HOUR_MS);
  if (perHour && recent.length >= perHour)
    throw hourlyQuota(
      'Keys made per agent',
      perHour,
      (recent[0]!.getTime() + HOUR_MS - now) / 1000,
    );
  return recent;
}
