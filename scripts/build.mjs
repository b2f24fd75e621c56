// Bundles each component's entry (with the workspace libs inlined, npm packages left
// external) into dist/<component>.mjs. Fast enough to run before every start.
import { existsSync, rmSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { ROOT, log } from './lib/util.mjs';
import { COMPONENTS, DIST_DIR, bundlePath } from './lib/components.mjs';

export async function build({ quiet = false, distDir = DIST_DIR } = {}) {
  const esbuild = await import('esbuild');
  const externalPackages = {
    name: 'external-packages',
    setup(b) {
      b.onResolve({ filter: /^[^./]/ }, (args) =>
        args.path.startsWith('@momentum/') ? undefined : { path: args.path, external: true },
      );
    },
  };
  rmSync(path.resolve(ROOT, distDir), { recursive: true, force: true });
  const present = COMPONENTS.filter((c) => existsSync(path.join(ROOT, c.entry)));
  try {
    await Promise.all(
      present.map((c) =>
        esbuild.build({
          entryPoints: [path.join(ROOT, c.entry)],
          outfile: path.resolve(ROOT, bundlePath(c, distDir)),
          bundle: true,
          platform: 'node',
          format: 'esm',
          target: 'node20',
          sourcemap: true,
          logLevel: 'error',
          plugins: [externalPackages],
        }),
      ),
    );
  } finally {
    // esbuild keeps its service process (pinging it) for later calls: `npm start` lives on
    // and makes none, so it would spend CPU for nothing. A later build starts a new one.
    await esbuild.stop();
  }
  if (!quiet) log(`built ${present.map((c) => c.name).join(', ')}`);
  return present;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const { execFileSync } = await import('node:child_process');
  await build();
  log('type-checking…');
  execFileSync('npx', ['tsc', '-p', 'tsconfig.json', '--noEmit'], { cwd: ROOT, stdio: 'inherit' });
  log('build ok');
}
