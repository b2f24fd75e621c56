import { execFileSync } from 'node:child_process';
import type { TestProject } from 'vitest/node';

/**
 * Bundles the components once for the fault tests, into the faults project's own DIST_DIR
 * (its `env`), so they never rebuild the bundles an e2e stack is running from. The build
 * runs in a child process because scripts/lib/components.mjs reads DIST_DIR when first
 * imported, and the e2e set-up in this process may have imported it with the default.
 */
export default function setup(project: TestProject) {
  const distDir = project.config.env.DIST_DIR;
  if (!distDir) throw new Error('the faults project must set env.DIST_DIR');
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
