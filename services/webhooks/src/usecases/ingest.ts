import type { EventEnvelope } from '@momentum/contracts';
import { audienceOf, entryForSource, type Audience } from '../domain/catalogue.js';
import { isAfterCreation, wants } from '../domain/event-filter.js';
import { messageOf } from '../domain/payload.js';
import { eventKeys } from '../domain/visibility.js';
import type { WebhooksDeps } from '../deps.js';

type IngestDeps = Pick<
  WebhooksDeps,
  'subscriptions' | 'deliveries' | 'projectTeams' | 'log' | 'scheduled'
>;

/**
 * One event from a source stream → one delivery per matching active subscription, each
 * written (one insert, due at once) before this returns; the consumer acks only then. Ingest
 * never sends anything, so a slow receiver cannot hold a stream back. Run again for the
 * same event (a redelivery from JetStream), it creates nothing new. Answers how many
 * subscriptions matched.
 */
export async function ingestEvent(deps: IngestDeps, event: EventEnvelope): Promise<number> {
  const entry = entryForSource(event.type);
  if (!entry || typeof event.id !== 'string' || !event.id) return 0;
  const audience = await resolveAudience(deps, entry.family, event);
  if (!audience) return 0;
  const keys = eventKeys(audience, entry.scopes);
  if (!keys.length) return 0;
  const subscriptions = (await deps.subscriptions.matching(keys)).filter(
    (s) => wants(s.events, entry.type) && isAfterCreation(event.occurredAt, s.createdAt),
  );
  if (!subscriptions.length) return 0;

  const body = JSON.stringify(messageOf(entry, event, audience.teamId));
  const now = new Date();
  await Promise.all(
    subscriptions.map((s) =>
      deps.deliveries.record(
        {
          subscriptionId: s._id,
          eventId: event.id,
          eventType: entry.type,
          body,
          audience: { userId: audience.userId, teamId: audience.teamId },
        },
        now,
      ),
    ),
  );
  deps.scheduled();
  return subscriptions.length;
}

/** Whom the event concerns, with an issue-family event's team looked up from its project. */
async function resolveAudience(
  deps: IngestDeps,
  family: Parameters<typeof audienceOf>[0],
  event: EventEnvelope,
): Promise<Audience | null> {
  const audience = audienceOf(family, event.data);
  // An agent's notification concerns no personal webhook: not worth a warning.
  if (!audience && family === 'notification') return null;
  if (!audience) {
    deps.log.warn(
      { eventId: event.id, type: event.type },
      'event without an audience; not delivered',
    );
    return null;
  }
  const projectId = family === 'project' ? (event.data as { id?: unknown }).id : null;
  if (typeof projectId === 'string' && audience.teamId)
    await deps.projectTeams.remember(projectId, audience.teamId);
  if (!audience.projectId) return audience;
  const teamId = await deps.projectTeams.teamOf(audience.projectId);
  if (!teamId) {
    deps.log.warn(
      { eventId: event.id, projectId: audience.projectId },
      'event of an unknown project; not delivered',
    );
    return null;
  }
  return { ...audience, teamId };
}
