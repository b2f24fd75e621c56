import type { ChildProcess } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { KEY_HASH_COST } from '@momentum/config';
// @ts-expect-error plain ESM helpers shared with the npm scripts
import { portOpen, startFerretDB, startNatsServer } from '../../../scripts/lib/engines.mjs';
// @ts-expect-error plain ESM helpers shared with the npm scripts
import { startStack } from '../../../scripts/lib/stack.mjs';
// @ts-expect-error plain ESM helpers shared with the npm scripts
import { newUserKey } from '../../../scripts/lib/setup.mjs';
// @ts-expect-error plain ESM helpers shared with the npm scripts
import { supervise } from '../../../scripts/lib/supervise.mjs';
import { connect } from 'nats';
import { useStack } from '../../support/e2e.js';
import { Engine } from './engine.js';
import { signalAndWait, type Exit } from './processes.js';

export type Component = 'identity' | 'habits' | 'projects' | 'issues' | 'agents' | 'gateway';

/** A private FerretDB, nats-server and stack, which a fault test may break at will. */
export interface PrivateStack {
  gatewayUrl: string;
  urls: Record<string, string>;
  secret: string;
  /** Each service's database is `<dbPrefix>_<service>`. */
  dbPrefix: string;
  mongo: Engine;
  /** The NATS server, or the first node of a cluster (`natsNodes`). */
  nats: Engine;
  /** Every NATS node: one, or three of a JetStream cluster (`startPrivateStack`'s `natsNodes`). */
  natsNodes: Engine[];
  process(name: Component): ChildProcess;
  running(name: Component): boolean;
  /** Sends `signal` to a service or the gateway and waits for it to exit. */
  signal(name: Component, signal: NodeJS.Signals): Promise<Exit>;
  /** Starts it again with the env it had; resolves once it is healthy. */
  restart(name: Component): Promise<void>;
  /** Restarts whatever exits on its own, as `npm start` does (scripts/lib/supervise.mjs). */
  supervise(options: SuperviseOptions): { stop(): void };
  close(): Promise<void>;
}

export interface SuperviseOptions {
  log: (line: string) => void;
  firstMs?: number;
  maxMs?: number;
  stableMs?: number;
}

interface StackChild {
  name: string;
  child: ChildProcess;
}

/**
 * The first base port from `from` up (in steps of 20) whose stack, FerretDB and NATS ports are
 * all free: another run on a shared machine may hold the first ones.
 */
export async function freePrivateStackBase(from = 5200, natsNodes = 1): Promise<number> {
  for (let base = from; base < from + 400; base += 20) {
    const ports = [
      ...Array.from({ length: 6 }, (_, i) => base + i),
      base + 10,
      ...natsPorts(base, natsNodes).flatMap((n) => [n.client, ...(n.route ? [n.route] : [])]),
    ];
    const taken = await Promise.all(ports.map((port) => portOpen('127.0.0.1', port)));
    if (!taken.includes(true)) return base;
  }
  throw new Error(`no free ports for a fault-test stack from ${from} up`);
}

/** A NATS node's client port and, in a cluster, its route port. */
function natsPorts(base: number, nodes: number): Array<{ client: number; route?: number }> {
  if (nodes === 1) return [{ client: base + 11 }];
  return Array.from({ length: nodes }, (_, i) => ({ client: base + 11 + i, route: base + 14 + i }));
}

/**
 * Everything on ports of its own (the stack on basePort…basePort+5, FerretDB on
 * basePort+10, NATS on basePort+11, or a three-node JetStream cluster on basePort+11…+13
 * routing on +14…+16, its streams kept in three copies) and data in a temp dir, so
 * stopping an engine never touches the shared ones on 27017 and 4222 the other test layers
 * use.
 */
