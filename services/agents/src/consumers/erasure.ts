import { consumeErasures, type EventBus } from '@momentum/messaging';
import type { AgentsDeps } from '../deps.js';
import { eraseUserData } from '../usecases/personal-data.js';

/** identity.user.deletion_requested → erase the person's agents data, confirm. */
export const startErasure = (bus: EventBus, deps: AgentsDeps) =>
  consumeErasures(bus, 'agents', (userId) => eraseUserData(deps, userId));
