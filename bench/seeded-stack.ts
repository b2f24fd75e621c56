import { randomBytes, randomUUID } from 'node:crypto';
import { signActor } from '@momentum/http';
import type { Actor } from '@momentum/contracts';
import { BenchClient } from './client.js';
import { stopOnExit } from './on-exit.js';
import {
  deleteStaleRunStreams,
  deleteStreams,
  dropDatabases,
  ensureMongo,
  ensureNats,
  stopEngine,
  // @ts-expect-error plain ESM helpers shared with the npm scripts
} from '../scripts/lib/engines.mjs';
// @ts-expect-error plain ESM helpers shared with the npm scripts
import { startStack } from '../scripts/lib/stack.mjs';
// @ts-expect-error plain ESM helpers shared with the npm scripts
import { build } from '../scripts/build.mjs';
// @ts-expect-error plain ESM helpers shared with the npm scripts
import { ensureDependencies, newUserKey } from '../scripts/lib/setup.mjs';

/** The stack under test and the people, team and project the benchmark works with. */
export interface SeededStack {
  gatewayUrl: string;
  /** Every gateway's URL (one unless started with `replicas`). */
  gatewayUrls: string[];
  serviceUrls: Record<string, string>;
  pids: Record<string, number>;
  mongoUrl: string;
  natsUrl: string;
  dbPrefix: string;
  secret: string;
  admin: BenchClient;
  user: BenchClient;
  userActor: Actor;
  teamId: string;
  projectId: string;
  stop: () => Promise<void>;
}

/** A fresh stack on its own ports and databases (`bench_<run>_*`), dropped at the end. */
export async function startSeededStack(
  basePort: number,
  env: Record<string, string> = {},
  {
    replicas = 1,
    mongoUrl,
    withMcp = false,
  }: {
    replicas?: number;
    /** An engine of the caller's (the CPU figure starts one of its own); else ensureMongo's. */
    mongoUrl?: string;
    /** Start the MCP server too (its pid joins `pids`). */
    withMcp?: boolean;
  } = {},
): Promise<SeededStack> {
  ensureDependencies();
  const mongo = mongoUrl ? { url: mongoUrl, child: null } : await ensureMongo();
  let nats: { url: string; child: unknown } = { url: '', child: null };
  let running: { stop: () => Promise<void> } | undefined;
  let dropData = async () => {};
  // Registered before anything starts, so a failed set-up, an error or a signal stops it all.
  const stop = stopOnExit(async () => {
    await running?.stop();
    await dropData();
    await Promise.all([stopEngine(mongo.child), stopEngine(nats.child)]);
  });
  try {
    nats = await ensureNats();
    // What killed runs left on a shared server (their buckets reserve storage until refused).
    await deleteStaleRunStreams(nats.url).catch(() => undefined);
    await build({ quiet: true });
    const run = randomUUID().replace(/-/g, '').slice(0, 8);
    const secret = randomBytes(32).toString('base64url');
    const adminKey = newUserKey();
    const dbPrefix = `bench_${run}`;
    dropData = async () => {
      await dropDatabases(mongo.url, `${dbPrefix}_`);
      await deleteStreams(nats.url, new RegExp(`^BENCH${run.toUpperCase()}_`));
    };
    const started = await startStack({
      mongoUrl: mongo.url,
      natsUrl: nats.url,
      secret,
      // They call services straight, as the gateway would, signing with the shared secret.
      acceptSharedSecret: true,
      adminKey,
      basePort,
      dbPrefix,
      eventPrefix: `bench${run}`,
      logLevel: 'warn',
      quiet: process.env.BENCH_VERBOSE !== 'true',
      withMcp,
      // REPLICAS=N as `npm start` runs it: N gateways, N processes of every service.
      replicas,
      // --expose-gc: memory is read after a full collection (vitals.ts).
      extraEnv: { RATE_LIMIT_MAX: '0', NODE_OPTIONS: '--expose-gc', ...env },
    });
    running = started;
    const admin = new BenchClient(started.gatewayUrl, adminKey);
    const created = await admin.expect(201, 'POST', '/api/users', { name: 'Bench User' });
    const user = admin.as(created.data.apiKey);
    const team = await user.expect(201, 'POST', '/api/teams', { name: 'Bench Team', key: 'BEN' });
    const project = await user.expect(201, 'POST', '/api/projects', {
      teamId: team.data.id,
      name: 'Bench',
      key: 'BEN',
    });
    const me = await user.expect(200, 'GET', '/api/me');
    const userActor: Actor = { ...me.data, type: 'user', userId: me.data.id };
    return {
      gatewayUrl: started.gatewayUrl,
      gatewayUrls: started.gatewayUrls,
      serviceUrls: started.urls,
      pids: Object.fromEntries(
        started.children.map((c: { name: string; child: { pid: number } }) => [
          c.name,
          c.child.pid,
        ]),
      ),
      mongoUrl: mongo.url,
      natsUrl: nats.url,
      dbPrefix,
      secret,
      admin,
      user,
      userActor,
      teamId: team.data.id,
      projectId: project.data.id,
      stop,
    };
  } catch (error) {
    await stop();
    throw error;
  }
}

/**
 * Headers a service accepts in place of the gateway: the actor signed with the secret for one
 * request without a body (good for the signature's window, 30 s).
 */
export function directHeaders(
  stack: SeededStack,
  method: string,
  url: string,
): Record<string, string> {
  return signActor(stack.userActor, stack.secret, { method, url });
}
