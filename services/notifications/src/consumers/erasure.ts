import { consumeErasures, type EventBus } from '@momentum/messaging';
import type { NotificationsDeps } from '../deps.js';
import { eraseUserData } from '../usecases/personal-data.js';

/** identity.user.deletion_requested → erase the person's notifications data, confirm. */
export const startErasure = (bus: EventBus, deps: NotificationsDeps) =>
  consumeErasures(bus, 'notifications', (userId) => eraseUserData(deps, userId));
