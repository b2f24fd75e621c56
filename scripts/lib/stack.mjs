import { randomBytes } from 'node:crypto';
// Starts the built components as processes (the same bundles for `npm start`, the e2e
// tests and the benchmark) and stops them cleanly.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import readline from 'node:readline';
import { ROOT, log, stopProcess } from './util.mjs';
import { componentNode } from './runtime.mjs';
import { SERVICES, GATEWAY, MCP_SERVER, bundlePath, signingEnv } from './components.mjs';

const LEVELS = { 10: 'trace', 20: 'debug', 30: 'info', 40: 'warn', 50: 'error', 60: 'fatal' };

/** Ports: the gateway on base, services on base+1…, the MCP server on base+100. */
export function stackPorts(base = 3000) {
  const ports = { gateway: base, 'mcp-server': base + 100 };
  SERVICES.forEach((s, i) => (ports[s.name] = base + 1 + i));
  return ports;
}

/** Replica i (from 0) of a gateway or service listens 1000·i above the first: 3000, 4000, … */
export const REPLICA_PORT_STEP = 1000;
export const replicaPort = (port, i) => port + REPLICA_PORT_STEP * i;
/** The gateway's own metrics port (its METRICS_PORT, default 9464) when none is given. */
const GATEWAY_METRICS_PORT = 9464;

/**
 * Gateway i's metrics port: the first's + 1000·i, as its API port, so each gateway of a
 * host serves its own (two on one port: the second would serve none). 0 stays off.
 */
export function gatewayMetricsPort(given = process.env.METRICS_PORT, i = 0) {
  const first = Number(given ?? GATEWAY_METRICS_PORT);
  return String(first === 0 ? 0 : replicaPort(first, i));
}

/** The process name of replica i: the component's name for the first, `<name>.<i>` after. */
export const replicaName = (name, i) => (i === 0 ? name : `${name}.${i}`);

/** Each service's URL: its first replica's (the one a test or a tool speaks to directly). */
export function serviceUrls(ports) {
  return Object.fromEntries(SERVICES.map((s) => [s.name, `http://127.0.0.1:${ports[s.name]}`]));
}

/** Each service's replicas, comma-separated, as `<SERVICE>_URL` takes them. */
export function replicaUrls(ports, replicas = 1) {
  return Object.fromEntries(
    SERVICES.map((s) => [
      s.name,
      Array.from(
        { length: replicas },
        (_, i) => `http://127.0.0.1:${replicaPort(ports[s.name], i)}`,
      ).join(','),
    ]),
  );
}

function pipeOutput(name, stream, quiet) {
  const rl = readline.createInterface({ input: stream });
  rl.on('line', (line) => {
    if (quiet) return;
    try {
      const entry = JSON.parse(line);
      const level = LEVELS[entry.level] ?? entry.level;
      process.stderr.write(
        `[${name}] ${level} ${entry.msg ?? ''}${entry.err ? ` ${entry.err.message}` : ''}\n`,
      );
    } catch {
      process.stderr.write(`[${name}] ${line}\n`);
    }
  });
}

/**
 * Node's flags for a component: with `CPU_PROFILE_DIR` in its env (the benchmark's
 * BENCH_CPU_PROFILE), a V8 CPU profile written into that directory when the process exits.
 * Node 20 refuses --cpu-prof in NODE_OPTIONS, so it goes on the command line.
 */
export function nodeFlags(env) {
  const dir = env.CPU_PROFILE_DIR;
  return ['--enable-source-maps', ...(dir ? ['--cpu-prof', `--cpu-prof-dir=${dir}`] : [])];
}

