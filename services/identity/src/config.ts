import { z } from 'zod';
import { BaseConfigSchema, DefaultPorts } from '@momentum/service-kit';

export const IdentityConfigSchema = BaseConfigSchema.extend({
  PORT: z.coerce.number().int().min(0).max(65535).default(DefaultPorts.identity),
  /** Startup ensures an admin user whose key is this value. */
  ADMIN_API_KEY: z.string().optional(),
  /** The habits service, for level and XP on /api/me (optional). */
  HABITS_URL: z.string().optional(),
});
export type IdentityConfig = z.infer<typeof IdentityConfigSchema>;
