import type { EventEnvelope } from '@momentum/contracts';

// Store helpers with no driver import, so HTTP code (the error handler) can use them
// without pulling mongoose in.

/** UUID `_id` and plain JSON output, the same for every schema. */
export const baseSchemaOptions = {
  versionKey: false as const,
  timestamps: true as const,
  id: false as const,
};

/** Whether a write failed on a unique index (`_id` included): MongoDB's error 11000. */
export const isDuplicateKey = (err: unknown): boolean =>
  (err as { code?: number } | null)?.code === 11000;

/**
 * Drops the pending events from a document the store holds whole: one it has just inserted
 * (the in-memory document carries them), or one read for a decision that looks at them (a
 * full outbox) before it is answered.
 */
export function withoutOutbox<T extends { _outbox?: EventEnvelope[] }>(doc: T): T {
  const { _outbox: _pending, ...rest } = doc;
  return rest as T;
}
