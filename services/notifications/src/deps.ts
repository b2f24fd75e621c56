import type { OutboxRelay } from '@momentum/messaging/outbox';
import type { Logger } from '@momentum/messaging';
import type { NotificationStore } from './store/notification-store.js';
import type { NotificationModels } from './store/models.js';
import type { Audience } from './clients/audience.js';
import type { PersonalDataStore } from './store/personal-data.js';

/** The ports the notifications use cases work with; app.ts builds them. */
export interface NotificationsDeps {
  /** A person's data for an export or an erasure. */
  personalData: PersonalDataStore;
  notifications: NotificationStore;
  /** The model the relay publishes `_outbox` entries from. */
  models: NotificationModels;
  /** Publishes each stored notification's `notifications.notification.created`. */
  outbox: OutboxRelay;
  audience: Audience;
  log: Logger;
  /** How long a notification is kept (NOTIFICATIONS_TTL_MS). */
  ttlMs: number;
  /** Notifications one inbox holds at most (NOTIFICATIONS_INBOX_CAP). */
  inboxCap: number;
  now: () => Date;
}
