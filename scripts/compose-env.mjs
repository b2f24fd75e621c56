// `npm run compose:env`: writes the .env that docker-compose.yml needs beside it, a fresh
// random value for every variable the file requires (`${NAME:?…}`), readable by its owner
// alone. An existing .env is never touched: the passwords in it are the ones MongoDB and NATS
// already hold, and a second run must not lock the stack out of its own data.
//
//   node scripts/compose-env.mjs [--out PATH] [--compose PATH] [--add-missing]
//
// (--out, not --env-file: Node 20 takes that flag for itself even after the script's name.)
import { randomBytes } from 'node:crypto';
import { appendFileSync, closeSync, fchmodSync, openSync, readFileSync, writeSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { ROOT, log } from './lib/util.mjs';
import { newUserKey } from './lib/setup.mjs';

const USAGE = 'usage: compose-env.mjs [--out PATH] [--compose PATH] [--add-missing]';

const hex = (bytes) => randomBytes(bytes).toString('hex');

/**
 * How each required variable is made, by name. Passwords are hex: they go into URLs as they
 * are, and nats-server reads a value of digits alone as a number (a hex string with a letter
 * is never one, and 48 digits have one but with odds of 10^-10).
 */
const RULES = [
  // at least 32 characters (the services' config refuses fewer)
  [
    /^(INTERNAL_SECRET|WEBHOOKS_SECRET_KEY|OAUTH_EXCHANGE_SECRET)$/,
    () => randomBytes(32).toString('base64'),
  ],
  // svc_<keyId>_<secret>, as `npm start` makes the admin's key
  [/^ADMIN_API_KEY$/, newUserKey],
  // the replica set's key file: 6 to 1024 base64 characters
  [/^MONGO_KEYFILE$/, () => randomBytes(756).toString('base64')],
  [/_PASSWORD$/, () => hex(24)],
  // one key per caller and the service it calls (docs/SECURITY.md, Internal calls)
  [/^SIGN_[A-Z]+_[A-Z]+$/, () => hex(32)],
];

/** The variables a Compose file requires (`${NAME:?message}`), in the order it names them. */
export function requiredVariables(composeText) {
  return [...new Set([...composeText.matchAll(/\$\{(\w+):\?/g)].map((m) => m[1]))];
}

/** A fresh value for `name`; throws for a variable no rule knows how to make. */
export function valueFor(name) {
  const rule = RULES.find(([pattern]) => pattern.test(name));
  if (!rule) throw new Error(`compose-env: no rule makes a value for ${name}`);
  return rule[1]();
}

/** The names an env file sets (`NAME=…` lines). */
const namesIn = (text) =>
  new Set([...text.matchAll(/^\s*(?:export\s+)?(\w+)\s*=/gm)].map((m) => m[1]));

/**
 * Writes `envFile` (mode 600) with a value for each variable `composeFile` requires, unless it
 * exists: then it is left as it is, and `missing` names what it lacks (a variable a newer
 * docker-compose.yml requires). With `addMissing`, those alone are appended, the lines there
 * untouched. Returns `{ file, created, missing, added }`.
 */
export function writeComposeEnv({
  composeFile = path.join(ROOT, 'docker-compose.yml'),
  envFile = path.join(path.dirname(composeFile), '.env'),
  addMissing = false,
} = {}) {
  const names = requiredVariables(readFileSync(composeFile, 'utf8'));
  const lines = (list) => list.map((name) => `${name}=${valueFor(name)}\n`).join('');
  let fd;
  try {
    // 'wx': created here or not at all, even if another run races this one
    fd = openSync(envFile, 'wx', 0o600);
  } catch (err) {
    if (err.code !== 'EEXIST') throw err;
    const text = readFileSync(envFile, 'utf8');
    const have = namesIn(text);
    const missing = names.filter((name) => !have.has(name));
    if (!addMissing || missing.length === 0)
      return { file: envFile, created: false, missing, added: [] };
    appendFileSync(envFile, `${text === '' || text.endsWith('\n') ? '' : '\n'}${lines(missing)}`);
    return { file: envFile, created: false, missing: [], added: missing };
  }
  try {
    fchmodSync(fd, 0o600); // whatever the umask
    writeSync(fd, lines(names));
  } finally {
    closeSync(fd);
  }
  return { file: envFile, created: true, missing: [], added: names };
}

function main(argv) {
  const options = {};
  for (let i = 0; i < argv.length; i += 1) {
    const [flag, value] = [argv[i], argv[i + 1]];
    if (flag === '--add-missing') options.addMissing = true;
    else if (flag === '--out' && value) options.envFile = path.resolve(argv[++i]);
    else if (flag === '--compose' && value) options.composeFile = path.resolve(argv[++i]);
    else throw new Error(USAGE);
  }
  const { file, created, missing, added } = writeComposeEnv(options);
  const name = path.relative(process.cwd(), file) || file;
  if (created) log(`wrote ${name} (mode 600): keep it, it holds the stack's passwords`);
  else if (added.length)
    log(`${name}: added ${added.join(', ')}; the other lines left as they were`);
  else if (missing.length) {
    log(`${name} exists but lacks ${missing.join(', ')}: run again with --add-missing`);
    process.exitCode = 1;
  } else log(`${name} exists and sets every variable docker-compose.yml requires: left as it is`);
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) main(process.argv.slice(2));
