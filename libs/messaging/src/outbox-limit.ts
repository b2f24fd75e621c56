import { AppError } from '@momentum/contracts';

/**
 * How many events one document's outbox may hold before writes to it are refused. The
 * relay takes them off within milliseconds while NATS answers; a document holding this
 * many means NATS has been away for a while, and a document that kept growing would end
 * at MongoDB's 16 MiB limit, after which nothing could be written to it at all.
 */
export const OUTBOX_LIMIT = 100;

/** How long a refused writer is asked to wait (seconds). */
const RETRY_AFTER_SECONDS = 5;

/**
 * Refuses a write to a document whose outbox is full (503 with Retry-After, in the API's
 * error shape): called with the document as read by a write guarded by its revision, so
 * the count is the one the write would add to.
 */
export function refuseFullOutbox(pending: readonly unknown[] | undefined, what: string): void {
  if ((pending?.length ?? 0) < OUTBOX_LIMIT) return;
  throw new AppError(
    'SERVICE_UNAVAILABLE',
    `Changes to this ${what} are waiting to be published; try again shortly`,
    { rule: 'outbox_full' },
    { 'Retry-After': String(RETRY_AFTER_SECONDS) },
  );
}
