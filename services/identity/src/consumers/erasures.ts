import { ERASING_SERVICES, erasedTypeOf, type UserErasedData } from '@momentum/contracts';
import type { EventBus } from '@momentum/messaging';
import type { IdentityDeps } from '../deps.js';
import { confirmErasure } from '../usecases/deletion.js';

/** `<service>.user.erased` from each erasing service → the deletion record (idempotent). */
export async function startErasureConfirmations(bus: EventBus, deps: IdentityDeps) {
  for (const service of ERASING_SERVICES)
    await bus.consume({
      from: service,
      durable: `identity-erasures-${service}`,
      types: [erasedTypeOf(service)],
      concurrency: 2,
      handler: (event) => confirmErasure(deps, event.data as UserErasedData),
    });
}
