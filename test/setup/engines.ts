import { randomBytes } from 'node:crypto';
import type { TestProject } from 'vitest/node';
import {
  deleteStaleRunStreams,
  deleteStreams,
  ensureMongo,
  ensureNats,
  stopEngine,
  // @ts-expect-error plain ESM helper shared with the npm scripts
} from '../../scripts/lib/engines.mjs';

/** Real engines for service tests: whatever is configured or running, else started here. */
export default async function setup(project: TestProject) {
  const mongo = await ensureMongo();
  const nats = await ensureNats();
  // What killed runs left on a shared server (their buckets reserve storage until refused).
  await deleteStaleRunStreams(nats.url).catch(() => undefined);
  process.env.MONGO_URL = mongo.url;
  process.env.NATS_URL = nats.url;
  project.provide('mongoUrl', mongo.url);
  project.provide('natsUrl', nats.url);
  // This project's streams start with its own run (testConfig's EVENT_PREFIX), so the
  // teardown deletes them and never those of a project or a run still going beside it.
  const eventRun = randomBytes(2).toString('hex');
  project.provide('eventRun', eventRun);
  return async () => {
    // The streams of testConfig()'s prefixes (`t<run><8 hex>`), once every file is done, and
    // the services' nonce buckets under them (`KV_t<run><8 hex>_nonces_<service>`).
    const ours = new RegExp(`^(KV_)?T${eventRun.toUpperCase()}[0-9A-F]{8}_`, 'i');
    await deleteStreams(nats.url, ours).catch(() => undefined);
    await Promise.all([stopEngine(mongo.child), stopEngine(nats.child)]);
  };
}

declare module 'vitest' {
  export interface ProvidedContext {
    mongoUrl: string;
    natsUrl: string;
    eventRun: string;
  }
}
