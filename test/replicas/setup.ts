import { execFileSync } from 'node:child_process';
import type { TestProject } from 'vitest/node';

/**
 * Bundles the components once for the replica tests, into the project's own DIST_DIR (its
 * `env`), so they never rebuild the bundles an e2e or fault stack is running from (the
 * build runs in a child process for the reason test/faults/setup.ts gives).
 */
export default function setup(project: TestProject) {
  const distDir = project.config.env.DIST_DIR;
  if (!distDir) throw new Error('the replicas project must set env.DIST_DIR');
  execFileSync(
    process.execPath,
    [
      '--input-type=module',
      '-e',
      "const { build } = await import('./scripts/build.mjs'); await build({ quiet: true });",
    ],
    { cwd: project.config.root, env: { ...process.env, DIST_DIR: distDir }, stdio: 'inherit' },
  );
}
