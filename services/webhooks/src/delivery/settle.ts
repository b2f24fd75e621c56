import type { Logger } from '@momentum/messaging';
import type { DeliveryStore, Settlement } from '../store/delivery-store.js';
import type { DeliveryDoc } from '../store/models.js';

export interface SettleDeps {
  deliveries: DeliveryStore;
  log: Logger;
}

/**
 * Writes a claimed delivery's result under the claim, in one write that also frees the claim
 * and sets when the delivery is due next. Null if the claim was lost — another process took
 * the delivery over after ours ran out, and its write is the one that counts.
 */
export async function settleClaim(
  deps: SettleDeps,
  d: DeliveryDoc,
  token: string,
  s: Settlement,
): Promise<DeliveryDoc | null> {
  const written = await deps.deliveries.settle(d._id, token, s);
  if (!written)
    deps.log.warn({ deliveryId: d._id }, 'delivery claim lost before its result was written');
  return written;
}

/** Not sent, and never will be unless redelivered by hand. */
export const skipped = (reason: string): Settlement => ({
  state: 'skipped',
  nextAttemptAt: new Date(),
  lastError: `not sent: ${reason}`,
  attempted: false,
});

/** Not sent yet; no attempt is counted. */
export const postponed = (until: Date): Settlement => ({
  state: 'pending',
  nextAttemptAt: until,
  attempted: false,
});
