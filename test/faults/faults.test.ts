import { afterAll, beforeAll, beforeEach } from 'vitest';
import { freeWorldBase, startWorld, type Component, type World } from './support/world.js';
import { killDuringWriteBurst } from './scenarios/kill-service.js';
import { natsRestart } from './scenarios/nats-restart.js';
import { engineOutage } from './scenarios/mongo-outage.js';
import { sigtermUnderLoadScenario } from './scenarios/graceful-shutdown.js';
import { supervisedStack } from './scenarios/supervised-stack.js';
import { erasureDuringOutage } from './scenarios/erasure-outage.js';

/**
 * The fault scenarios, one after the other on one private stack (a world: FerretDB, NATS and
 * every process): each breaks a part and puts it back, and works in a project of its own, so
 * they need no stack each (they had one per file: five start-ups). The supervised stack goes
 * last: it leaves habits stopped on purpose.
 */
let world: World;
beforeAll(async () => {
  world = await startWorld(await freeWorldBase());
});
afterAll(async () => {
  await world?.close();
});
// A scenario that failed midway may leave a process down: each starts with all of them up,
// so one failure does not fail the scenarios after it.
const PROCESSES: Component[] = ['identity', 'habits', 'projects', 'issues', 'agents', 'gateway'];
beforeEach(async () => {
  for (const name of PROCESSES) if (!world.running(name)) await world.restart(name);
});
const shared = () => world;

killDuringWriteBurst(shared);
natsRestart(shared);
engineOutage(shared);
sigtermUnderLoadScenario(shared);
erasureDuringOutage(shared);
supervisedStack(shared);
