// `npm test [layer…]` (`npm run test:<layer>` for one): installs on first use, then the test
// layers as turbo tasks, which skips a task whose inputs have not changed since it passed
// and restores its report. The layers run in two lanes side by side, each lane's layers one
// after the other (those that need FerretDB once it is built, first run only): a layer
// leaves a core mostly idle while it waits on its engines and processes, and the lanes
// share no state (each stack and engine has its own ports, databases and subject prefix).
// TEST_LANES=1 runs every layer one after the other.
// Ends with the plain line "N passed, N failed" (and how many files failed outside their
// tests, when any did).
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ROOT, log } from './lib/util.mjs';
import { ensureDependencies } from './lib/setup.mjs';

/**
 * Each layer: its turbo tasks (the root's `layer:<layer>`, one vitest over every package's
 * files, so vitest starts once), what it waits for, how many of its tasks run at once, and
 * its lane.
 *   none: starts at once · patched: the patched FerretDB binary (a private engine per file)
 *   shared: the engines every layer shares (the patched binary, started once here)
 *   released: both binaries (the engine tests compare them)
 * The lanes are about even in time: the service layer, the longest, with the fault tests;
 * the others in the other, unit first (it needs no engine, so it runs while they build).
 */
const LAYERS = {
  unit: { tasks: ['layer:unit'], needs: 'none', concurrency: 1, lane: 2 },
  engine: { tasks: ['layer:engine'], needs: 'released', concurrency: 1, lane: 2 },
  service: { tasks: ['layer:service'], needs: 'shared', concurrency: 1, lane: 1 },
  e2e: { tasks: ['layer:e2e'], needs: 'shared', concurrency: 1, lane: 2 },
  faults: { tasks: ['layer:faults'], needs: 'patched', concurrency: 1, lane: 1 },
  replicas: { tasks: ['layer:replicas'], needs: 'shared', concurrency: 1, lane: 2 },
};
const serial = process.env.TEST_LANES === '1';

const asked = process.argv.slice(2);
const unknown = asked.filter((l) => !LAYERS[l]);
if (unknown.length) {
  log(`unknown layer ${unknown.join(', ')}; the layers: ${Object.keys(LAYERS).join(', ')}`);
  process.exit(2);
}
const layers = asked.length ? asked : Object.keys(LAYERS);
const started = Date.now();
const seconds = () => `${Math.round((Date.now() - started) / 1000)}s`;

ensureDependencies();
const engines = await import('./lib/engines.mjs');
// The components' Node, fetched on a first run here rather than by each test worker at once.
(await import('./lib/runtime.mjs')).componentNode();

// The engines the tests start look for expired documents (TTL indexes) every second, where
// MongoDB and the stack look every minute: a retention test waits seconds.
process.env.FERRETDB_TTL_MONITOR_SLEEP_SECS ??= '1';
const turboEnv = { ...process.env, TURBO_TELEMETRY_DISABLED: '1', TURBO_NO_UPDATE_NOTIFIER: '1' };
const turboArgs = (tasks, concurrency) => [
  'run',
  ...tasks,
  '--continue',
  `--concurrency=${concurrency}`,
  '--output-logs=new-only',
  '--log-order=grouped',
];

/** The layers with a task turbo would run (not restore from its cache): one dry run for all. */
async function layersToRun(names) {
  const child = spawn(
    path.join(ROOT, 'node_modules', '.bin', 'turbo'),
    [...turboArgs([...new Set(names.flatMap((l) => LAYERS[l].tasks))], 1), '--dry=json'],
    { cwd: ROOT, env: turboEnv, stdio: ['ignore', 'pipe', 'inherit'] },
  );
  let out = '';
  child.stdout.on('data', (chunk) => (out += chunk));
  const [code] = await once(child, 'exit');
  if (code !== 0) throw new Error(`turbo --dry=json exited with ${code}`);
  const misses = JSON.parse(out).tasks.filter(
    (t) => t.command !== '<NONEXISTENT>' && t.cache.status !== 'HIT',
  );
  return new Set(names.filter((l) => misses.some((t) => LAYERS[l].tasks.includes(t.task))));
}

async function turbo(layer, env) {
  const { tasks, concurrency } = LAYERS[layer];
  const child = spawn(
    path.join(ROOT, 'node_modules', '.bin', 'turbo'),
    turboArgs(tasks, concurrency),
    { cwd: ROOT, env: { ...turboEnv, ...env }, stdio: 'inherit' },
  );
  const [code] = await once(child, 'exit');
  log(`${layer} layer done at ${seconds()}${code ? ` (exit ${code})` : ''}`);
  return code ?? 1;
}

