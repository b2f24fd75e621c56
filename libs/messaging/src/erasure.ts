import {
  EventTypes,
  erasedTypeOf,
  type DeletionRequestedData,
  type ErasingService,
  type UserErasedData,
} from '@momentum/contracts';
import { makeEvent } from './events.js';
import type { EventBus } from './bus.js';

/**
 * A service's part of a person's erasure: on `identity.user.deletion_requested` it erases
 * what it holds of the person (`erase` must be idempotent: the request is redelivered and
 * re-published until identity has every confirmation), then confirms with
 * `<service>.user.erased`. The confirmation is published by the handler, not an outbox:
 * there is no document left to carry it, and a failed publish naks the request, which is
 * then erased (a no-op) and confirmed again. Its message id is derived from the request's,
 * so a redelivery within the stream's duplicate window publishes it once.
 */
export function consumeErasures(
  bus: EventBus,
  service: ErasingService,
  erase: (userId: string) => Promise<void>,
): Promise<void> {
  return bus.consume({
    from: 'identity',
    durable: `${service}-user-erasure`,
    types: [EventTypes.identity.userDeletionRequested],
    concurrency: 2,
    handler: async (event) => {
      const { deletionId, userId } = event.data as DeletionRequestedData;
      await erase(userId);
      const data: UserErasedData = { deletionId, userId, service };
      await bus.publish({
        ...makeEvent(erasedTypeOf(service), data),
        id: `${event.id}.${service}`,
      });
    },
  });
}
