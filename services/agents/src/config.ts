import { z } from 'zod';
import { BaseConfigSchema, DefaultPorts, KeyHashConfig } from '@momentum/config';

export const AgentsConfigSchema = BaseConfigSchema.extend({
  PORT: z.coerce.number().int().min(0).max(65535).default(DefaultPorts.agents),
  /** bcrypt's cost for the keys this service makes (KEY_HASH_COST: 10, tests 4). */
  ...KeyHashConfig,
  /** The identity service: an agent's owner and their teams, for key records. */
  IDENTITY_URL: z.string().default(`http://127.0.0.1:${DefaultPorts.identity}`),
  /** Live agents one user may own (409 QUOTA_EXCEEDED past it): each has a key of its own. */
  MAX_AGENTS_PER_USER: z.coerce.number().int().min(1).max(10_000).default(50),
});
export type AgentsConfig = z.infer<typeof AgentsConfigSchema>;
