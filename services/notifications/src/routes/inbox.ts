import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  ListNotificationsQuery,
  MarkReadBody,
  NotificationSchema,
  cappedTotal,
  dataOf,
  pageMeta,
  pageOf,
} from '@momentum/contracts';
import { defineRoute } from '@momentum/http';
import type { NotificationsDeps } from '../deps.js';
import { listInbox, markRead, unreadCount } from '../usecases/inbox.js';

const tags = ['notifications'];

const Updated = z
  .object({ updated: z.number().int().min(0).describe('Notifications that became read') })
  .meta({ id: 'NotificationsMarked' });
const UnreadCount = z
  .object({ count: z.number().int().min(0).describe('Unread notifications in the inbox') })
  .meta({ id: 'UnreadCount' });

/** The caller's own inbox: a user's, or an agent's for an agent key. */
export function registerInboxRoutes(app: FastifyInstance, deps: NotificationsDeps) {
  defineRoute(
    app,
    {
      method: 'GET',
      url: '/api/notifications',
      summary: 'The caller’s notifications, newest first (paged by cursor)',
      description:
        '`meta.nextCursor` passed back as `after` gives the next page; `unread=true` lists the unread alone. Notifications are kept 90 days and an inbox holds 1,000 (the oldest read ones go first).',
      operationId: 'listNotifications',
      tags,
      query: ListNotificationsQuery,
      response: { status: 200, schema: pageOf(NotificationSchema) },
    },
    async ({ actor, query }) => {
      const { items, total, nextCursor } = await listInbox(deps, actor, query);
      return {
        data: items,
        meta: pageMeta(cappedTotal(total), { page: 1, limit: query.limit }, nextCursor),
      };
    },
  );

  defineRoute(
    app,
    {
      method: 'POST',
      url: '/api/notifications/read',
      summary: 'Mark notifications read: some by id, or all',
      description:
        'Body `{ids: [...]}` (at most 100) or `{all: true}`. Ids that are not the caller’s, or already read, are not counted.',
      operationId: 'markNotificationsRead',
      tags,
      body: MarkReadBody,
      response: { status: 200, schema: dataOf(Updated) },
    },
    async ({ actor, body }) => ({ data: { updated: await markRead(deps, actor, body) } }),
  );

  defineRoute(
    app,
    {
      method: 'GET',
      url: '/api/notifications/unread-count',
      summary: 'How many of the caller’s notifications are unread',
      operationId: 'countUnreadNotifications',
      tags,
      response: { status: 200, schema: dataOf(UnreadCount) },
    },
    async ({ actor }) => ({ data: { count: await unreadCount(deps, actor) } }),
  );
}
