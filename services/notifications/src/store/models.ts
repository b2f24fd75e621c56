import { Schema, type Connection } from 'mongoose';
import type { EventEnvelope, Notification } from '@momentum/contracts';
import { baseSchemaOptions } from '@momentum/storage';

/** One inbox entry: the notification as listed, plus whose it is and when it goes. */
export interface NotificationDoc extends Omit<Notification, 'id' | 'createdAt'> {
  _id: string;
  recipientId: string;
  recipientType: 'user' | 'agent';
  /** `<event id>:<kind>:<recipient>:<subject>`: unique, so a redelivered event adds nothing. */
  key: string;
  createdAt: Date;
  /** When the TTL index removes it (NOTIFICATIONS_TTL_MS after it was made). */
  expiresAt: Date;
  _outbox?: EventEnvelope[];
}

/**
 * The inbox's indexes: the newest-first list (all, or unread) of one recipient with `_id`
 * breaking ties, which also serves the unread count and the trim of the oldest; the key
 * that makes redelivery harmless; the TTL.
 */
export const notificationIndexes: [Record<string, 1 | -1>, Record<string, unknown>?][] = [
  [{ recipientId: 1, createdAt: -1, _id: -1 }],
  [{ recipientId: 1, read: 1, createdAt: -1, _id: -1 }],
  [{ key: 1 }, { unique: true }],
  [{ expiresAt: 1 }, { expireAfterSeconds: 0 }],
  // A person's erasure renames them where they acted in others' inboxes (personal-data.ts).
  [{ 'actor.id': 1 }],
];

export function notificationModels(db: Connection) {
  const schema = new Schema<NotificationDoc>(
    {
      _id: { type: String, required: true },
      recipientId: { type: String, required: true },
      recipientType: { type: String, required: true },
      key: { type: String, required: true },
      type: { type: String, required: true },
      read: { type: Boolean, default: false },
      actor: { type: Schema.Types.Mixed, required: true },
      subject: { type: Schema.Types.Mixed, required: true },
      teamId: { type: String, default: undefined },
      projectId: { type: String, default: undefined },
      comment: { type: Schema.Types.Mixed, default: undefined },
      oldStatus: { type: String, default: undefined },
      newStatus: { type: String, default: undefined },
      blocker: { type: Schema.Types.Mixed, default: undefined },
      createdAt: { type: Date, required: true },
      expiresAt: { type: Date, required: true },
      _outbox: { type: [Schema.Types.Mixed], default: undefined },
    },
    { ...baseSchemaOptions, timestamps: false },
  );
  for (const [keys, options] of notificationIndexes) schema.index(keys, options);
  const Notification =
    (db.models.Notification as ReturnType<typeof make> | undefined) ?? make(db, schema);
  return { Notification };
}

const make = (db: Connection, schema: Schema<NotificationDoc>) =>
  db.model<NotificationDoc>('Notification', schema, 'notifications');

export type NotificationModels = ReturnType<typeof notificationModels>;
