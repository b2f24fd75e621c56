import type { ChildProcess } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { KEY_HASH_COST } from '@momentum/config';
import {
  deleteStreams,
  dropDatabases,
  ensureMongo,
  ensureNats,
  stopEngine,
  // @ts-expect-error plain ESM helpers shared with the npm scripts
} from '../../../scripts/lib/engines.mjs';
// @ts-expect-error plain ESM helpers shared with the npm scripts
import { gatewayMetricsPort, startStack } from '../../../scripts/lib/stack.mjs';
// @ts-expect-error plain ESM helpers shared with the npm scripts
import { newUserKey } from '../../../scripts/lib/setup.mjs';
import { signalAndWait, type Exit } from '../../faults/support/processes.js';

/** Two gateways and two processes of every service, on the shared engines. */
export interface ReplicaStack {
  /** The gateways' URLs: 3000 + 1000·i style, from the file's base port. */
  gateways: string[];
  /** Each gateway's metrics URL (its METRICS_PORT: the first's + 1000·i). */
  gatewayMetrics: string[];
  adminKey: string;
  /** Sends a signal to one process (`issues.1`: the second issues replica) and waits for its exit. */
  signal(name: string, signal: NodeJS.Signals): Promise<Exit>;
  /** Sends a signal and returns at once (SIGSTOP, SIGCONT: the process does not exit). */
  send(name: string, signal: NodeJS.Signals): void;
  restart(name: string): Promise<void>;
  close(): Promise<void>;
}

interface StackChild {
  name: string;
  child: ChildProcess;
}

/**
 * `replicas: 2` of `startStack` (as `REPLICAS=2 npm start` runs it) on the engines every
 * layer shares, with databases `replicas_<run>_*` and subject prefix `replicas<run>`, both
 * removed afterwards (the gateways' key-value buckets with the streams). Free of vitest,
 * so a global set-up can start it (test/replicas/shared-setup.ts), from the bundles in
 * `distDir` (DIST_DIR when not given).
 */
export async function launchReplicaStack(
  basePort: number,
  extraEnv: Record<string, string> = {},
  distDir?: string,
): Promise<ReplicaStack> {
  const mongo = await ensureMongo();
  const nats = await ensureNats();
  const run = randomUUID().replace(/-/g, '').slice(0, 8);
  const adminKey = newUserKey();
  // Off the default 9464, which a stack of `npm start` on this machine may hold.
  const metricsPort = basePort + 90;
  const stack = await startStack({
    mongoUrl: mongo.url,
    natsUrl: nats.url,
    secret: randomBytes(32).toString('base64url'),
    adminKey,
    basePort,
    dbPrefix: `replicas_${run}`,
    eventPrefix: `replicas${run}`,
    logLevel: process.env.REPLICAS_LOGS ?? 'warn',
    quiet: !process.env.REPLICAS_LOGS,
    withMcp: false,
    replicas: 2,
    distDir,
    extraEnv: {
      API_KEY_HASH_COST: String(KEY_HASH_COST.min),
      METRICS_PORT: String(metricsPort),
      ...extraEnv,
    },
  });
  const processOf = (name: string) => {
    const entry = (stack.children as StackChild[]).find((c) => c.name === name);
    if (!entry) throw new Error(`no ${name} in the stack`);
    return entry.child;
  };
  return {
    gateways: stack.gatewayUrls,
    gatewayMetrics: stack.gatewayUrls.map(
      (_: string, i: number) =>
        `http://127.0.0.1:${gatewayMetricsPort(String(metricsPort), i)}/metrics`,
    ),
    adminKey,
    signal: (name, signal) => signalAndWait(processOf(name), signal),
    send: (name, signal) => void processOf(name).kill(signal),
    restart: async (name) => void (await stack.restart(name)),
    close: async () => {
      await stack.stop();
      await dropDatabases(mongo.url, `replicas_${run}_`);
      const ours = new RegExp(`^(KV_)?REPLICAS${run.toUpperCase()}_`, 'i');
      await deleteStreams(nats.url, ours).catch(() => undefined);
      await Promise.all([stopEngine(mongo.child), stopEngine(nats.child)]);
    },
  };
}