export function spawnComponent(component, env, { quiet = false, distDir } = {}) {
  const child = spawn(
    componentNode(),
    [
      ...nodeFlags(env),
      path.resolve(ROOT, bundlePath(component, distDir)),
      ...(component.args ?? []),
    ],
    {
      cwd: ROOT,
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  pipeOutput(component.name, child.stdout, quiet);
  pipeOutput(component.name, child.stderr, false);
  return child;
}

/** The status of a GET, or 0 when none came within a second. */
function healthStatus(url) {
  return new Promise((resolve) => {
    const req = http.get(url, { timeout: 1000 }, (res) => {
      res.resume();
      resolve(res.statusCode ?? 0);
    });
    req.on('timeout', () => req.destroy());
    req.on('error', () => resolve(0));
  });
}

export async function waitHealthy(url, name, child, timeoutMs = 60_000) {
  const start = Date.now();
  while (Date.now() - start < timeoutMs) {
    if (child.exitCode !== null) throw new Error(`${name} exited with code ${child.exitCode}`);
    // node:http, not fetch: fetch refuses the ports browsers block, 6000 among them, where
    // the fourth gateway of `REPLICAS=4` listens.
    if ((await healthStatus(`${url}/health`)) === 200) return;
    await new Promise((r) => setTimeout(r, 150));
  }
  throw new Error(`${name} did not become healthy at ${url} within ${timeoutMs / 1000}s`);
}

/**
 * Starts every service, then the gateway(s), then the MCP server. Returns the URLs and
 * a stop() that sends SIGTERM and waits for each process to exit. `gatewayEnv` goes to the
 * gateway alone (its CORS origins). `replicas` (default 1) runs that many processes of each
 * service and that many gateways, replica i on the first's port + 1000·i; every gateway and
 * service is given every replica's URL (`ISSUES_URL=http://…:3004,http://…:4004`). One MCP
 * server, on the first gateway.
 */
export async function startStack({
  mongoUrl,
  natsUrl,
  secret,
  adminKey,
  // Encrypts webhook signing secrets at rest: its own key, never derived from `secret`.
  // Fresh per stack unless given (npm start keeps one under .data/).
  webhooksKey = randomBytes(32).toString('base64url'),
  basePort = 3000,
  dbPrefix = 'momentum',
  eventPrefix = 'momentum',
  logLevel = 'info',
  quiet = false,
  withMcp = true,
  extraEnv = {},
  gatewayEnv: gatewayOnly = {},
  replicas = 1,
  // Tests and the benchmark call services straight, signing with `secret` (caller `internal`):
  // their services accept it beside the per-service keys. npm start does not.
  acceptSharedSecret = false,
  // The bundles' directory: DIST_DIR unless the caller built its own (a test's global set-up).
  distDir = undefined,
}) {
  if (!Number.isInteger(replicas) || replicas < 1) throw new Error('replicas must be 1 or more');
  const ports = stackPorts(basePort);
  const urls = serviceUrls(ports);
  const urlEnv = Object.fromEntries(
    Object.entries(replicaUrls(ports, replicas)).map(([n, u]) => [`${n.toUpperCase()}_URL`, u]),
  );
  const common = {
    MONGO_URL: mongoUrl,
    NATS_URL: natsUrl,
    INTERNAL_SECRET: secret,
    EVENT_PREFIX: eventPrefix,
    LOG_LEVEL: logLevel,
    HOST: '127.0.0.1',
    // This stack is local (npm start, tests, the benchmark): webhooks may target http and
    // loopback receivers. Deployments (compose, Kubernetes) leave it off.
    WEBHOOKS_ALLOW_PRIVATE_URLS: process.env.WEBHOOKS_ALLOW_PRIVATE_URLS ?? 'true',
    ...urlEnv,
    ...extraEnv,
  };
  // Each pair of caller and service signs with its own key (docs/SECURITY.md, Internal calls).
  const signing = signingEnv(() => randomBytes(32).toString('base64url'));
  if (acceptSharedSecret)
    for (const s of SERVICES) {
      const own = signing[s.name].TRUSTED_SIGNING_KEYS;
      signing[s.name].TRUSTED_SIGNING_KEYS = `${own},internal=${secret}`;
    }
  // OAuth: the standalone MCP server is a resource of its own whose tokens it exchanges at
  // the gateway for the gateway's (docs/SECURITY.md, "OAuth"), with this shared secret.
  const mcpResource = `http://127.0.0.1:${ports['mcp-server']}/mcp`;
  const exchangeSecret = randomBytes(32).toString('base64url');
  const children = [];
  const stop = async () => {
    await Promise.all(children.reverse().map(({ child }) => stopProcess(child)));
  };
  try {
    for (const s of SERVICES) {
      if (!existsSync(path.resolve(ROOT, bundlePath(s, distDir))))
        throw new Error(`${s.name} is not built (run npm run build)`);
      for (let i = 0; i < replicas; i++) {
        const port = replicaPort(ports[s.name], i);
        const env = {
          ...common,
          ...signing[s.name],
          PORT: String(port),
          MONGO_DB: `${dbPrefix}_${s.name}`,
          // /metrics on the service's own port here (a METRICS_PORT in the shell is the
          // gateway's: every process of this host binding it would collide)
          METRICS_PORT: '0',
        };
        if (s.name === 'identity') env.ADMIN_API_KEY = adminKey;
        if (s.name === 'webhooks') env.WEBHOOKS_SECRET_KEY ??= webhooksKey;
        const name = replicaName(s.name, i);
        const url = `http://127.0.0.1:${port}`;
        children.push({
          name,
          child: spawnComponent(s, env, { quiet, distDir }),
          component: s,
          env,
          url,
        });
      }
    }
    await Promise.all(children.map(({ name, child, url }) => waitHealthy(url, name, child)));
    const gatewayUrls = [];
    for (let i = 0; i < replicas; i++) {
      const port = replicaPort(ports.gateway, i);
      const gatewayEnv = {
        ...common,
        ...signing.gateway,
        ...(withMcp ? { OAUTH_RESOURCES: mcpResource, OAUTH_EXCHANGE_SECRET: exchangeSecret } : {}),
        // Replicas are one authorization server and one resource, as behind a load balancer:
        // one issuer (the first's URL), not each the URL it was reached at.
        ...(replicas > 1 ? { OAUTH_ISSUER: `http://127.0.0.1:${ports.gateway}` } : {}),
        ...gatewayOnly,
        PORT: String(port),
        METRICS_PORT: gatewayMetricsPort(gatewayOnly.METRICS_PORT ?? common.METRICS_PORT, i),
      };
      const name = replicaName('gateway', i);
      const url = `http://127.0.0.1:${port}`;
      const child = spawnComponent(GATEWAY, gatewayEnv, { quiet, distDir });
      children.push({ name, child, component: GATEWAY, env: gatewayEnv, url });
      gatewayUrls.push(url);
    }
    await Promise.all(
      children
        .filter(({ component }) => component === GATEWAY)
        .map(({ name, child, url }) => waitHealthy(url, name, child)),
    );
    const gatewayUrl = gatewayUrls[0];
    let mcpUrl = null;
    if (withMcp && existsSync(path.resolve(ROOT, bundlePath(MCP_SERVER, distDir)))) {
      const component = { ...MCP_SERVER, args: ['--http'] };
      const env = {
        ...common,
        MCP_PORT: String(ports['mcp-server']),
        SVC_BASE_URL: gatewayUrl,
        METRICS_PORT: '0',
        OAUTH_EXCHANGE_SECRET: exchangeSecret,
      };
      mcpUrl = `http://127.0.0.1:${ports['mcp-server']}`;
      const mcp = spawnComponent(component, env, { quiet, distDir });
      children.push({ name: 'mcp-server', child: mcp, component, env, url: mcpUrl });
      await waitHealthy(mcpUrl, 'mcp-server', mcp);
    }
    /** Spawns an exited process again with the env it first had; returns the new child. */
    const respawn = (name) => {
      const entry = children.find((c) => c.name === name);
      if (!entry?.component) throw new Error(`${name} cannot be restarted`);
      if (entry.child.exitCode === null && entry.child.signalCode === null)
        throw new Error(`${name} is still running`);
      entry.child = spawnComponent(entry.component, entry.env, { quiet, distDir });
      return entry.child;
    };
    /**
     * Starts an exited service or gateway again (the fault tests kill one and bring it
     * back) and waits until it is healthy.
     */
    const restart = async (name) => {
      const child = respawn(name);
      await waitHealthy(children.find((c) => c.name === name).url, name, child);
      return child;
    };
    return {
      gatewayUrl,
      gatewayUrls,
      mcpUrl,
      urls,
      ports,
      children,
      stop,
      restart,
      respawn,
      common,
    };
  } catch (err) {
    log(`stack failed to start: ${err.message}`);
    await stop();
    throw err;
  }
}
