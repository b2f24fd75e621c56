import { AppError, type EventEnvelope } from '@momentum/contracts';
import type { EventBus } from '@momentum/messaging';
import type { OutboxModel, OutboxRelay } from '@momentum/messaging/outbox';

/**
 * Publishes an event a write stored in its document's `_outbox`, before the reply: a
 * client that saw "revoked" or "removed" can rely on every gateway having been told. The
 * event then leaves the outbox. If NATS refuses, the change stays saved and the event
 * stays in the outbox for the relay (which keeps sweeping until it goes out); the caller
 * gets 500, because it cannot rely on the gateways knowing yet. The event id is the
 * message id, so a second publish by the relay is dropped by JetStream.
 */
export class Announcer {
  constructor(
    private readonly bus: EventBus,
    private readonly relay: OutboxRelay,
  ) {}

  async announce(model: OutboxModel, id: string, event: EventEnvelope): Promise<void> {
    try {
      await this.bus.publish(event);
    } catch {
      this.relay.flush(model, id);
      throw new AppError(
        'INTERNAL_ERROR',
        'The change was saved but could not be announced yet; it will be retried shortly',
      );
    }
    // By whole value, as the relay does: FerretDB ignores a `$pull` condition on the
    // entries' fields. Clearing the outbox is no change of the resource: no timestamps.
    await model
      .updateOne({ _id: id }, { $pullAll: { _outbox: [event] } }, { timestamps: false })
      .catch(() => undefined);
  }
}
