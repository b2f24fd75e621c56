import { randomUUID } from 'node:crypto';
import {
  forbidden,
  notFound,
  scopeOf,
  type Actor,
  type CreateAgentInput,
  type UpdateAgentInput,
} from '@momentum/contracts';
import type { AgentDoc } from '../store/models.js';
import type { AgentsDeps } from '../deps.js';
import { agentCreated, agentDeleted, agentUpdated } from '../events/agent-events.js';
import { mayAttachToTeam } from '../domain/team-rule.js';
import { agentEventData, keyToForget } from '../domain/event-data.js';
import { checkAgentQuota } from './agent-quota.js';

/** Agents act for their owner but cannot create or change agents or keys. */
export function requireHuman(actor: Actor): void {
  if (actor.type !== 'user') throw forbidden('Agents cannot create or change agents or their keys');
}

function requireTeam(actor: Actor, teamId: string | null | undefined): void {
  if (!mayAttachToTeam(actor.teamIds, teamId))
    throw forbidden('You can only attach an agent to a team you belong to');
}

export async function createAgent(
  { store, outbox, limits }: AgentsDeps,
  actor: Actor,
  input: CreateAgentInput,
): Promise<AgentDoc> {
  requireHuman(actor);
  requireTeam(actor, input.teamId);
  const scope = scopeOf(actor);
  await checkAgentQuota(store, limits, scope);
  const id = randomUUID();
  const teamId = input.teamId ?? null;
  const event = agentCreated(
    actor,
    agentEventData({ _id: id, ownerId: scope.userId, teamId, isActive: true }),
  );
  const agent = await store.create(
    scope,
    id,
    {
      name: input.name,
      description: input.description ?? '',
      capabilities: input.capabilities ?? [],
      teamId,
      config: input.config ?? {},
    },
    event,
  );
  await outbox.announce(store.m.Agent, id, event);
  return agent;
}

/**
 * The event reports the agent as the write leaves it (team, `isActive`, the key whose
 * cached verdict flips), judged on the agent as stored when the write lands.
 */
export async function updateAgent(
  { store, outbox }: AgentsDeps,
  actor: Actor,
  id: string,
  input: UpdateAgentInput,
): Promise<AgentDoc> {
  requireHuman(actor);
  requireTeam(actor, input.teamId);
  const changes = Object.fromEntries(Object.entries(input).filter(([, v]) => v !== undefined));
  const changed = await store.change(scopeOf(actor), id, (before) => ({
    set: changes,
    event: agentUpdated(
      actor,
      agentEventData(
        {
          ...before,
          teamId: input.teamId === undefined ? before.teamId : input.teamId,
          isActive: input.isActive ?? before.isActive,
        },
        keyToForget(before, input.isActive),
      ),
    ),
  }));
  if (!changed) throw notFound('Agent');
  await outbox.announce(store.m.Agent, id, changed.event);
  return changed.after;
}

/** Soft delete; the event names the key the agent held when the delete landed. */
export async function deleteAgent(
  { store, outbox }: AgentsDeps,
  actor: Actor,
  id: string,
): Promise<void> {
  requireHuman(actor);
  const deleted = await store.change(scopeOf(actor), id, (before) => ({
    set: { deletedAt: new Date(), isActive: false, keyId: null, keyHash: null },
    event: agentDeleted(actor, agentEventData({ ...before, isActive: false }, before.keyId)),
  }));
  if (!deleted) throw notFound('Agent');
  await outbox.announce(store.m.Agent, id, deleted.event);
}

/** The caller's agents, a page of them. */
export const listAgents = ({ store }: AgentsDeps, actor: Actor, page: number, limit: number) =>
  store.list(scopeOf(actor), page, limit);

/** One of the caller's agents. */
export async function getAgent({ store }: AgentsDeps, actor: Actor, id: string): Promise<AgentDoc> {
  const agent = await store.get(scopeOf(actor), id);
  if (!agent) throw notFound('Agent');
  return agent;
}
