import {
  EventTypes,
  uuidv7,
  type EventEnvelope,
  type Notification,
  type NotificationCreatedData,
} from '@momentum/contracts';
import { makeEvent } from '@momentum/messaging';
import { actorOf, noticesOf, type Notice } from '../domain/notices.js';
import type { NotificationDoc } from '../store/models.js';
import type { NotificationsDeps } from '../deps.js';
import { notificationOf } from './views.js';

/**
 * One domain event → one notification per person concerned who may still read its team,
 * each stored with its `notification.created` event (published right after) and the inbox
 * trimmed to its cap. Run again for the same event (a redelivery), it stores and publishes
 * nothing new: each notification's key is unique. Answers how many were stored.
 */
export async function fanOut(deps: NotificationsDeps, event: EventEnvelope): Promise<number> {
  if (typeof event.id !== 'string' || !event.id) return 0;
  const notices = noticesOf(event);
  if (!notices.length) return 0;
  const actor = await namedActor(deps, event);
  let stored = 0;
  for (const [teamId, group] of byTeam(notices)) {
    const hearing = await deps.audience.mayHear(
      group.map((n) => n.recipient),
      teamId,
    );
    const allowed = new Set(hearing.map((r) => r.id));
    for (const notice of group) {
      if (!allowed.has(notice.recipient.id)) continue;
      if (await store(deps, notice, actor)) stored++;
    }
  }
  return stored;
}

async function store(
  deps: NotificationsDeps,
  notice: Notice,
  actor: Notification['actor'],
): Promise<boolean> {
  const now = deps.now();
  const base = {
    _id: uuidv7(now.getTime()),
    recipientId: notice.recipient.id,
    recipientType: notice.recipient.type,
    key: notice.key,
    read: false,
    actor,
    ...notice.body,
    createdAt: now,
    expiresAt: new Date(now.getTime() + deps.ttlMs),
  };
  const data: NotificationCreatedData = {
    recipient: notice.recipient,
    notification: notificationOf(base as NotificationDoc),
  };
  const event = makeEvent(EventTypes.notifications.notificationCreated, data, null);
  const doc: NotificationDoc = { ...(base as Omit<NotificationDoc, '_outbox'>), _outbox: [event] };
  if (!(await deps.notifications.insert(doc))) return false;
  deps.outbox.flush(deps.models.Notification, doc._id, [event]);
  await deps.notifications.trim(notice.recipient.id, deps.inboxCap);
  return true;
}

/** The actor with a name: the one the event carried, else asked of the directory. */
async function namedActor(
  deps: NotificationsDeps,
  event: EventEnvelope,
): Promise<Notification['actor']> {
  const actor = actorOf(event);
  if (actor.name || actor.type === 'system') return actor;
  try {
    return { ...actor, name: (await deps.audience.names([actor.id])).get(actor.id) ?? '' };
  } catch (err) {
    deps.log.warn({ err, eventId: event.id }, 'actor name lookup failed; sent without it');
    return actor;
  }
}

function byTeam(notices: Notice[]): Map<string, Notice[]> {
  const out = new Map<string, Notice[]>();
  for (const n of notices) out.set(n.teamId, [...(out.get(n.teamId) ?? []), n]);
  return out;
}
