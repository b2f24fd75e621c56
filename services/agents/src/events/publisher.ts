import {
  AppError,
  EventTypes,
  makeEvent,
  type Actor,
  type AgentEventData,
  type EventEnvelope,
} from '@momentum/contracts';
import type { EventBus } from '@momentum/messaging';
import type { OutboxRelay } from '@momentum/messaging/outbox';
import type { AgentStore } from '../store/agent-store.js';

/**
 * Agent events are cache-invalidation signals for every gateway (a rotated key, a
 * deactivated or deleted agent must stop working at once). Each is written into the
 * agent's outbox with the change, then published and awaited before the reply, so a
 * client that saw the reply can rely on it having gone out; the outbox relay covers a
 * crash in between (the event id deduplicates a second publish).
 */
export class AgentEvents {
  constructor(
    private readonly bus: EventBus,
    private readonly store: AgentStore,
    private readonly relay: OutboxRelay,
  ) {}

  created = (actor: Actor, data: AgentEventData) =>
    makeEvent(EventTypes.agents.agentCreated, data, actor);
  updated = (actor: Actor, data: AgentEventData) =>
    makeEvent(EventTypes.agents.agentUpdated, data, actor);
  deleted = (actor: Actor, data: AgentEventData) =>
    makeEvent(EventTypes.agents.agentDeleted, data, actor);
  keyRotated = (actor: Actor, data: AgentEventData) =>
    makeEvent(EventTypes.agents.keyRotated, data, actor);

  async announce(agentId: string, event: EventEnvelope): Promise<void> {
    try {
      await this.bus.publish(event);
    } catch {
      // Saved, but not yet announced: the relay retries (and sweeps until it succeeds);
      // the caller must not assume it went out.
      this.relay.flush(this.store.m.Agent, agentId);
      throw new AppError(
        'INTERNAL_ERROR',
        'The change was saved but could not be announced yet; it will be retried shortly',
      );
    }
    await this.store.clearOutbox(agentId, [event]).catch(() => undefined);
  }
}
