import { z } from 'zod';
import { IssueStatuses } from './issues.js';
import { Timestamp, Uuid, queryBool, queryInt } from './common.js';
import { AfterQuery } from './list-cursor.js';

// Notifications (owned by the notifications service): the inbox entries, the event that
// announces each one, and the inputs of the inbox API. The gateway's live stream and the
// webhooks service read NotificationSchema as the one shape of a notification.

export const NotificationTypes = [
  'issue.assigned',
  'issue.mentioned',
  'issue.commented',
  'issue.status_changed',
  'issue.unblocked',
  'team.member_added',
] as const;
export type NotificationType = (typeof NotificationTypes)[number];

/** A person who can be told something: a user or an agent. */
export const Recipient = z
  .object({
    type: z.enum(['user', 'agent']).describe('A user or an agent'),
    id: z.string().describe('The user’s or agent’s id'),
  })
  .meta({ id: 'Recipient' });
export type Recipient = z.infer<typeof Recipient>;

export const NotificationSchema = z
  .object({
    id: Uuid,
    type: z.enum(NotificationTypes),
    read: z.boolean(),
    createdAt: Timestamp,
    actor: z
      .object({
        type: z.enum(['user', 'agent', 'system']),
        id: z.string(),
        name: z.string(),
      })
      .describe('Who acted (never the recipient)'),
    subject: z
      .object({
        type: z.enum(['issue', 'team']),
        id: z.string(),
        identifier: z.string().optional().describe('An issue’s key, e.g. `ENG-12`'),
        title: z.string().optional().describe('The issue’s title or the team’s name'),
      })
      .describe('What the notification is about'),
    teamId: z.string().optional(),
    projectId: z.string().optional(),
    comment: z
      .object({
        id: z.string(),
        excerpt: z.string().describe('The comment’s first 200 characters'),
      })
      .optional()
      .describe('issue.commented, and issue.mentioned in a comment'),
    oldStatus: z.enum(IssueStatuses).optional().describe('issue.status_changed'),
    newStatus: z.enum(IssueStatuses).optional().describe('issue.status_changed'),
    blocker: z
      .object({ id: z.string(), identifier: z.string(), title: z.string().optional() })
      .optional()
      .describe('issue.unblocked: the issue whose completion unblocked the subject'),
  })
  .meta({ id: 'Notification', description: 'An entry of a person’s inbox' });
export type Notification = z.infer<typeof NotificationSchema>;

/** Data of `notifications.notification.created`: one per stored notification. */
export interface NotificationCreatedData {
  recipient: Recipient;
  notification: Notification;
}

export const ListNotificationsQuery = z.strictObject({
  unread: queryBool(false).describe('Only unread notifications'),
  limit: queryInt(1, 100, 20),
  after: AfterQuery,
});
export type ListNotificationsQuery = z.output<typeof ListNotificationsQuery>;

/** How many ids one mark-read call may name. */
export const MAX_MARK_READ_IDS = 100;

export const MarkReadBody = z
  .strictObject({
    ids: z
      .array(Uuid)
      .min(1)
      .max(MAX_MARK_READ_IDS)
      .optional()
      .describe(`Notifications to mark read (at most ${MAX_MARK_READ_IDS})`),
    all: z.literal(true).optional().describe('Mark every notification read'),
  })
  .refine((b) => (b.ids === undefined) !== (b.all === undefined), {
    message: 'name either `ids` or `all: true`',
    params: { rule: 'ids_or_all' },
  })
  .meta({ id: 'MarkNotificationsRead' });
export type MarkReadBody = z.output<typeof MarkReadBody>;
