import type { EventEnvelope } from '@momentum/contracts';
import type { EventBus } from '@momentum/messaging';
import { SOURCES } from '../domain/notices.js';

/**
 * One durable consumer per source stream (`notifications-<service>`), shared by every
 * replica: JetStream hands each event to one of them, acked once its notifications are
 * stored; a handler that throws (engine or identity away) is nak'ed and the event comes
 * again, which stores nothing twice (keys are unique).
 */
export async function consumeDomainEvents(
  bus: EventBus,
  handle: (event: EventEnvelope) => Promise<unknown>,
  concurrency: number,
): Promise<void> {
  for (const [from, types] of Object.entries(SOURCES) as [
    keyof typeof SOURCES,
    readonly string[],
  ][]) {
    await bus.consume({
      from,
      durable: `notifications-${from}`,
      types: [...types],
      concurrency,
      handler: async (event) => {
        await handle(event);
      },
    });
  }
}
