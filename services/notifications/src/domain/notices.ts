import {
  EventTypes,
  type CommentEventData,
  type EventEnvelope,
  type IssueEventData,
  type MembershipEventData,
  type Notification,
  type Recipient,
  type Watcher,
} from '@momentum/contracts';

/** A notification decided from an event, before it is stored (no id, read flag or time yet). */
export interface Notice {
  recipient: Recipient;
  /** The team whose member the recipient must still be to be told (every notice has one). */
  teamId: string;
  /** Makes a redelivered event store nothing twice: one notice per event, kind, person, subject. */
  key: string;
  body: Omit<Notification, 'id' | 'read' | 'createdAt' | 'actor'>;
}

/** The events notices come from, by the stream that carries them. */
export const SOURCES = {
  issues: [
    EventTypes.issues.issueCreated,
    EventTypes.issues.issueUpdated,
    EventTypes.issues.commentCreated,
    EventTypes.issues.commentUpdated,
  ],
  identity: [EventTypes.identity.membershipAdded],
} as const;

/**
 * Who is told what of one event: each person concerned, never the one who acted, at most
 * once per kind and subject. Pure: membership is checked afterwards (usecases/fan-out.ts).
 */
export function noticesOf(event: EventEnvelope): Notice[] {
  const out = new Notices(event);
  switch (event.type) {
    case EventTypes.issues.issueCreated:
    case EventTypes.issues.issueUpdated:
      issueNotices(out, event.data as IssueEventData, event.type);
      break;
    case EventTypes.issues.commentCreated:
    case EventTypes.issues.commentUpdated:
      commentNotices(out, event.data as CommentEventData, event.type);
      break;
    case EventTypes.identity.membershipAdded: {
      const d = event.data as MembershipEventData;
      out.add({ type: 'user', id: d.userId }, d.teamId, {
        type: 'team.member_added',
        subject: { type: 'team', id: d.teamId, ...(d.teamName ? { title: d.teamName } : {}) },
        teamId: d.teamId,
      });
      break;
    }
  }
  return out.list;
}

function issueNotices(out: Notices, d: IssueEventData, type: string): void {
  if (!d.teamId) return; // written before events carried what notices need
  const subject = {
    type: 'issue' as const,
    id: d.id,
    identifier: d.identifier,
    ...(d.title !== undefined ? { title: d.title } : {}),
  };
  const where = { teamId: d.teamId, projectId: d.projectId };
  const assigned =
    type === EventTypes.issues.issueCreated || d.changed?.includes('assigneeId')
      ? d.assignee
      : null;
  if (assigned && assigned.id !== d.previousAssignee?.id)
    out.add(assigned, d.teamId, { type: 'issue.assigned', subject, ...where });
  for (const person of d.mentioned ?? [])
    out.add(person, d.teamId, { type: 'issue.mentioned', subject, ...where });
  if (d.previousStatus && d.previousStatus !== d.status)
    for (const person of d.watchers ?? [])
      out.add(person, d.teamId, {
        type: 'issue.status_changed',
        subject,
        ...where,
        oldStatus: d.previousStatus,
        newStatus: d.status,
      });
  const blocker = { id: d.id, identifier: d.identifier, ...(d.title ? { title: d.title } : {}) };
  for (const u of d.unblocked ?? [])
    for (const person of u.watchers)
      out.add(person, u.teamId, {
        type: 'issue.unblocked',
        subject: { type: 'issue', id: u.id, identifier: u.identifier, title: u.title },
        teamId: u.teamId,
        projectId: u.projectId,
        blocker,
      });
}

function commentNotices(out: Notices, d: CommentEventData, type: string): void {
  if (!d.teamId || !d.identifier) return;
  const subject = {
    type: 'issue' as const,
    id: d.issueId,
    identifier: d.identifier,
    ...(d.issueTitle !== undefined ? { title: d.issueTitle } : {}),
  };
  const where = { teamId: d.teamId, projectId: d.projectId };
  const comment = { id: d.id, excerpt: d.excerpt ?? '' };
  const mentioned = d.mentioned ?? [];
  for (const person of mentioned)
    out.add(person, d.teamId, { type: 'issue.mentioned', subject, ...where, comment });
  if (type !== EventTypes.issues.commentCreated) return;
  // A mention says more than "a comment": the mentioned get that one alone.
  for (const person of d.watchers ?? [])
    if (!mentioned.some((m) => m.id === person.id))
      out.add(person, d.teamId, { type: 'issue.commented', subject, ...where, comment });
}

/** Collects notices, leaving out the actor and repeats. */
class Notices {
  readonly list: Notice[] = [];
  private readonly seen = new Set<string>();

  constructor(private readonly event: EventEnvelope) {}

  add(person: Watcher | Recipient, teamId: string, body: Notice['body']): void {
    if (!person?.id || (person.type !== 'user' && person.type !== 'agent')) return;
    if (this.event.actor && person.id === this.event.actor.id) return;
    const key = `${this.event.id}:${body.type}:${person.id}:${body.subject.id}`;
    if (this.seen.has(key)) return;
    this.seen.add(key);
    this.list.push({ recipient: { type: person.type, id: person.id }, teamId, key, body });
  }
}

/** The acting person as a notification shows them. */
export function actorOf(event: EventEnvelope): Notification['actor'] {
  const name = (event.data as { actorName?: unknown } | null)?.actorName;
  if (!event.actor) return { type: 'system', id: 'system', name: 'Momentum' };
  return {
    type: event.actor.type,
    id: event.actor.id,
    name: typeof name === 'string' ? name : '',
  };
}
