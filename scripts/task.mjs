// One package's task, as turbo runs it from the package's directory (`node ../../scripts/task.mjs
// test:unit`), or a whole test layer from the root (`node scripts/task.mjs layer:e2e`):
//   build          type-checks the package's files (and what they import)
//   lint           eslint and prettier over the package's files
//   test:<layer>   the package's tests of that layer (vitest.config.ts's projects)
//   test           the package's unit and service tests
//   layer:<layer>  a whole layer, every package's files and the root's in one vitest: what
//                  `npm test` runs (unit, service, e2e, engine, faults, replicas). One vitest
//                  instead of one per package: the unit files share one process, and vitest
//                  and the service layer's engines start once
// A test task writes vitest's JSON report to .cache/reports/<layer>.json in its directory, a
// turbo output: a task turbo skips restores it, and `npm test` adds the reports up.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { ROOT } from './lib/util.mjs';

const [task] = process.argv.slice(2);
const dir = process.cwd();
const pkg = path.relative(ROOT, dir);
const bin = (name) => path.join(ROOT, 'node_modules', '.bin', name);

function run(command, args) {
  const result = spawnSync(command, args, { cwd: ROOT, stdio: 'inherit' });
  return result.status ?? 1;
}

/**
 * Test files run at once, per layer: one, vitest's default on two cores. Two service or
 * end-to-end files at once run into each other's timeouts on a two-core machine.
 */
const WORKERS = { unit: 1, service: 1, e2e: 1, engine: 1, faults: 1, replicas: 1 };

/** vitest over one project, its JSON report into this directory's .cache/reports. */
function vitest(layer, selection) {
  const report = path.join(dir, '.cache', 'reports', `${layer}.json`);
  rmSync(report, { force: true });
  mkdirSync(path.dirname(report), { recursive: true });
  return run(bin('vitest'), [
    'run',
    // The layer's projects: unit is two (vitest.config.ts's UNIT_OWN_PROCESS).
    `--project=${layer}*`,
    '--passWithNoTests',
    `--maxWorkers=${WORKERS[layer] ?? 1}`,
    '--minWorkers=1',
    '--reporter=default',
    '--reporter=json',
    `--outputFile.json=${report}`,
    ...selection,
  ]);
}

/** A package without tests of the layer has nothing to start vitest for. */
const packageTests = (layer) =>
  existsSync(path.join(dir, 'test', layer)) ? vitest(layer, [`${pkg}/`]) : 0;

function typecheck() {
  // A config of the package's own files; tsc follows their imports into the packages they use.
  const config = path.join(dir, '.cache', 'tsconfig.json');
  mkdirSync(path.dirname(config), { recursive: true });
  const include = ['src', 'test', 'scripts'].map((d) => `../${d}/**/*.ts`);
  const base = path.relative(path.dirname(config), path.join(ROOT, 'tsconfig.base.json'));
  writeFileSync(config, JSON.stringify({ extends: base, include }, null, 2));
  return run(bin('tsc'), ['-p', config]);
}

function lint() {
  const eslint = run(bin('eslint'), [pkg]);
  const prettier = run(bin('prettier'), ['--check', pkg]);
  return eslint || prettier;
}

const [kind, layer] = task?.split(':') ?? [];
let status;
if (task === 'build') status = typecheck();
else if (task === 'lint') status = lint();
else if (kind === 'test' && layer) status = packageTests(layer);
else if (task === 'test') status = packageTests('unit') || packageTests('service');
else if (kind === 'layer' && layer) status = vitest(layer, []);
else {
  console.error(`unknown task ${task}: build, lint, test:<layer> or layer:<layer>`);
  status = 2;
}
process.exit(status);
