import { consumeErasures, type EventBus } from '@momentum/messaging';
import type { ProjectsDeps } from '../deps.js';
import { eraseUserData } from '../usecases/personal-data.js';

/** identity.user.deletion_requested → erase the person's projects data, confirm. */
export const startErasure = (bus: EventBus, deps: ProjectsDeps) =>
  consumeErasures(bus, 'projects', (userId) => eraseUserData(deps, userId));
