import type { Notification } from '@momentum/contracts';
import type { NotificationDoc } from '../store/models.js';

/** A stored notification as the inbox lists it (and as its event carries it). */
export function notificationOf(d: NotificationDoc): Notification {
  return {
    id: d._id,
    type: d.type,
    read: d.read,
    createdAt: d.createdAt.toISOString(),
    actor: d.actor,
    subject: d.subject,
    ...(d.teamId ? { teamId: d.teamId } : {}),
    ...(d.projectId ? { projectId: d.projectId } : {}),
    ...(d.comment ? { comment: d.comment } : {}),
    ...(d.oldStatus ? { oldStatus: d.oldStatus } : {}),
    ...(d.newStatus ? { newStatus: d.newStatus } : {}),
    ...(d.blocker ? { blocker: d.blocker } : {}),
  };
}
