import { z } from 'zod';
import { BaseConfigSchema, DefaultPorts, KeyHashConfig } from '@momentum/config';

export const IdentityConfigSchema = BaseConfigSchema.extend({
  PORT: z.coerce.number().int().min(0).max(65535).default(DefaultPorts.identity),
  /** bcrypt's cost for the keys this service makes (KEY_HASH_COST: 10, tests 4). */
  ...KeyHashConfig,
  /** Startup ensures an admin user whose key is this value. */
  ADMIN_API_KEY: z.string().optional(),
  /** Keys one user may hold at once, not revoked nor expired (409 QUOTA_EXCEEDED past it). */
  MAX_KEYS_PER_USER: z.coerce.number().int().min(1).max(10_000).default(20),
  /**
   * Keys one user may make in an hour, revoked and expired ones included (429 RATE_LIMITED past
   * it): short-lived keys cannot free a slot, and each mint costs a bcrypt hash.
   */
  MAX_KEY_MINTS_PER_HOUR: z.coerce.number().int().min(1).max(100_000).default(60),
  /** Teams one user may create (409 QUOTA_EXCEEDED past it); generous, against scripted floods. */
  MAX_TEAMS_PER_USER: z.coerce.number().int().min(1).max(1_000_000).default(100),
  /** How long an invitation to a team may be answered, in hours (default 7 days). */
  INVITATION_TTL_HOURS: z.coerce
    .number()
    .min(0.0001)
    .max(24 * 365)
    .default(168),
  /** How long a team's audit log keeps an entry, in days (a TTL index drops it after). */
  AUDIT_RETENTION_DAYS: z.coerce.number().min(1).max(3650).default(365),
  /** The habits service, for level and XP on /api/me (optional). */
  HABITS_URL: z.string().optional(),
  /**
   * The services whose part of a person's export identity reads (GET /api/users/me/export);
   * one not set is left out of the export. Deployments set them all.
   */
  PROJECTS_URL: z.string().optional(),
  ISSUES_URL: z.string().optional(),
  AGENTS_URL: z.string().optional(),
  WEBHOOKS_URL: z.string().optional(),
  NOTIFICATIONS_URL: z.string().optional(),
  /** An erasure some service has not confirmed is published again after this long. */
  DELETION_RETRY_MS: z.coerce.number().int().min(100).max(86_400_000).default(30_000),
  /** How long the record of a completed erasure (ids only) is kept, in days. */
  DELETION_RECORD_DAYS: z.coerce.number().int().min(1).max(3650).default(90),
});
export type IdentityConfig = z.infer<typeof IdentityConfigSchema>;
