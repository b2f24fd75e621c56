// `node scripts/rebuild-counts.mjs (<projectId>… | --all | --check)`: the projects service's
// issue counts rebuilt from the issues service, or compared and repaired where they drifted
// (services/projects/src/rebuild-counts.ts; the service's configuration from the environment).
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { ROOT } from './lib/util.mjs';

const entry = path.join(ROOT, 'services/projects/src/rebuild-counts.ts');
const tsx = path.join(ROOT, 'node_modules/.bin/tsx');
const run = spawnSync(tsx, [entry, ...process.argv.slice(2)], { stdio: 'inherit' });
process.exit(run.status ?? 1);
