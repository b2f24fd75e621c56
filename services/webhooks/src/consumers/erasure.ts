import { consumeErasures, type EventBus } from '@momentum/messaging';
import type { WebhooksDeps } from '../deps.js';
import { eraseUserData } from '../usecases/personal-data.js';

/** identity.user.deletion_requested → erase the person's webhooks data, confirm. */
export const startErasure = (bus: EventBus, deps: WebhooksDeps) =>
  consumeErasures(bus, 'webhooks', (userId) => eraseUserData(deps, userId));
