import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
// @ts-expect-error plain ESM helper shared with the npm scripts
import { freePort, startFerretDB, stopEngine } from '../../scripts/lib/engines.mjs';

/**
 * Two private engines for the engine tests: FerretDB as this repo builds it (patched) and as
 * released (unpatched, built once into .cache/bin like the other), each on its own port and
 * its own temporary data, so the tests compare their answers to the same requests.
 */
export default async function setup(project: TestProject) {
  // TTL indexes are looked at every second here (ttl.test.ts), every minute by default.
  process.env.FERRETDB_TTL_MONITOR_SLEEP_SECS ??= '1';
  const dir = mkdtempSync(path.join(tmpdir(), 'momentum-engines-'));
  const [patchedPort, unpatchedPort] = [await freePort(), await freePort()];
  const patched = await startFerretDB({ dir: path.join(dir, 'patched'), port: patchedPort });
  const unpatched = await startFerretDB({
    dir: path.join(dir, 'unpatched'),
    port: unpatchedPort,
    patched: false,
  });
  project.provide('patchedUrl', `mongodb://127.0.0.1:${patchedPort}`);
  project.provide('unpatchedUrl', `mongodb://127.0.0.1:${unpatchedPort}`);
  // Where each keeps its SQLite files, for tests that look at them (wal.test.ts).
  project.provide('patchedDir', path.join(dir, 'patched'));
  project.provide('unpatchedDir', path.join(dir, 'unpatched'));
  return async () => {
    await Promise.all([stopEngine(patched), stopEngine(unpatched)]);
    rmSync(dir, { recursive: true, force: true });
  };
}

declare module 'vitest' {
  export interface ProvidedContext {
    patchedUrl: string;
    unpatchedUrl: string;
    patchedDir: string;
    unpatchedDir: string;
  }
}
