// Starts the built components as processes (the same bundles for `npm start`, the e2e
// tests and the benchmark) and stops them cleanly.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import readline from 'node:readline';
import { ROOT, log } from './util.mjs';
import { SERVICES, GATEWAY, MCP_SERVER, bundlePath } from './components.mjs';

const LEVELS = { 10: 'trace', 20: 'debug', 30: 'info', 40: 'warn', 50: 'error', 60: 'fatal' };

/** Ports: the gateway on base, services on base+1…, the MCP server on base+100. */
export function stackPorts(base = 3000) {
  const ports = { gateway: base, 'mcp-server': base + 100 };
  SERVICES.forEach((s, i) => (ports[s.name] = base + 1 + i));
  return ports;
}

export function serviceUrls(ports) {
  return Object.fromEntries(SERVICES.map((s) => [s.name, `http://127.0.0.1:${ports[s.name]}`]));
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

export function spawnComponent(component, env, { quiet = false } = {}) {
  const child = spawn(
    process.execPath,
    ['--enable-source-maps', path.join(ROOT, bundlePath(component)), ...(component.args ?? [])],
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

export async function waitHealthy(url, name, child, timeoutMs = 60_000) {
  const start = Date.now();
  while (Date.now() - start < timeoutMs) {
    if (child.exitCode !== null) throw new Error(`${name} exited with code ${child.exitCode}`);
    try {
      const res = await fetch(`${url}/health`, { signal: AbortSignal.timeout(1000) });
      if (res.ok) return;
    } catch {
      /* not yet */
    }
    await new Promise((r) => setTimeout(r, 150));
  }
  throw new Error(`${name} did not become healthy at ${url} within ${timeoutMs / 1000}s`);
}

/**
 * Starts every service, then the gateway(s), then the MCP server. Returns the URLs and
 * a stop() that sends SIGTERM and waits for each process to exit. `gatewayEnv` goes to the
 * gateway alone (its CORS origins).
 */
export async function startStack({
  mongoUrl,
  natsUrl,
  secret,
  adminKey,
  basePort = 3000,
  dbPrefix = 'momentum',
  eventPrefix = 'momentum',
  logLevel = 'info',
  quiet = false,
  withMcp = true,
  extraEnv = {},
  gatewayEnv: gatewayOnly = {},
}) {
  const ports = stackPorts(basePort);
  const urls = serviceUrls(ports);
  const urlEnv = Object.fromEntries(
    Object.entries(urls).map(([n, u]) => [`${n.toUpperCase()}_URL`, u]),
  );
  const common = {
    MONGO_URL: mongoUrl,
    NATS_URL: natsUrl,
    INTERNAL_SECRET: secret,
    EVENT_PREFIX: eventPrefix,
    LOG_LEVEL: logLevel,
    HOST: '127.0.0.1',
    ...urlEnv,
    ...extraEnv,
  };
  const children = [];
  const stop = async () => {
    await Promise.all(
      children.reverse().map(
        ({ child }) =>
          new Promise((resolve) => {
            // A child ended by a signal has a null exitCode; it will not emit 'exit' again.
            if (child.exitCode !== null || child.signalCode !== null) return resolve();
            child.once('exit', resolve);
            child.kill('SIGTERM');
            setTimeout(() => child.kill('SIGKILL'), 10_000).unref();
          }),
      ),
    );
  };
  try {
    for (const s of SERVICES) {
      if (!existsSync(path.join(ROOT, bundlePath(s))))
        throw new Error(`${s.name} is not built (run npm run build)`);
      const env = { ...common, PORT: String(ports[s.name]), MONGO_DB: `${dbPrefix}_${s.name}` };
      if (s.name === 'identity') env.ADMIN_API_KEY = adminKey;
      children.push({ name: s.name, child: spawnComponent(s, env, { quiet }), component: s, env });
    }
    await Promise.all(children.map(({ name, child }) => waitHealthy(urls[name], name, child)));
    const gatewayEnv = { ...common, ...gatewayOnly, PORT: String(ports.gateway) };
    const gateway = spawnComponent(GATEWAY, gatewayEnv, { quiet });
    children.push({ name: 'gateway', child: gateway, component: GATEWAY, env: gatewayEnv });
    const gatewayUrl = `http://127.0.0.1:${ports.gateway}`;
    await waitHealthy(gatewayUrl, 'gateway', gateway);
    let mcpUrl = null;
    if (withMcp && existsSync(path.join(ROOT, bundlePath(MCP_SERVER)))) {
      const mcp = spawnComponent(
        { ...MCP_SERVER, args: ['--http'] },
        { ...common, MCP_PORT: String(ports['mcp-server']), SVC_BASE_URL: gatewayUrl },
        { quiet },
      );
      children.push({ name: 'mcp-server', child: mcp });
      mcpUrl = `http://127.0.0.1:${ports['mcp-server']}`;
      await waitHealthy(mcpUrl, 'mcp-server', mcp);
    }
    /**
     * Starts an exited service or gateway again with the env it first had (the fault tests
     * kill one and bring it back) and waits until it is healthy.
     */
    const restart = async (name) => {
      const entry = children.find((c) => c.name === name);
      if (!entry?.component) throw new Error(`${name} cannot be restarted`);
      if (entry.child.exitCode === null && entry.child.signalCode === null)
        throw new Error(`${name} is still running`);
      entry.child = spawnComponent(entry.component, entry.env, { quiet });
      await waitHealthy(urls[name] ?? gatewayUrl, name, entry.child);
      return entry.child;
    };
    return { gatewayUrl, mcpUrl, urls, ports, children, stop, restart, common };
  } catch (err) {
    log(`stack failed to start: ${err.message}`);
    await stop();
    throw err;
  }
}
