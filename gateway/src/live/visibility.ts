import { EventTypes } from '@momentum/contracts';
import { NOTIFICATION, type LiveEvent } from './live-event.js';

/** Who reads a live stream, and what they asked for; `teamIds` follows their memberships. */
export interface Viewer {
  type: 'user' | 'agent' | 'system';
  /** The user's or the agent's id (an inbox belongs to it). */
  id: string;
  /** The user, or the agent's owner (whose personal things an agent reaches). */
  userId: string;
  teamIds: Set<string>;
  /** The public types asked for (`?types=`), already narrowed to the key's scopes. */
  types: ReadonlySet<string>;
  /** The id of the key the stream was opened with. */
  keyId: string | null;
}

/**
 * Whether a viewer may see an event, by the rules webhooks deliver by: an inbox entry goes to
 * its recipient alone; a domain event to the person it is about (`personal` types: their own
 * tasks, level, agents) and to the members of its team (`team` types: issues, comments,
 * projects, memberships, shared tasks), as memberships stand now.
 */
export function visibleTo(viewer: Viewer, event: LiveEvent): boolean {
  if (event.type === null || !viewer.types.has(event.type)) return false;
  if (event.type === NOTIFICATION)
    return event.recipient?.id === viewer.id && event.recipient.type === viewer.type;
  const { audience, entry } = event;
  if (!audience || !entry) return false;
  if (audience.userId === viewer.userId && entry.scopes.includes('personal')) return true;
  return (
    audience.teamId !== null && entry.scopes.includes('team') && viewer.teamIds.has(audience.teamId)
  );
}

/** What an event changes of a viewer's access: a team lost now, and whether to ask again. */
export interface AccessEffect {
  leftTeam: string | null;
  /** Ask who the key is again (teams, an agent's state); a refused key ends the stream. */
  recheck: boolean;
}

const NONE: AccessEffect = { leftTeam: null, recheck: false };

/** The events `accessEffect` reads: every stream is offered them, whoever they concern. */
const ACCESS_SOURCES: ReadonlySet<string> = new Set([
  EventTypes.identity.membershipRemoved,
  EventTypes.identity.membershipAdded,
  EventTypes.identity.keyRevoked,
  EventTypes.agents.agentUpdated,
  EventTypes.agents.agentDeleted,
  EventTypes.agents.keyRotated,
]);

/** Whether an event may change some viewer's access (see `accessEffect`). */
export const changesAccess = (event: LiveEvent): boolean => ACCESS_SOURCES.has(event.source);

/**
 * Applied before the event itself is judged, in stream order: from a removal on, nothing of
 * that team reaches the viewer (the removal itself included), whatever the key cache says.
 */
export function accessEffect(viewer: Viewer, event: LiveEvent): AccessEffect {
  if (!changesAccess(event)) return NONE;
  const data = (event.envelope.data ?? {}) as Record<string, unknown>;
  switch (event.source) {
    case EventTypes.identity.membershipRemoved:
      return data.userId === viewer.userId && typeof data.teamId === 'string'
        ? { leftTeam: data.teamId, recheck: true }
        : NONE;
    case EventTypes.identity.membershipAdded:
      return { leftTeam: null, recheck: data.userId === viewer.userId };
    case EventTypes.identity.keyRevoked:
      return { leftTeam: null, recheck: data.keyId === viewer.keyId };
    case EventTypes.agents.agentUpdated:
    case EventTypes.agents.agentDeleted:
    case EventTypes.agents.keyRotated:
      return {
        leftTeam: null,
        recheck:
          (viewer.type === 'agent' && data.id === viewer.id) ||
          (viewer.keyId !== null && data.revokedKeyId === viewer.keyId),
      };
    default:
      return NONE;
  }
}
