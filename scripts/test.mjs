// `npm test`: installs on first use, then every test layer (unit, service, e2e, MCP) with
// the engines started as needed. Ends with the plain line "N passed, N failed".
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { ROOT, log } from './lib/util.mjs';
import { ensureDependencies } from './lib/setup.mjs';

ensureDependencies();
mkdirSync(path.join(ROOT, '.cache'), { recursive: true });
const report = path.join(ROOT, '.cache', 'vitest-report.json');
const args = [
  'vitest',
  'run',
  '--reporter=default',
  '--reporter=json',
  `--outputFile.json=${report}`,
  ...process.argv.slice(2),
];
log(`npx ${args.join(' ')}`);
const result = spawnSync('npx', args, { cwd: ROOT, stdio: 'inherit' });
let passed = 0;
let failed = 0;
try {
  const json = JSON.parse(readFileSync(report, 'utf8'));
  passed = json.numPassedTests;
  failed = json.numFailedTests;
} catch {
  failed = Math.max(failed, 1);
}
console.log(`${passed} passed, ${failed} failed`);
process.exit(result.status === 0 && failed === 0 && passed > 0 ? 0 : 1);
