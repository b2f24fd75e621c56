import type { LiveEvent } from './live-event.js';
import { NOTIFICATION } from './live-event.js';
import { changesAccess, type Viewer } from './visibility.js';

/**
 * The keys a hub files its streams under, so that an event is offered only to the streams
 * that may see it, not to every stream open on the gateway. They are a coarse first cut of
 * `visibleTo` (which every stream still applies, with its types): whoever `visibleTo` lets see
 * an event shares one of the event's routes. An event that changes someone's access goes to
 * every stream, since each stream applies it to its viewer in stream order.
 */
const inbox = (type: string, id: string) => `inbox:${type}:${id}`;
const user = (userId: string) => `user:${userId}`;
const team = (teamId: string) => `team:${teamId}`;

/** Every stream. */
export const EVERYONE = null;

/** What a viewer is filed under: their inbox, their own things, each team they are in. */
export function viewerRoutes(viewer: Viewer): string[] {
  const routes = [inbox(viewer.type, viewer.id), user(viewer.userId)];
  for (const teamId of viewer.teamIds) routes.push(team(teamId));
  return routes;
}

/** Whom an event may concern; EVERYONE for the events that change a viewer's access. */
export function eventRoutes(event: LiveEvent): readonly string[] | typeof EVERYONE {
  if (changesAccess(event)) return EVERYONE;
  if (event.type === NOTIFICATION)
    return event.recipient ? [inbox(event.recipient.type, event.recipient.id)] : [];
  const { audience, entry } = event;
  if (!audience || !entry) return [];
  const routes: string[] = [];
  if (audience.userId && entry.scopes.includes('personal')) routes.push(user(audience.userId));
  if (audience.teamId && entry.scopes.includes('team')) routes.push(team(audience.teamId));
  return routes;
}
