import { z } from 'zod';
import { BaseConfigSchema, DefaultPorts } from '@momentum/config';

/** The webhooks service's port. */
export const WEBHOOKS_PORT = DefaultPorts.webhooks;

const ms = (fallback: number, min = 1) => z.coerce.number().int().min(min).default(fallback);
const count = (fallback: number, min = 1) =>
  z.coerce.number().int().min(min).max(100_000).default(fallback);
// z.coerce.boolean() reads "false" as true; the environment speaks in strings.
const flag = (fallback: boolean) =>
  z
    .enum(['true', 'false', '1', '0'])
    .optional()
    .transform((v) => (v === undefined ? fallback : v === 'true' || v === '1'));

const SECOND = 1000;
const HOUR = 3600 * SECOND;
const DAY = 24 * HOUR;

export const WebhooksConfigSchema = BaseConfigSchema.extend({
  PORT: z.coerce.number().int().min(0).max(65535).default(WEBHOOKS_PORT),
  /** Team memberships, checked at delivery time. */
  IDENTITY_URL: z.string().default(`http://127.0.0.1:${DefaultPorts.identity}`),
  /** Development and tests only: allows http and loopback/private/link-local targets. */
  WEBHOOKS_ALLOW_PRIVATE_URLS: flag(false),
  /**
   * Encrypts signing secrets at rest: its own secret, never derived from INTERNAL_SECRET
   * (a service that can sign internal calls must not thereby read every webhook secret).
   */
  WEBHOOKS_SECRET_KEY: z.string().min(32, 'WEBHOOKS_SECRET_KEY must be at least 32 characters'),
  /** Subscriptions one user may create (409 QUOTA_EXCEEDED past it). */
  WEBHOOKS_MAX_PER_USER: count(25),
  /** Subscriptions one team may have, whoever created them. */
  WEBHOOKS_MAX_PER_TEAM: count(25),
  /** One attempt: connect, send, and read the reply head. */
  WEBHOOKS_ATTEMPT_TIMEOUT_MS: ms(10 * SECOND),
  /** First retry delay; each later one doubles (with jitter). */
  WEBHOOKS_RETRY_BASE_MS: ms(5 * SECOND),
  /** Longest pause between two attempts (also caps Retry-After). */
  WEBHOOKS_RETRY_MAX_DELAY_MS: ms(6 * HOUR),
  /** A delivery is given up when its next attempt would fall later than this after arming. */
  WEBHOOKS_RETRY_WINDOW_MS: ms(DAY),
  /** A subscription is disabled after this many failed deliveries in a row… */
  WEBHOOKS_DISABLE_AFTER_FAILED_DELIVERIES: count(10),
  /** …when none of its attempts has succeeded for this long. */
  WEBHOOKS_DISABLE_AFTER_MS: ms(DAY, 0),
  /** How long a rotated-out secret still signs (Standard Webhooks multi-signature). */
  WEBHOOKS_ROTATION_GRACE_MS: ms(DAY, 0),
  /** Attempts in flight at once in one process. */
  WEBHOOKS_CONCURRENCY: count(32),
  /** Attempts in flight at once for one subscription in one process. */
  WEBHOOKS_SUBSCRIPTION_CONCURRENCY: count(4),
  /** Attempts started per second for one subscription in one process. */
  WEBHOOKS_SUBSCRIPTION_RATE_PER_SECOND: count(10),
  /** Events handled at once per source stream. */
  WEBHOOKS_CONSUMER_CONCURRENCY: count(16),
  /** How often the scheduler looks for due deliveries (it is also woken by new ones). */
  WEBHOOKS_SCHEDULER_INTERVAL_MS: ms(SECOND, 10),
  /** How long a user's team list from identity is trusted (membership events drop it sooner). */
  WEBHOOKS_MEMBERSHIP_CACHE_MS: ms(10 * SECOND, 0),
  /**
   * How long the subscriptions an event matches are kept in memory; any change to a
   * subscription drops them in every replica at once (0: read them for every event).
   */
  WEBHOOKS_SUBSCRIPTION_CACHE_MS: ms(60 * SECOND, 0),
  /** Finished deliveries are kept this long in the delivery log. */
  WEBHOOKS_DELIVERY_RETENTION_MS: ms(30 * DAY),
});
export type WebhooksConfig = z.infer<typeof WebhooksConfigSchema>;
