import { z } from 'zod';
import { BaseConfigSchema, DefaultPorts } from '@momentum/config';

export const ProjectsConfigSchema = BaseConfigSchema.extend({
  PORT: z.coerce.number().int().min(0).max(65535).default(DefaultPorts.projects),
  /** Team memberships (lead must be a member). */
  IDENTITY_URL: z.string().default(`http://127.0.0.1:${DefaultPorts.identity}`),
  /** Issue states, for rebuilding the counts. */
  ISSUES_URL: z.string().default(`http://127.0.0.1:${DefaultPorts.issues}`),
  /**
   * How often each process compares every project's counts with the issues service's and
   * rebuilds those that drifted (ms; 0: never).
   */
  COUNTS_AUDIT_MS: z.coerce.number().int().min(0).default(3_600_000),
  /**
   * Projects one account (a user, or an agent for itself) may create (409 QUOTA_EXCEEDED past
   * it); generous, against scripted floods.
   */
  MAX_PROJECTS_PER_CREATOR: z.coerce.number().int().min(1).max(10_000_000).default(1_000),
});
export type ProjectsConfig = z.infer<typeof ProjectsConfigSchema>;
