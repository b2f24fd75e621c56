import type { EventEnvelope } from './events.js';
import type { EventTypeEntry } from './event-catalogue.js';

/** What a subscriber receives (a webhook, a live stream): the Standard Webhooks payload shape. */
export interface WebhookMessage {
  type: string;
  timestamp: string;
  data: Record<string, unknown>;
}

/**
 * The message for one event: only the catalogue's fields of the event's data, so an
 * internal field added to an event later (a key id, a revision) never leaks out. The team
 * of an issue-family event is the one looked up for its project.
 */
export function messageOf(
  entry: EventTypeEntry,
  event: EventEnvelope,
  teamId: string | null,
): WebhookMessage {
  const source = (event.data ?? {}) as Record<string, unknown>;
  const data: Record<string, unknown> = {};
  for (const field of Object.keys(entry.fields)) {
    if (field === 'actor')
      data.actor = event.actor ? { type: event.actor.type, id: event.actor.id } : null;
    else if (field === 'teamId') data.teamId = source.teamId ?? teamId;
    else if (source[field] !== undefined) data[field] = source[field];
  }
  return { type: entry.type, timestamp: event.occurredAt, data };
}