export async function startPrivateStack(
  basePort: number,
  { natsNodes = 1 }: { natsNodes?: 1 | 3 } = {},
): Promise<PrivateStack> {
  const mongoPort = basePort + 10;
  const ports = natsPorts(basePort, natsNodes);
  for (const port of [basePort, mongoPort, ...ports.map((p) => p.client)])
    if (await portOpen('127.0.0.1', port))
      throw new Error(`port ${port} is taken; the fault tests need ${basePort}…${port}`);
  const dir = mkdtempSync(path.join(tmpdir(), 'momentum-faults-'));
  const mongo = new Engine('FerretDB', `mongodb://127.0.0.1:${mongoPort}`, () =>
    startFerretDB({ dir: path.join(dir, 'ferretdb'), port: mongoPort }),
  );
  const nodes = ports.map(
    ({ client, route }, i) =>
      new Engine(`nats-server ${i + 1}`, `nats://127.0.0.1:${client}`, () =>
        startNatsServer({
          storeDir: path.join(dir, `nats-${i + 1}`),
          port: client,
          logFile: path.join(dir, `nats-${i + 1}.log`),
          ...(route
            ? {
                cluster: {
                  name: `n${i + 1}`,
                  port: route,
                  routes: ports.filter((p) => p.route !== route).map((p) => p.route),
                },
              }
            : {}),
        }),
      ),
  );
  const nats = nodes[0]!;
  const natsUrl = nodes.map((n) => n.url).join(',');
  const run = randomUUID().replace(/-/g, '').slice(0, 8);
  const secret = randomBytes(32).toString('base64url');
  const adminKey = newUserKey();
  const cleanup = async () => {
    for (const node of nodes) await node.stop();
    await mongo.stop();
    rmSync(dir, { recursive: true, force: true });
  };
  let stack;
  try {
    await Promise.all([mongo.start(), ...nodes.map((n) => n.start())]);
    if (natsNodes > 1) await jetStreamReady(natsUrl, natsNodes);
    stack = await startStack({
      mongoUrl: mongo.url,
      natsUrl,
      secret,
      // They call services straight, as the gateway would, signing with the shared secret.
      acceptSharedSecret: true,
      adminKey,
      basePort,
      dbPrefix: `faults_${run}`,
      eventPrefix: `faults${run}`,
      // FAULTS_LOGS=warn (or info…) shows the services' logs from that level, to see the
      // reconnects, failed flushes and shutdowns behind a failure.
      logLevel: process.env.FAULTS_LOGS ?? 'warn',
      quiet: !process.env.FAULTS_LOGS,
      withMcp: false,
      extraEnv: {
        RATE_LIMIT_MAX: '0',
        API_KEY_HASH_COST: String(KEY_HASH_COST.min),
        NATS_REPLICAS: String(natsNodes),
      },
    });
  } catch (err) {
    await cleanup();
    throw err;
  }
  useStack({ gatewayUrl: stack.gatewayUrl, adminKey });
  const processOf = (name: Component) => {
    const entry = (stack.children as StackChild[]).find((c) => c.name === name);
    if (!entry) throw new Error(`no ${name} in the stack`);
    return entry.child;
  };
  return {
    gatewayUrl: stack.gatewayUrl,
    urls: stack.urls,
    secret,
    dbPrefix: `faults_${run}`,
    mongo,
    nats,
    natsNodes: nodes,
    process: processOf,
    running: (name) => processOf(name).exitCode === null && processOf(name).signalCode === null,
    signal: (name, signal) => signalAndWait(processOf(name), signal),
    restart: async (name) => void (await stack.restart(name)),
    supervise: (options) => supervise(stack, options),
    close: async () => {
      await stack.stop();
      await cleanup();
    },
  };
}

/**
 * Until the cluster's JetStream can keep a stream in `replicas` copies (its meta leader
 * elected, every node in): a service creating its stream before then is refused.
 */
async function jetStreamReady(url: string, replicas: number, timeoutMs = 30_000): Promise<void> {
  const nc = await connect({ servers: url.split(','), maxReconnectAttempts: -1 });
  const name = `READY_${randomUUID().replace(/-/g, '').slice(0, 8)}`;
  const start = Date.now();
  try {
    for (;;) {
      try {
        const jsm = await nc.jetstreamManager();
        await jsm.streams.add({
          name,
          subjects: [`${name.toLowerCase()}.>`],
          num_replicas: replicas,
        });
        await jsm.streams.delete(name);
        return;
      } catch (err) {
        if (Date.now() - start > timeoutMs) throw err;
        await new Promise((r) => setTimeout(r, 250));
      }
    }
  } finally {
    await nc.close();
  }
}
