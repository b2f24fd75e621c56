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
