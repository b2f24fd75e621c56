import { afterAll, beforeAll, beforeEach } from 'vitest';
import {
  freePrivateStackBase,
  startPrivateStack,
  type Component,
  type PrivateStack,
} from './support/private-stack.js';
import { killDuringWriteBurst } from './scenarios/kill-service.js';
import { natsRestart } from './scenarios/nats-restart.js';
import { engineOutage } from './scenarios/mongo-outage.js';
import { sigtermUnderLoadScenario } from './scenarios/graceful-shutdown.js';
import { supervisedStack } from './scenarios/supervised-stack.js';
import { erasureDuringOutage } from './scenarios/erasure-outage.js';

/**
 * The fault scenarios, one after the other on one private stack (FerretDB, NATS and
 * every process): each breaks a part and puts it back, and works in a project of its own, so
 * they need no stack each (they had one per file: five start-ups). The supervised stack goes
 * last: it leaves habits stopped on purpose.
 */
let stack: PrivateStack;
beforeAll(async () => {
  stack = await startPrivateStack(await freePrivateStackBase());
});
afterAll(async () => {
  await stack?.close();
});
// A scenario that failed midway may leave a process down: each starts with all of them up,
// so one failure does not fail the scenarios after it.
const PROCESSES: Component[] = ['identity', 'habits', 'projects', 'issues', 'agents', 'gateway'];
beforeEach(async () => {
  for (const name of PROCESSES) if (!stack.running(name)) await stack.restart(name);
});
const shared = () => stack;

killDuringWriteBurst(shared);
natsRestart(shared);
engineOutage(shared);
sigtermUnderLoadScenario(shared);
erasureDuringOutage(shared);
supervisedStack(shared);
