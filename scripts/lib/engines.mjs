// Local engines for `npm start`, `npm test` and `npm run bench`: a MongoDB-compatible
// engine and NATS with JetStream. Uses what is configured or already running; otherwise
// starts mongod, or FerretDB (built once from the Go module proxy) over SQLite.
import { spawn, execFileSync } from 'node:child_process';
import {
  existsSync,
  mkdirSync,
  cpSync,
  writeFileSync,
  chmodSync,
  rmSync,
  renameSync,
} from 'node:fs';
import { once } from 'node:events';
import net from 'node:net';
import path from 'node:path';
import { ROOT, log, stopProcess, which } from './util.mjs';
import { vendorPatchedDriver } from '../../infra/ferretdb/build/sqlite-driver-patch.mjs';
import { vendorFastLibc } from '../../infra/ferretdb/build/libc-patch.mjs';
import {
  FERRETDB_PATCH_LEVEL,
  ferretDBPatchDigest,
  patchFerretDBSource,
} from '../../infra/ferretdb/build/ferretdb-patch.mjs';

const FERRETDB_VERSION = 'v1.24.2';
const CACHE_BIN = path.join(ROOT, '.cache', 'bin');
// The name carries the patch level and a digest of the patch's files: a binary built before
// any change to them is rebuilt.
const FERRETDB_BIN = path.join(
  CACHE_BIN,
  `ferretdb-${FERRETDB_VERSION}-p${FERRETDB_PATCH_LEVEL}-${ferretDBPatchDigest()}`,
);
/** FerretDB as released, which the engine tests compare the patched build's answers with. */
const FERRETDB_UNPATCHED_BIN = path.join(CACHE_BIN, `ferretdb-${FERRETDB_VERSION}-unpatched`);

export function portOpen(host, port, timeoutMs = 500) {
  return new Promise((resolve) => {
    const socket = net.connect({ host, port });
    const done = (ok) => {
      socket.destroy();
      resolve(ok);
    };
    socket.setTimeout(timeoutMs, () => done(false));
    socket.once('connect', () => done(true));
    socket.once('error', () => done(false));
  });
}

