import { z } from 'zod';
import { BaseConfigSchema, DefaultPorts } from '@momentum/config';

export const IssuesConfigSchema = BaseConfigSchema.extend({
  PORT: z.coerce.number().int().min(0).max(65535).default(DefaultPorts.issues),
  /** Team members (assignees, mentions) and user names. */
  IDENTITY_URL: z.string().default(`http://127.0.0.1:${DefaultPorts.identity}`),
  /** Agents of a team (assignees, mentions) and agent names. */
  AGENTS_URL: z.string().default(`http://127.0.0.1:${DefaultPorts.agents}`),
  /**
   * Live issues one account (a user, or an agent for itself) may have created (409
   * QUOTA_EXCEEDED past it; 0: no limit); generous, against scripted floods.
   */
  MAX_ISSUES_PER_CREATOR: z.coerce.number().int().min(0).max(100_000_000).default(100_000),
  /** Live comments one account may have written, likewise. */
  MAX_COMMENTS_PER_AUTHOR: z.coerce.number().int().min(0).max(100_000_000).default(100_000),
});
export type IssuesConfig = z.infer<typeof IssuesConfigSchema>;
