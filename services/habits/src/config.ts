import { z } from 'zod';
import { BaseConfigSchema, DefaultPorts } from '@momentum/config';

export const HabitsConfigSchema = BaseConfigSchema.extend({
  PORT: z.coerce.number().int().min(0).max(65535).default(DefaultPorts.habits),
  /** How often the outbox relay re-publishes events a crash left behind. */
  OUTBOX_SWEEP_MS: z.coerce.number().int().min(100).default(30_000),
});
export type HabitsConfig = z.infer<typeof HabitsConfigSchema>;