/** A port nothing listens on now. */
export function freePort() {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

export async function waitForPort(host, port, what, timeoutMs = 60_000, child) {
  const start = Date.now();
  while (Date.now() - start < timeoutMs) {
    if (await portOpen(host, port)) return;
    if (child && child.exitCode !== null)
      throw new Error(`${what} exited with code ${child.exitCode}`);
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`${what} did not answer on ${host}:${port} within ${timeoutMs / 1000}s`);
}

function hostPort(url, defaultPort) {
  const u = new URL(url.replace(/^mongodb(\+srv)?:/, 'http:').replace(/^nats:/, 'http:'));
  return { host: u.hostname || '127.0.0.1', port: Number(u.port || defaultPort) };
}

/** Where the binary lives: built once per patch level and digest (or as released). */
export const ferretDBBinary = ({ patched = true } = {}) =>
  patched ? FERRETDB_BIN : FERRETDB_UNPATCHED_BIN;

/**
 * The source to build, copied from the module cache and patched: `{ bin, src, args, env }`
 * for `go build`. The PostgreSQL handler is left out (`ferretdb_no_postgresql`): only the
 * SQLite one runs here, and pgx is a tenth of the packages to compile.
 */
function prepareFerretDBSource(patched) {
  const bin = ferretDBBinary({ patched });
  if (!which('go'))
    throw new Error(
      'No MongoDB-compatible engine: set MONGO_URL, put mongod on PATH, or install Go to build FerretDB',
    );
  log(
    `building FerretDB ${FERRETDB_VERSION}${patched ? '' : ' as released'} once (first run only, about 2 minutes)…`,
  );
  // `go install …@version` asks the proxy for the module's version list, which the proxy
  // here refuses (403); downloading the exact version and building it avoids that call.
  const info = JSON.parse(
    execFileSync(
      'go',
      ['mod', 'download', '-json', `github.com/FerretDB/FerretDB@${FERRETDB_VERSION}`],
      {
        cwd: ROOT,
        encoding: 'utf8',
        env: { ...process.env, GOFLAGS: '-mod=mod' },
      },
    ),
  );
  const src = path.join(ROOT, '.cache', 'src', patched ? 'ferretdb' : 'ferretdb-unpatched');
  rmSync(src, { recursive: true, force: true });
  mkdirSync(path.dirname(src), { recursive: true });
  cpSync(info.Dir, src, { recursive: true });
  execFileSync('chmod', ['-R', 'u+w', src]);
  // The module zip lacks the generated version file the binary embeds.
  writeFileSync(path.join(src, 'build', 'version', 'version.txt'), `${FERRETDB_VERSION}\n`);
  if (patched) {
    patchFerretDBSource(src);
    vendorPatchedDriver(src, { ...process.env, GOFLAGS: '-mod=mod' });
    vendorFastLibc(src, { ...process.env, GOFLAGS: '-mod=mod' });
  }
  mkdirSync(CACHE_BIN, { recursive: true });
  // Written under a temporary name and renamed: a build cut short leaves no binary that a
  // later run would take for a finished one.
  const tmp = `${bin}.${process.pid}.tmp`;
  return {
    bin,
    tmp,
    src,
    args: ['build', '-trimpath', '-tags', 'ferretdb_no_postgresql', '-o', tmp, './cmd/ferretdb'],
    env: { ...process.env, GOFLAGS: '-buildvcs=false' },
  };
}

/**
 * Build FerretDB once into .cache/bin (about two minutes on a fresh machine), with the
 * changes of infra/ferretdb (its README says what they are and why); `{ patched: false }`
 * builds it as released, for the engine tests.
 */
export function buildFerretDB({ patched = true } = {}) {
  const bin = ferretDBBinary({ patched });
  if (existsSync(bin)) return bin;
  const build = prepareFerretDBSource(patched);
  execFileSync('go', build.args, {
    cwd: build.src,
    stdio: ['ignore', 'inherit', 'inherit'],
    env: build.env,
  });
  renameSync(build.tmp, bin);
  log('FerretDB built');
  return bin;
}

/**
 * buildFerretDB without blocking this process: `npm test` starts the build first and runs
 * the layers that need no engine meanwhile. Resolves with the binary's path.
 */
export async function buildFerretDBInBackground({ patched = true } = {}) {
  const bin = ferretDBBinary({ patched });
  if (existsSync(bin)) return bin;
  const build = prepareFerretDBSource(patched);
  const child = spawn('go', build.args, {
    cwd: build.src,
    stdio: ['ignore', 'inherit', 'inherit'],
    env: build.env,
  });
  const [code] = await once(child, 'exit');
  if (code !== 0) throw new Error(`go build of FerretDB exited with ${code}`);
  renameSync(build.tmp, bin);
  log(`FerretDB${patched ? '' : ' as released'} built`);
  return bin;
}

/**
 * Returns `{ url, child }`: child is set when this call started the engine (the caller
 * stops it), and null when it used one already there.
 */
export async function ensureMongo({ dataDir = path.join(ROOT, '.data'), port = 27017 } = {}) {
  if (process.env.MONGO_URL) return { url: process.env.MONGO_URL, child: null };
  const url = `mongodb://127.0.0.1:${port}`;
  if (await portOpen('127.0.0.1', port)) return { url, child: null };
  if (!which('mongod')) {
    return { url, child: await startFerretDB({ dir: path.join(dataDir, 'ferretdb'), port }) };
  }
  const dbpath = path.join(dataDir, 'mongo');
  mkdirSync(dbpath, { recursive: true });
  log(`starting mongod on ${port}`);
  const child = spawn(
    'mongod',
    ['--dbpath', dbpath, '--port', String(port), '--bind_ip', '127.0.0.1', '--quiet'],
    { stdio: ['ignore', 'ignore', 'inherit'] },
  );
  await waitForPort('127.0.0.1', port, 'the MongoDB-compatible engine', 60_000, child);
  return { url, child };
}

/**
 * Stops an engine this process started (`child` from ensureMongo or ensureNats; nothing
 * when null) and resolves once it has exited, so a stack started next does not find its
 * port still open and use an engine that is going away.
 */
export const stopEngine = (child) => stopProcess(child);

/**
 * FerretDB over SQLite with its data in `dir`, listening on `port`; resolves once it
 * answers. The fault tests start (and stop, and start again) private ones with this, the
 * engine tests one patched and one as released (`patched: false`). `debugAddr` (host:port)
 * serves Go's profiler there; off by default.
 */
export async function startFerretDB({ dir, port, patched = true, debugAddr = '-' }) {
  const bin = buildFerretDB({ patched });
  log(`starting FerretDB ${FERRETDB_VERSION} (SQLite) on ${port}`);
  mkdirSync(dir, { recursive: true });
  const child = spawn(
    bin,
    [
      '--handler=sqlite',
      // MongoDB's default durability: a write acknowledged with w:1 survives the process
      // dying, and an OS crash may lose the last ~100 ms (its journal's commit interval).
      // SQLite's WAL with synchronous=NORMAL is the same promise; FULL syncs every commit.
      `--sqlite-url=file:${dir}/?_pragma=synchronous(normal)`,
      `--state-dir=${dir}`,
      `--listen-addr=127.0.0.1:${port}`,
      // Its debug handler (Go's pprof, /debug/pprof/) when asked: the bench's CPU profiles.
      `--debug-addr=${debugAddr}`,
      '--telemetry=disable',
      '--log-level=error',
    ],
    {
      stdio: ['ignore', 'ignore', 'inherit'],
      // Go's collector at its default (GOGC=100) runs often for a heap of a few tens of MiB,
      // a visible share of the engine's CPU under writes; 400 trades memory for less
      // collecting. The soft limit makes Go collect sooner as its heap nears 1 GiB. Either
      // can be set from outside.
      env: { GOGC: '400', GOMEMLIMIT: '1GiB', ...process.env },
    },
  );
  await waitForPort('127.0.0.1', port, 'FerretDB', 60_000, child);
  return child;
}

export async function ensureNats({ dataDir = path.join(ROOT, '.data') } = {}) {
  const url = process.env.NATS_URL ?? 'nats://127.0.0.1:4222';
  const { host, port } = hostPort(url, 4222);
  if (await portOpen(host, port)) return { url, child: null };
  if (process.env.NATS_URL || !which('nats-server')) {
    throw new Error(
      `NATS does not answer at ${url}. Start a nats-server with JetStream (nats-server -js), or set NATS_URL.`,
    );
  }
  log(`starting nats-server -js on ${port}`);
  return { url, child: await startNatsServer({ storeDir: path.join(dataDir, 'nats'), port }) };
}

/**
 * nats-server with JetStream storing in `storeDir`, on `port`; resolves once it answers.
 * With `logFile` its log goes there instead of this process's stderr. With `cluster` it is
 * one node of a local JetStream cluster: named `cluster.name`, routing on `cluster.port` to
 * the other nodes' route ports `cluster.routes`, as a deployment's three replicas are.
 */
export async function startNatsServer({ storeDir, port, logFile, cluster }) {
  const bin =
    which('nats-server') ?? (existsSync('/usr/sbin/nats-server') ? '/usr/sbin/nats-server' : null);
  if (!bin)
    throw new Error('nats-server is not installed (neither on PATH nor /usr/sbin/nats-server)');
  mkdirSync(storeDir, { recursive: true });
  const child = spawn(
    bin,
    [
      '-js',
      '-a',
      '127.0.0.1',
      '-p',
      String(port),
      '-sd',
      storeDir,
      ...(logFile ? ['-l', logFile] : []),
      ...(cluster
        ? [
            '--name',
            cluster.name,
            '--cluster_name',
            cluster.clusterName ?? 'momentum',
            '--cluster',
            `nats://127.0.0.1:${cluster.port}`,
            '--routes',
            cluster.routes.map((p) => `nats://127.0.0.1:${p}`).join(','),
          ]
        : []),
    ],
    {
      stdio: ['ignore', 'ignore', 'inherit'],
    },
  );
  await waitForPort('127.0.0.1', port, 'nats-server', 30_000, child);
  return child;
}

export function ensureDataDir() {
  const dir = path.join(ROOT, '.data');
  mkdirSync(dir, { recursive: true });
  chmodSync(dir, 0o700);
  return dir;
}

/** Drops every database whose name starts with prefix (test and benchmark runs). */
export async function dropDatabases(url, prefix) {
  const { MongoClient } = await import('mongodb');
  const client = new MongoClient(url);
  try {
    const { databases } = await client.db().admin().listDatabases();
    for (const db of databases)
      if (db.name.startsWith(prefix)) await client.db(db.name).dropDatabase();
  } finally {
    await client.close();
  }
}

/** Deletes the JetStream streams (key-value buckets among them) for which `doomed(info)` holds. */
async function deleteStreamsWhere(url, doomed) {
  const { connect } = await import('nats');
  const nc = await connect({ servers: url.replace(/^nats:\/\//, '') });
  try {
    const jsm = await nc.jetstreamManager();
    const names = [];
    for await (const info of jsm.streams.list()) if (doomed(info)) names.push(info.config.name);
    for (const name of names) await jsm.streams.delete(name).catch(() => undefined);
  } finally {
    await nc.close();
  }
}

/**
 * Deletes the JetStream streams whose names match (test and benchmark runs use their own
 * subject prefix, hence their own streams; left behind they pile up in a shared server),
 * and the gateway's key-value buckets of the same prefix (`KV_<prefix>_…`, lower case): each
 * reserves its maximum size, and JetStream refuses new ones once the reservations fill the
 * server's storage ("insufficient storage resources available").
 */
export const deleteStreams = (url, pattern) =>
  deleteStreamsWhere(
    url,
    ({ config: { name } }) =>
      pattern.test(name) || pattern.test(name.replace(/^KV_/, '').toUpperCase()),
  );

/** The stream names test and benchmark runs give theirs (and their buckets'). */
const RUN_STREAM =
  /^(?:KV_)?(?:t[0-9a-f]{4}[0-9a-f]{8}|e2e[0-9a-f]+|bench[0-9a-f]{8}|obs[0-9a-f]+)_/i;

/**
 * Deletes what earlier test and benchmark runs on a shared server left behind when they did
 * not get to their own clean-up (a killed run): streams and buckets named as runs name
 * theirs, untouched for `idleMs`. A run still going writes to its own well within that.
 */
export const deleteStaleRunStreams = (url, idleMs = 60 * 60_000) =>
  deleteStreamsWhere(url, (info) => {
    const last = Date.parse(info.state.last_ts ?? info.created);
    const since = Number.isNaN(last) || last <= 0 ? Date.parse(info.created) : last;
    return RUN_STREAM.test(info.config.name) && Date.now() - since > idleMs;
  });
