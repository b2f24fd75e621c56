import type { TestProject } from 'vitest/node';
// @ts-expect-error plain ESM helper shared with the npm scripts
import { deleteStreams, ensureMongo, ensureNats } from '../../scripts/lib/engines.mjs';

/** Real engines for service tests: whatever is configured or running, else started here. */
export default async function setup(project: TestProject) {
  const mongo = await ensureMongo();
  const nats = await ensureNats();
  process.env.MONGO_URL = mongo.url;
  process.env.NATS_URL = nats.url;
  project.provide('mongoUrl', mongo.url);
  project.provide('natsUrl', nats.url);
  return async () => {
    // The streams of testConfig()'s prefixes (`t<12 hex>`), once every file is done.
    await deleteStreams(nats.url, /^T[0-9A-F]{12}_/).catch(() => undefined);
    mongo.child?.kill('SIGTERM');
    nats.child?.kill('SIGTERM');
  };
}

declare module 'vitest' {
  export interface ProvidedContext {
    mongoUrl: string;
    natsUrl: string;
  }
}