// What the layers to run wait for, started only when a task of theirs is not in the cache.
const toRun = await layersToRun(layers);
const needed = new Set([...toRun].map((l) => LAYERS[l].needs));
// One build after the other: the second reuses the first's compiled packages (GOCACHE).
const patched =
  needed.has('patched') || needed.has('shared') || needed.has('released')
    ? engines.buildFerretDBInBackground({ patched: true })
    : Promise.resolve(null);
const released = needed.has('released')
  ? patched.then(() => engines.buildFerretDBInBackground({ patched: false }))
  : Promise.resolve(null);
// Awaited by the layers that need them; a failed build fails those layers, not the run.
patched.catch(() => undefined);
released.catch(() => undefined);
let shared = null;
const sharedEngines = async () => {
  shared ??= (async () => {
    await patched;
    // A private engine for this run (unless MONGO_URL names one): an engine another run or
    // a dev stack owns on 27017 could stop under it.
    const dataDir = mkdtempSync(path.join(tmpdir(), 'momentum-test-'));
    const port = process.env.MONGO_URL ? undefined : await engines.freePort();
    const mongo = { ...(await engines.ensureMongo({ dataDir, port })), dataDir };
    const nats = await engines.ensureNats();
    return { mongo, nats };
  })();
  return shared;
};

async function runLayer(layer) {
  const needs = LAYERS[layer].needs;
  const env = {};
  if (toRun.has(layer)) {
    if (needs === 'patched') await patched;
    if (needs === 'released') await released;
    if (needs === 'shared') {
      const { mongo, nats } = await sharedEngines();
      // Not MONGO_URL: turbo keys the cache on that one as the caller set it (task.mjs).
      env.TEST_RUN_MONGO_URL = mongo.url;
      env.TEST_RUN_NATS_URL = nats.url;
    }
  }
  log(`${layer} layer starts at ${seconds()}`);
  return turbo(layer, env);
}

const codes = [];
/** The layers of one lane, one after the other, in the order asked. */
async function runLane(names) {
  for (const layer of names) codes.push(await runLayer(layer).catch(failed(layer)));
}
try {
  const lanes = new Map();
  for (const layer of layers) {
    const lane = serial ? 0 : LAYERS[layer].lane;
    lanes.set(lane, [...(lanes.get(lane) ?? []), layer]);
  }
  await Promise.all([...lanes.values()].map(runLane));
} finally {
  if (shared) {
    const { mongo, nats } = await shared.catch(() => ({}));
    await Promise.all([engines.stopEngine(mongo?.child), engines.stopEngine(nats?.child)]);
    if (mongo) rmSync(mongo.dataDir, { recursive: true, force: true });
  }
}

function failed(layer) {
  return (err) => {
    log(`${layer} layer could not run: ${err.message}`);
    return 1;
  };
}

// Every report of the layers run: written by the tasks just run, or restored by turbo.
let passed = 0;
let failedTests = 0;
// Files that failed with no failing test of theirs: a suite that did not load, an error
// thrown outside any test. Their tests never ran, so the counts alone would hide them.
const failedFiles = [];
let missing = 0;
for (const layer of layers) {
  const file = reportOf(layer);
  if (!existsSync(file)) {
    missing++;
    continue;
  }
  const json = JSON.parse(readFileSync(file, 'utf8'));
  passed += json.numPassedTests;
  failedTests += json.numFailedTests;
  for (const result of json.testResults ?? [])
    if (
      result.status === 'failed' &&
      !result.assertionResults?.some((test) => test.status === 'failed')
    )
      failedFiles.push(path.relative(ROOT, result.name));
}
if (missing) log(`${missing} test report(s) missing: a task did not finish`);
for (const file of failedFiles) log(`${file} failed outside its tests (see its output above)`);
log(`all layers done in ${seconds()}`);
console.log(
  `${passed} passed, ${failedTests} failed` +
    (failedFiles.length ? `, ${failedFiles.length} file(s) failed outside their tests` : ''),
);
const ok =
  codes.every((c) => c === 0) &&
  failedTests === 0 &&
  failedFiles.length === 0 &&
  missing === 0 &&
  passed > 0;
process.exit(ok ? 0 : 1);

/** The report a layer's task writes (the root's `layer:<layer>`, one vitest over every package). */
function reportOf(layer) {
  return path.join(ROOT, '.cache', 'reports', `${layer}.json`);
}
