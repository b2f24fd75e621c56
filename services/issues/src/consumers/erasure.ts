import { consumeErasures, type EventBus } from '@momentum/messaging';
import type { IssuesDeps } from '../deps.js';
import { eraseUserData } from '../usecases/personal-data.js';

/** identity.user.deletion_requested → erase the person's issues data, confirm. */
export const startErasure = (bus: EventBus, deps: IssuesDeps) =>
  consumeErasures(bus, 'issues', (userId) => eraseUserData(deps, userId));
