import { randomBytes, randomUUID } from 'node:crypto';
import type { TestProject } from 'vitest/node';
import { KEY_HASH_COST } from '@momentum/config';
import {
  deleteStaleRunStreams,
  deleteStreams,
  dropDatabases,
  ensureMongo,
  ensureNats,
  stopEngine,
  // @ts-expect-error plain ESM helpers shared with the npm scripts
} from '../../scripts/lib/engines.mjs';
// @ts-expect-error plain ESM helpers shared with the npm scripts
import { startStack } from '../../scripts/lib/stack.mjs';
// @ts-expect-error plain ESM helpers shared with the npm scripts
import { newUserKey } from '../../scripts/lib/setup.mjs';
// @ts-expect-error plain ESM helpers shared with the npm scripts
import { build } from '../../scripts/build.mjs';

/**
 * The whole stack as processes for end-to-end tests, on its own ports, databases
 * (`e2e_<run>_<service>`) and subject prefix, so it never meets a dev stack or an
 * earlier run. Databases are dropped afterwards.
 */
export default async function setup(project: TestProject) {
  const mongo = await ensureMongo();
  const nats = await ensureNats();
  // What killed runs left on a shared server (their buckets reserve storage until refused).
  await deleteStaleRunStreams(nats.url).catch(() => undefined);
  await build({ quiet: true });
  const run = randomUUID().replace(/-/g, '').slice(0, 10);
  const secret = randomBytes(32).toString('base64url');
  const adminKey = newUserKey();
  const stack = await startStack({
    mongoUrl: mongo.url,
    natsUrl: nats.url,
    secret,
    // They call services straight, as the gateway would, signing with the shared secret.
    acceptSharedSecret: true,
    adminKey,
    basePort: Number(process.env.E2E_BASE_PORT ?? 4300),
    dbPrefix: `e2e_${run}`,
    eventPrefix: `e2e${run}`,
    logLevel: 'warn',
    quiet: true,
    // Limits that the e2e files would meet by their sheer number of calls and fixtures (the
    // authorization matrix makes webhooks for every row); their own tests set them low. Keys
    // hashed at bcrypt's least cost (libs/config KEY_HASH_COST).
    extraEnv: {
      RATE_LIMIT_MAX: '0',
      WEBHOOKS_MAX_PER_USER: '1000',
      WEBHOOKS_MAX_PER_TEAM: '1000',
      API_KEY_HASH_COST: String(KEY_HASH_COST.min),
      // A heartbeat the live-stream test can wait for (15 s by default).
      EVENTS_HEARTBEAT_MS: '1000',
    },
  });
  project.provide('gatewayUrl', stack.gatewayUrl);
  project.provide('mcpUrl', stack.mcpUrl ?? '');
  project.provide('adminKey', adminKey);
  project.provide('serviceUrls', stack.urls);
  project.provide('internalSecret', secret);
  project.provide('stackEnv', stack.common);
  // Each service's database is `<dbPrefix>_<service>` (test/e2e/privacy.test.ts reads them).
  project.provide('dbPrefix', `e2e_${run}`);
  return async () => {
    await stack.stop();
    await dropDatabases(mongo.url, `e2e_${run}_`);
    await deleteStreams(nats.url, new RegExp(`^E2E${run.toUpperCase()}_`)).catch(() => undefined);
    await Promise.all([stopEngine(mongo.child), stopEngine(nats.child)]);
  };
}

declare module 'vitest' {
  export interface ProvidedContext {
    mcpUrl: string;
    stackEnv: Record<string, string>;
    dbPrefix: string;
  }
}
