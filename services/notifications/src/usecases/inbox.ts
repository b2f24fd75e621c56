import {
  encodeListCursor,
  startAfter,
  TOTAL_COUNTED_MAX,
  type Actor,
  type ListNotificationsQuery,
  type MarkReadBody,
  type Notification,
} from '@momentum/contracts';
import type { NotificationsDeps } from '../deps.js';
import { notificationOf } from './views.js';

type Inbox = Pick<NotificationsDeps, 'notifications'>;

/** The inbox's one order (a cursor made for another is a 422 on `after`). */
const NEWEST_FIRST = { field: 'createdAt', direction: -1 as const };

/** GET /api/notifications: the caller's own inbox, newest first, by cursor. */
export async function listInbox(
  deps: Inbox,
  actor: Actor,
  q: ListNotificationsQuery,
): Promise<{ items: Notification[]; total: number; nextCursor: string | null }> {
  const after = startAfter({ after: q.after, page: 1, sort: NEWEST_FIRST });
  const [rows, total] = await Promise.all([
    deps.notifications.page(actor.id, { ...q, after }),
    deps.notifications.count(actor.id, q.unread, TOTAL_COUNTED_MAX + 1),
  ]);
  const page = rows.slice(0, q.limit);
  const last = page.at(-1);
  const nextCursor =
    rows.length > q.limit && last
      ? encodeListCursor({ sort: '-createdAt', value: last.createdAt, id: last._id })
      : null;
  return { items: page.map(notificationOf), total, nextCursor };
}

/** POST /api/notifications/read: answers how many notifications became read. */
export const markRead = (deps: Inbox, actor: Actor, body: MarkReadBody): Promise<number> =>
  deps.notifications.markRead(actor.id, body.all ? 'all' : (body.ids ?? []));

export const unreadCount = (deps: Inbox, actor: Actor): Promise<number> =>
  deps.notifications.unreadCount(actor.id);
