import type { EventEnvelope } from '@momentum/contracts';
import type { EventBus } from '@momentum/messaging';
import { sourcesByService } from '../domain/catalogue.js';

/**
 * One durable consumer per source stream (`webhooks-<service>`), shared by every replica
 * of this service: JetStream hands each event to one of them, and an event is acked only
 * after its deliveries are written, so a crash in between makes JetStream hand it out
 * again. A handler that throws (engine away, project lookup failed) is nak'ed and retried.
 */
export async function consumeSourceStreams(
  bus: EventBus,
  ingest: (event: EventEnvelope) => Promise<unknown>,
  concurrency: number,
): Promise<void> {
  for (const [service, types] of sourcesByService()) {
    await bus.consume({
      from: service,
      durable: `webhooks-${service}`,
      types,
      concurrency,
      handler: async (event) => {
        await ingest(event);
      },
    });
  }
}
