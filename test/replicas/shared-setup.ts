import type { TestProject } from 'vitest/node';
// @ts-expect-error plain ESM helpers shared with the npm scripts
import { build } from '../../scripts/build.mjs';
import { launchReplicaStack } from './support/replica-launch.js';

/**
 * One replica stack for the files of the `replicas` project, which only send requests
 * through the two gateways (none stops or restarts a process): started once for the layer
 * rather than once per file, each file making its own users and teams on it. The files that
 * kill and stall processes start stacks of their own (the `replicas-own-stack` project).
 * Bundled into the project's own DIST_DIR (its `env`), named to the build and the stack
 * because this process may have read another DIST_DIR already (test/faults/setup.ts).
 */
export default async function setup(project: TestProject) {
  const distDir = project.config.env.DIST_DIR;
  if (!distDir) throw new Error('the replicas project must set env.DIST_DIR');
  await build({ quiet: true, distDir });
  const stack = await launchReplicaStack(
    Number(process.env.REPLICAS_BASE_PORT ?? 4960),
    { RATE_LIMIT_MAX: '0' },
    distDir,
  );
  project.provide('replicaGateways', stack.gateways);
  project.provide('replicaAdminKey', stack.adminKey);
  return () => stack.close();
}

declare module 'vitest' {
  export interface ProvidedContext {
    replicaGateways: string[];
    replicaAdminKey: string;
  }
}
