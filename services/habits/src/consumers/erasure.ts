import { consumeErasures, type EventBus } from '@momentum/messaging';
import type { HabitsDeps } from '../deps.js';
import { eraseUserData } from '../usecases/personal-data.js';

/** identity.user.deletion_requested → erase the person's habits data, confirm. */
export const startErasure = (bus: EventBus, deps: HabitsDeps) =>
  consumeErasures(bus, 'habits', (userId) => eraseUserData(deps, userId));
