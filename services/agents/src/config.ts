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
  /**
   * Keys one agent may be given in an hour, first key and rotations alike (429 RATE_LIMITED
   * past it): each costs a bcrypt hash and revokes the key before it.
   */
  MAX_KEY_MINTS_PER_AGENT_PER_HOUR: z.coerce.number().int().min(1).max(100_000).default(30),
});
export type AgentsConfig = z.infer<typeof AgentsConfigSchema>;
