import {
  encodeListCursor,
  forbidden,
  startAfter,
  type Actor,
  type EventEnvelope,
  type ListAuditQuery,
  TOTAL_COUNTED_MAX,
} from '@momentum/contracts';
import type { IdentityDeps } from '../deps.js';
import type { AuditDoc } from '../store/models.js';
import { managerOf } from '../domain/team-roles.js';
import { auditTypeOf, forgetPeople, peopleOf } from '../domain/audit.js';
import { callerRole, teamForRoles } from './teams.js';

const NEWEST_FIRST = { field: 'at', direction: -1 as const };

/**
 * Records an event that concerns a team (it names `teamId`) in that team's log, once; an
 * event of no team (a teamless agent) is not recorded.
 */
export async function recordAudit(deps: IdentityDeps, event: EventEnvelope): Promise<void> {
  const type = auditTypeOf(event.type);
  const data = (event.data ?? {}) as Record<string, unknown>;
  if (!type || typeof data.teamId !== 'string') return;
  const at = new Date(event.occurredAt);
  const named = [event.actor?.id, data.userId, data.ownerId].filter(
    (id): id is string => typeof id === 'string',
  );
  // An event still in flight when its person asked to be deleted is recorded without them.
  const deleted = await deps.deletions.deletedAmong(named);
  const entry: AuditDoc = {
    _id: event.id,
    teamId: data.teamId,
    type,
    actor: event.actor ? { type: event.actor.type, id: event.actor.id } : null,
    data,
    people: peopleOf(event.actor ?? null, data),
    at,
    expiresAt: new Date(at.getTime() + deps.auditRetentionMs),
  };
  await deps.audit.record(deleted.length ? forgetPeople(entry, deleted) : entry);
}

/** A page of a team's audit log, for its owners and admins (and an instance admin). */
export async function teamAudit(
  deps: IdentityDeps,
  actor: Actor,
  teamId: string,
  q: ListAuditQuery,
): Promise<{ entries: AuditDoc[]; total: number; nextCursor: string | null }> {
  const team = await teamForRoles(deps, teamId);
  if (actor.type !== 'user' || !managerOf(await callerRole(deps, actor, team), actor.isAdmin))
    throw forbidden('Only owners and admins of the team can read its audit log');
  const after = startAfter({ after: q.after, page: 1, sort: NEWEST_FIRST });
  const [rows, total] = await Promise.all([
    deps.audit.page(teamId, q.limit, after),
    deps.audit.count(teamId, TOTAL_COUNTED_MAX + 1),
  ]);
  const entries = rows.slice(0, q.limit);
  const last = entries.at(-1);
  const nextCursor =
    rows.length > q.limit && last
      ? encodeListCursor({ sort: '-at', value: last.at, id: last._id })
      : null;
  return { entries, total, nextCursor };
}
