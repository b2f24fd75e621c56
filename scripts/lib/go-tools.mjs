// The Go programs the infra tests run on the deployment files, built from the Go module proxy
// as FerretDB is (engines.mjs): compose-check (compose-go, the loader of `docker compose`),
// kustomize and kube-score. Each is a module of its own under infra/tools/<name> whose go.mod
// and go.sum pin every version; built once into .cache/bin under a name that carries the
// tool's version and a digest of its module, and reused until either changes. Go's build
// cache makes a rebuild after a change cheap.
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, readdirSync, renameSync, rmSync } from 'node:fs';
import { once } from 'node:events';
import path from 'node:path';
import { ROOT, log, which } from './util.mjs';

/** Each tool: its module's folder, the package to build, and the module whose version it is. */
export const GO_TOOLS = {
  'compose-check': { pkg: '.', versionOf: 'github.com/compose-spec/compose-go/v2' },
  kustomize: {
    pkg: 'sigs.k8s.io/kustomize/kustomize/v5',
    versionOf: 'sigs.k8s.io/kustomize/kustomize/v5',
  },
  'kube-score': {
    pkg: 'github.com/zegl/kube-score/cmd/kube-score',
    versionOf: 'github.com/zegl/kube-score',
  },
};

const toolDir = (name) => path.join(ROOT, 'infra', 'tools', name);

/** The version go.mod requires of `module`. */
function requiredVersion(goMod, module) {
  const line = goMod
    .split('\n')
    .map((l) => l.trim().replace(/^require\s+/, ''))
    .find((l) => l.startsWith(`${module} `));
  const version = line?.split(/\s+/)[1];
  if (!version) throw new Error(`go.mod does not require ${module}`);
  return version;
}

/** `.cache/bin/<name>-<version>-<digest of go.mod, go.sum and the .go files>`. */
export function goToolBinary(name) {
  const tool = GO_TOOLS[name];
  if (!tool) throw new Error(`unknown Go tool ${name}`);
  const dir = toolDir(name);
  const files = readdirSync(dir)
    .filter((f) => f === 'go.mod' || f === 'go.sum' || f.endsWith('.go'))
    .sort();
  const hash = createHash('sha256');
  for (const f of files) hash.update(`${f}\0`).update(readFileSync(path.join(dir, f)));
  const version = requiredVersion(readFileSync(path.join(dir, 'go.mod'), 'utf8'), tool.versionOf);
  return path.join(ROOT, '.cache', 'bin', `${name}-${version}-${hash.digest('hex').slice(0, 12)}`);
}

/**
 * The tool's binary, built first if this version is not in .cache/bin yet (Go and the module
 * proxy are all it needs). Resolves once built: from 40 s (compose-check) to about 2 minutes
 * (kustomize, kube-score) on a fresh machine. Asynchronous, so a test worker waiting for it
 * keeps answering its runner.
 */
export async function buildGoTool(name) {
  const bin = goToolBinary(name);
  if (existsSync(bin)) return bin;
  if (!which('go')) throw new Error(`Go is needed to build ${name} (infra/tools/${name})`);
  log(`building ${path.basename(bin)} once…`);
  mkdirSync(path.dirname(bin), { recursive: true });
  // Under a temporary name, renamed when complete: a build cut short leaves nothing a later
  // run would take for a finished binary.
  const tmp = `${bin}.${process.pid}.tmp`;
  try {
    const child = spawn(
      'go',
      ['build', '-trimpath', '-buildvcs=false', '-o', tmp, GO_TOOLS[name].pkg],
      {
        cwd: toolDir(name),
        stdio: ['ignore', 'ignore', 'inherit'],
        // go.sum is committed: -mod=readonly refuses to build anything it does not pin.
        env: { ...process.env, GOFLAGS: '-mod=readonly', GOTOOLCHAIN: 'local' },
      },
    );
    const [code] = await once(child, 'exit');
    if (code !== 0) throw new Error(`go build of ${name} exited with ${code}`);
    renameSync(tmp, bin);
  } finally {
    rmSync(tmp, { force: true });
  }
  return bin;
}
