// One test layer as a root turbo task (`node scripts/task.mjs layer:e2e`): one vitest over
// every package's files of the layer (vitest.config.ts's projects), so the unit files share
// one process and vitest and the service layer's engines start once. vitest's JSON report
// goes to .cache/reports/<layer>.json, the task's turbo output: a task turbo skips restores
// it, and `npm test` adds the reports up.
//
// `npm test` passes the engines it started for this run as TEST_RUN_MONGO_URL and
// TEST_RUN_NATS_URL, given to vitest as MONGO_URL and NATS_URL. turbo keys the cache on
// MONGO_URL and NATS_URL as the caller set them (which engine the tests ran against), not
// on the free port a run's private engine happened to get.
import { spawnSync } from 'node:child_process';
import { mkdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { ROOT } from './lib/util.mjs';

const [task] = process.argv.slice(2);
const bin = (name) => path.join(ROOT, 'node_modules', '.bin', name);

/**
 * Test files run at once, per layer: one, vitest's default on two cores. Two service or
 * end-to-end files at once run into each other's timeouts on a two-core machine.
 */
const WORKERS = { unit: 1, service: 1, e2e: 1, engine: 1, faults: 1, replicas: 1 };

/** vitest over one layer's projects, its JSON report into .cache/reports. */
function vitest(layer) {
  const report = path.join(ROOT, '.cache', 'reports', `${layer}.json`);
  rmSync(report, { force: true });
  mkdirSync(path.dirname(report), { recursive: true });
  const env = { ...process.env };
  if (env.TEST_RUN_MONGO_URL) env.MONGO_URL = env.TEST_RUN_MONGO_URL;
  if (env.TEST_RUN_NATS_URL) env.NATS_URL = env.TEST_RUN_NATS_URL;
  const result = spawnSync(
    bin('vitest'),
    [
      'run',
      // The layer's projects: unit is two (vitest.config.ts's UNIT_OWN_PROCESS).
      `--project=${layer}*`,
      '--passWithNoTests',
      `--maxWorkers=${WORKERS[layer] ?? 1}`,
      '--minWorkers=1',
      '--reporter=default',
      '--reporter=json',
      `--outputFile.json=${report}`,
    ],
    { cwd: ROOT, stdio: 'inherit', env },
  );
  return result.status ?? 1;
}

const [kind, layer] = task?.split(':') ?? [];
if (kind !== 'layer' || !WORKERS[layer]) {
  console.error(`unknown task ${task}: layer:<${Object.keys(WORKERS).join('|')}>`);
  process.exit(2);
}
process.exit(vitest(layer));
