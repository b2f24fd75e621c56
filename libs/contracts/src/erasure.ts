import { z } from 'zod';
import { Timestamp, Uuid } from './common.js';

/**
 * A person's erasure (DELETE /api/users/me): identity publishes
 * `identity.user.deletion_requested`, each service below erases its part and answers
 * `<service>.user.erased`; identity removes the account once all have. Team content the
 * person wrote stays, attributed to DELETED_USER_ID.
 */
export const ERASING_SERVICES = [
  'habits',
  'projects',
  'issues',
  'agents',
  'webhooks',
  'notifications',
] as const;
export type ErasingService = (typeof ERASING_SERVICES)[number];

/** The one id every erased person's team content is attributed to; it names no account. */
export const DELETED_USER_ID = '00000000-0000-0000-0000-000000000000';
export const DELETED_USER_NAME = 'Deleted user';

export const erasedTypeOf = (service: ErasingService) => `${service}.user.erased`;

/** Data of `identity.user.deletion_requested`. */
export interface DeletionRequestedData {
  deletionId: string;
  userId: string;
}

/** Data of `<service>.user.erased`. */
export interface UserErasedData {
  deletionId: string;
  userId: string;
  service: ErasingService;
}

/** One line of a service's `GET /internal/users/:id/export` (NDJSON): an item of a section. */
export interface ExportLine {
  section: string;
  item: unknown;
}

export const UserDeletionView = z
  .object({
    id: Uuid.describe('the deletion id: an admin follows it at GET /api/users/:id/deletion'),
    userId: Uuid,
    status: z.enum(['pending', 'completed']),
    requestedAt: Timestamp,
    completedAt: Timestamp.nullable(),
    confirmed: z.array(z.enum(ERASING_SERVICES)).describe('services that erased their part'),
    pending: z.array(z.enum(ERASING_SERVICES)).describe('services yet to confirm'),
  })
  .meta({ id: 'UserDeletion' });
export type UserDeletionView = z.infer<typeof UserDeletionView>;

const Section = z.array(z.record(z.string(), z.unknown()));
/** Each service's part of an export: its sections, each a list of what it holds. */
const ServicePart = z.record(z.string(), Section);

export const UserExportView = z
  .object({
    exportedAt: Timestamp,
    user: z.object({
      id: Uuid,
      name: z.string(),
      email: z.string().nullable(),
      isAdmin: z.boolean(),
      createdAt: Timestamp,
    }),
    teams: Section.describe('teams the person belongs to, with their role and when they joined'),
    apiKeys: Section.describe("every key's metadata (never the secret or its hash)"),
    habits: ServicePart.describe('`profile` (XP, level), `tasks`, `completions`').optional(),
    projects: ServicePart.describe('`projects` the person created or leads').optional(),
    issues: ServicePart.describe('`issues` they created, `comments` they wrote').optional(),
    agents: ServicePart.describe('`agents` they own (key metadata only)').optional(),
    webhooks: ServicePart.describe(
      '`subscriptions` they made (never the signing secret)',
    ).optional(),
    notifications: ServicePart.describe('`notifications` in their inbox').optional(),
  })
  .meta({ id: 'UserExport' });
