import {
  EventTypes,
  type Actor,
  type EventEnvelope,
  type ProjectEventData,
} from '@momentum/contracts';
import { makeEvent } from '@momentum/messaging';
import type { ProjectDoc } from '../store/models.js';

type EventSource = Pick<ProjectDoc, '_id' | 'teamId' | 'key' | 'name' | 'slug' | 'status'>;

const dataOf = (p: EventSource): ProjectEventData => ({
  id: p._id,
  teamId: p.teamId,
  key: p.key,
  name: p.name,
  slug: p.slug,
  status: p.status,
});

/** Envelopes written into the project's `_outbox`; the relay publishes them. */
export const projectCreated = (p: EventSource, actor: Actor): EventEnvelope<ProjectEventData> =>
  makeEvent(EventTypes.projects.projectCreated, dataOf(p), actor);

export const projectUpdated = (p: EventSource, actor: Actor): EventEnvelope<ProjectEventData> =>
  makeEvent(EventTypes.projects.projectUpdated, dataOf(p), actor);
