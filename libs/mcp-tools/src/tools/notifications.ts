import { z } from 'zod';
import { NotificationTypes } from '@momentum/contracts';
import { callApi, pagedAs } from '../results.js';
import { READ, UPDATE, defineTool } from '../define.js';
import { Notification } from '../shapes.js';
import { limit } from '../fields.js';

const NEXT = 'Pass as after for the next page; null on the last page';

export const listNotifications = defineTool({
  name: 'list_notifications',
  title: 'List notifications',
  description:
    'Lists the caller’s own inbox, newest first: what concerns them (the caller is a user, or an agent with ' +
    `its own key) — ${NotificationTypes.join(', ')}. Each names who acted, the issue or team it is about ` +
    '(identifier and title), and what the kind needs (a comment’s id and excerpt, the old and new status, the ' +
    'blocker that was finished). unread=true lists the unread alone; meta.nextCursor, passed back as after, ' +
    'gives the next page. Mark handled ones with mark_notifications_read.',
  inputSchema: {
    unread: z.boolean().optional().describe('Only unread notifications (default false: all)'),
    limit,
    after: z
      .string()
      .optional()
      .describe('meta.nextCursor of the previous page, for the page after it'),
  },
  outputSchema: {
    notifications: z.array(Notification).describe('The notifications, newest first'),
    meta: z
      .looseObject({
        total: z.number().describe('Notifications the list holds (counted up to 1,000)'),
        perPage: z.number().describe('Page size'),
        // Described on both sides: zod then writes anyOf [string, null], not a type array.
        nextCursor: z.string().describe(NEXT).nullable().describe(NEXT),
      })
      .meta({ additionalProperties: true })
      .describe('Paging of the inbox')
      .optional(),
  },
  annotations: READ,
  surface: 'in-app',
  scopes: ['notifications:read'],
  run: (args, api) =>
    callApi(api.GET('/api/notifications', { params: { query: args } }), pagedAs('notifications')),
});

export const markNotificationsRead = defineTool({
  name: 'mark_notifications_read',
  title: 'Mark notifications read',
  description:
    'Marks notifications of the caller’s own inbox read: some by id (from list_notifications, at most 100), ' +
    'or all of them with all=true — exactly one of the two. Answers how many became read (ids already read, ' +
    'or not the caller’s, are not counted).',
  inputSchema: {
    ids: z
      .array(z.string().describe('A notification id (UUID)'))
      .optional()
      .describe('The notifications to mark read, 1 to 100 ids'),
    all: z.literal(true).optional().describe('true: mark the whole inbox read'),
  },
  outputSchema: { updated: z.number().describe('How many notifications became read') },
  annotations: UPDATE,
  surface: 'in-app',
  scopes: ['notifications:write'],
  run: (args, api) =>
    callApi(api.POST('/api/notifications/read', { body: args }), (data) => ({
      updated: (data as { updated: number }).updated,
    })),
});
