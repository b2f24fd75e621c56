import { EventTypes, type Actor, type AgentEventData } from '@momentum/contracts';
import { makeEvent } from '@momentum/messaging';

/**
 * Agent events are cache-invalidation signals for every gateway (a rotated key, a
 * deactivated or deleted agent must stop working at once). Each is written into the
 * agent's outbox with the change, then announced before the reply (`outbox.announce`), so
 * a client that saw the reply can rely on it having gone out; the outbox relay covers a
 * crash in between (the event id deduplicates a second publish).
 */
export const agentCreated = (actor: Actor, data: AgentEventData) =>
  makeEvent(EventTypes.agents.agentCreated, data, actor);

export const agentUpdated = (actor: Actor, data: AgentEventData) =>
  makeEvent(EventTypes.agents.agentUpdated, data, actor);

export const agentDeleted = (actor: Actor, data: AgentEventData) =>
  makeEvent(EventTypes.agents.agentDeleted, data, actor);

export const keyRotated = (actor: Actor, data: AgentEventData) =>
  makeEvent(EventTypes.agents.keyRotated, data, actor);
