import { z } from 'zod';
import { BaseConfigSchema, DefaultPorts } from '@momentum/config';

export const IssuesConfigSchema = BaseConfigSchema.extend({
  PORT: z.coerce.number().int().min(0).max(65535).default(DefaultPorts.issues),
  /** Team members (assignees, mentions) and user names. */
  IDENTITY_URL: z.string().default(`http://127.0.0.1:${DefaultPorts.identity}`),
  /** Agents of a team (assignees, mentions) and agent names. */
  AGENTS_URL: z.string().default(`http://127.0.0.1:${DefaultPorts.agents}`),
});
export type IssuesConfig = z.infer<typeof IssuesConfigSchema>;
