import { z } from 'zod';
import { BaseConfigSchema, DefaultPorts } from '@momentum/config';

const DAY_MS = 24 * 3600 * 1000;

export const NotificationsConfigSchema = BaseConfigSchema.extend({
  PORT: z.coerce.number().int().min(0).max(65535).default(DefaultPorts.notifications),
  /** Memberships (who may still hear of a team) and user names. */
  IDENTITY_URL: z.string().default(`http://127.0.0.1:${DefaultPorts.identity}`),
  /** Agents: whether one is active, and its team. */
  AGENTS_URL: z.string().default(`http://127.0.0.1:${DefaultPorts.agents}`),
  /** How long a notification is kept, read or not (a TTL index removes it after). */
  NOTIFICATIONS_TTL_MS: z.coerce
    .number()
    .int()
    .min(60_000)
    .default(90 * DAY_MS),
  /** Notifications one inbox holds at most; past it the oldest read ones go, then the oldest. */
  NOTIFICATIONS_INBOX_CAP: z.coerce.number().int().min(10).max(100_000).default(1000),
  /** Events handled at once per source stream. */
  NOTIFICATIONS_CONSUMER_CONCURRENCY: z.coerce.number().int().min(1).max(256).default(8),
});
export type NotificationsConfig = z.infer<typeof NotificationsConfigSchema>;
