// First-use set-up shared by `npm start`, `npm test` and `npm run bench`: dependencies,
// secrets kept under .data/ (mode 600), the bundles.
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { ROOT, log } from './util.mjs';
import { ensureDataDir } from './engines.mjs';

export function ensureDependencies() {
  const marker = path.join(ROOT, 'node_modules', '.package-lock.json');
  if (existsSync(marker) && existsSync(path.join(ROOT, 'node_modules', 'fastify'))) return;
  log('installing dependencies (first run)…');
  // `npm install` honours package-lock.json; `npm ci` refuses this npm's lock, which leaves
  // out other platforms' optional packages (rollup, turbo) and then calls itself out of sync.
  execFileSync('npm', ['install', '--no-audit', '--no-fund'], {
    cwd: ROOT,
    stdio: ['ignore', 'inherit', 'inherit'],
  });
}

function keptSecret(file, make) {
  const dir = ensureDataDir();
  const full = path.join(dir, file);
  if (existsSync(full))
    return { value: readFileSync(full, 'utf8').trim(), file: full, created: false };
  const value = make();
  writeFileSync(full, `${value}\n`, { mode: 0o600 });
  return { value, file: full, created: true };
}

/** A user key in the platform's format: `svc_<keyId>_<secret>`. */
export const newUserKey = () =>
  `svc_u${randomBytes(12).toString('hex')}_${randomBytes(32).toString('base64url')}`;

export function internalSecret() {
  if (process.env.INTERNAL_SECRET) return process.env.INTERNAL_SECRET;
  return keptSecret('internal.secret', () => randomBytes(32).toString('base64url')).value;
}

/** The webhooks service's key for signing secrets at rest, kept so restarts can read them. */
export function webhooksSecretKey() {
  if (process.env.WEBHOOKS_SECRET_KEY) return process.env.WEBHOOKS_SECRET_KEY;
  return keptSecret('webhooks.key', () => randomBytes(32).toString('base64url')).value;
}

export function adminKey() {
  if (process.env.ADMIN_API_KEY) return { value: process.env.ADMIN_API_KEY, file: null };
  return keptSecret('admin.key', newUserKey);
}
