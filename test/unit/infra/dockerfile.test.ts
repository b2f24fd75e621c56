// The Dockerfile and .dockerignore, checked without Docker or Kubernetes.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { type Env, ROOT, read, COMPONENTS } from './support.js';

interface Instruction {
  op: string;
  args: string;
}
interface Stage {
  from: string;
  name: string | undefined;
  body: Instruction[];
}

function parseDockerfile(text: string) {
  const lines = text
    .replace(/\\\r?\n/g, ' ')
    .split(/\r?\n/)
    .map((l) => l.trim())
    .filter((l) => l && !l.startsWith('#'));
  const globalArgs: Env = {};
  const stages: Stage[] = [];
  for (const line of lines) {
    const [op = '', ...rest] = line.split(/\s+/);
    const ins = { op: op.toUpperCase(), args: rest.join(' ') };
    if (ins.op === 'FROM') {
      const m = /^(?:--\S+\s+)*(\S+)(?:\s+AS\s+(\S+))?$/i.exec(ins.args);
      const image = (m?.[1] ?? '').replace(/\$\{?(\w+)\}?/g, (_, v: string) => globalArgs[v] ?? '');
      stages.push({ from: image, name: m?.[2], body: [] });
    } else if (stages.length === 0 && ins.op === 'ARG') {
      const [k = '', v = ''] = ins.args.split('=');
      globalArgs[k] = v;
    } else {
      stages.at(-1)?.body.push(ins);
    }
  }
  return stages;
}

const dockerfile = read('Dockerfile');
const stages = parseDockerfile(dockerfile);
const runtime = stages.at(-1) as Stage;
const ops = (stage: Stage, op: string) => stage.body.filter((i) => i.op === op).map((i) => i.args);
const stageNamed = (name: string) => stages.find((s) => s.name === name);
/** The stages a stage is built FROM, nearest first. */
const stagesBelow = (stage: Stage): Stage[] => {
  const base = stageNamed(stage.from);
  return base ? [base, ...stagesBelow(base)] : [];
};

/** The workspace folders of the root package.json, with globs expanded. */
function workspaces(): string[] {
  const pkg = JSON.parse(read('package.json')) as { workspaces: string[] };
  return pkg.workspaces.flatMap((ws) => {
    if (!ws.endsWith('/*')) return [ws];
    const parent = ws.slice(0, -2);
    return readdirSync(path.join(ROOT, parent))
      .map((d) => `${parent}/${d}`)
      .filter((d) => existsSync(path.join(ROOT, d, 'package.json')));
  });
}

describe('Dockerfile', () => {
  it('has several stages on a supported Node LTS (node:22 or node:24, slim)', () => {
    expect(stages.length).toBeGreaterThanOrEqual(3);
    for (const s of stages) {
      const base = stageNamed(s.from);
      expect(base ? base.from : s.from, `FROM ${s.from}`).toMatch(
        /^node:(22|24)(\.\d+){0,2}-bookworm-slim$/,
      );
    }
  });

  it('the code still runs on Node 20 and later outside the image (engines, bundle target)', () => {
    const pkg = JSON.parse(read('package.json')) as { engines?: { node?: string } };
    expect(pkg.engines?.node).toBe('>=20');
    expect(read('scripts/build.mjs')).toMatch(/target:\s*'node20'/);
  });

  it('the app files belong to root and are read-only: the app user runs the code, cannot change it', () => {
    const copies = ops(runtime, 'COPY');
    expect(copies.length).toBeGreaterThan(0);
    for (const c of copies) {
      // owned by root (COPY's default, or said)
      const chown = /--chown=(\S+)/.exec(c)?.[1];
      expect(chown ?? 'root:root', c).toBe('root:root');
      // made read-only for everyone in the stage it comes from (COPY keeps the modes)
      const from = /--from=(\S+)/.exec(c)?.[1];
      expect(from, `${c}: copied from a stage`).toBeDefined();
      const stage = stageNamed(from ?? '') as Stage;
      const workdir = [...stages.slice(0, stages.indexOf(stage) + 1)]
        .flatMap((s) => ops(s, 'WORKDIR'))
        .at(-1);
      const readOnly = [stage, ...stagesBelow(stage)]
        .flatMap((s) => ops(s, 'RUN'))
        .flatMap((r) => [...r.matchAll(/chmod -R a-w (\S+)/g)].map((m) => m[1] ?? ''))
        .map((p) => (p.startsWith('/') ? p : `${workdir}/${p}`));
      const sources = c.replace(/--\S+/g, '').trim().split(/\s+/).slice(0, -1);
      for (const src of sources)
        expect(
          readOnly.some((p) => src === p || src.startsWith(`${p}/`)),
          `${src} (from ${String(from)}) made read-only`,
        ).toBe(true);
    }
    // the app user comes after every file, and nothing hands a file back to it
    const body = runtime.body;
    const userAt = body.findIndex((i) => i.op === 'USER');
    expect(body[userAt]?.args).toBe('node');
    expect(
      body.slice(userAt).some((i) => i.op === 'COPY' || i.op === 'ADD' || i.op === 'RUN'),
    ).toBe(false);
    expect(dockerfile).not.toMatch(/chown[^\n]*\bnode\b|--chown=node/);
  });

  it('installs dependencies with npm ci from the manifests alone, before any source', () => {
    const deps = stages.find((s) => ops(s, 'RUN').some((r) => /\bnpm ci\b(?!.*--omit)/.test(r)));
    expect(deps, 'a stage running npm ci').toBeDefined();
    const body = deps?.body ?? [];
    const runIdx = body.findIndex((i) => i.op === 'RUN' && /\bnpm ci\b/.test(i.args));
    const copies = body.slice(0, runIdx).filter((i) => i.op === 'COPY');
    expect(copies.length).toBeGreaterThan(0);
    // only what the manifests stage collected comes before npm ci (a source change keeps the layer)
    for (const c of copies) expect(c.args, c.args).toMatch(/^--from=manifests\s/);
    expect(stageNamed('manifests')).toBeDefined();
  });

  it.skipIf(process.platform !== 'linux')(
    'the manifests stage collects the root manifest, the lock file and every workspace manifest',
    () => {
      const manifests = stageNamed('manifests') as Stage;
      const deps = stages.find((s) => ops(s, 'COPY').some((c) => /^--from=manifests\s/.test(c)));
      const [from = ''] = (
        ops(deps as Stage, 'COPY').find((c) => /^--from=manifests\s/.test(c)) ?? ''
      )
        .replace(/^--from=manifests\s+/, '')
        .split(/\s+/);
      expect(from).toMatch(/^\/\w+\/?$/);
      // a build context like ours: every workspace, sources, and package.json files to leave out
      const tmp = mkdtempSync(path.join(tmpdir(), 'manifests-'));
      const context = path.join(tmp, 'src');
      const out = path.join(tmp, 'out');
      const files = [
        'package.json',
        'package-lock.json',
        'scripts/build.mjs',
        'node_modules/dep/package.json',
        ...workspaces().flatMap((ws) => [
          `${ws}/package.json`,
          `${ws}/src/main.ts`,
          `${ws}/node_modules/dep/package.json`,
          `${ws}/test/fixtures/package.json`,
        ]),
      ];
      for (const f of files) {
        mkdirSync(path.dirname(path.join(context, f)), { recursive: true });
        writeFileSync(path.join(context, f), '{}');
      }
      const script = ops(manifests, 'RUN').join(' && ').replaceAll(from.replace(/\/$/, ''), out);
      execFileSync('sh', ['-c', script], { cwd: context, stdio: 'ignore' });
      const collected = execFileSync('find', ['.', '-type', 'f'], { cwd: out, encoding: 'utf8' })
        .split('\n')
        .filter(Boolean)
        .map((f) => f.replace(/^\.\//, ''))
        .sort();
      const wanted = [
        'package.json',
        'package-lock.json',
        ...workspaces().map((ws) => `${ws}/package.json`),
      ];
      expect(collected).toEqual(wanted.sort());
    },
  );

  it('a build stage bundles with scripts/build.mjs', () => {
    const builds = stages.filter((s) => ops(s, 'RUN').some((r) => r.includes('scripts/build.mjs')));
    expect(builds.length).toBe(1);
    expect(
      ops(runtime, 'COPY').some((c) => c.includes(`--from=${builds[0]?.name}`) && /dist/.test(c)),
    ).toBe(true);
  });

  it('the runtime stage carries production dependencies only', () => {
    const nodeModules = ops(runtime, 'COPY').find((c) => /node_modules/.test(c));
    const fromStage = /--from=(\S+)/.exec(nodeModules ?? '')?.[1];
    const source = fromStage ? stageNamed(fromStage) : runtime;
    const installs = [...ops(runtime, 'RUN'), ...(source ? ops(source, 'RUN') : [])];
    expect(installs.some((r) => /npm ci\b.*--omit=dev/.test(r))).toBe(true);
  });

  it('runs as a non-root user, the bundle chosen by ARG COMPONENT', () => {
    const user = ops(runtime, 'USER').at(-1);
    expect(user).toBeDefined();
    expect(['root', '0', '0:0']).not.toContain(user);
    expect(ops(runtime, 'ARG').some((a) => /^COMPONENT\b/.test(a))).toBe(true);
    expect(ops(runtime, 'ENV').join(' ')).toMatch(/COMPONENT=\$\{?COMPONENT\}?/);
    const start = [...ops(runtime, 'ENTRYPOINT'), ...ops(runtime, 'CMD')].join(' ');
    expect(start).toContain('dist/${COMPONENT}.mjs');
    expect(ops(runtime, 'EXPOSE').length).toBeGreaterThan(0);
  });

  it('has a HEALTHCHECK calling /health with node fetch', () => {
    const check = ops(runtime, 'HEALTHCHECK').join(' ');
    expect(check).toMatch(/CMD/);
    expect(check).toContain('/health');
    expect(check).toMatch(/\bnode\b.*fetch\(/);
  });
});

describe('.dockerignore', () => {
  const ignored = read('.dockerignore')
    .split(/\r?\n/)
    .map((l) => l.trim())
    .filter((l) => l && !l.startsWith('#'));

  it('keeps node_modules, dist, .git and local data out of the context', () => {
    for (const p of ['.git', 'dist', '.data', '.cache']) expect(ignored, p).toContain(p);
    expect(ignored.some((p) => /(^|\*\*\/)node_modules$/.test(p))).toBe(true);
  });

  it('keeps what the build needs', () => {
    const needed = ['package.json', 'package-lock.json', 'scripts', ...workspaces()];
    needed.push(...COMPONENTS.map((c) => c.entry));
    for (const p of ignored) {
      for (const n of needed)
        expect(n === p || n.startsWith(`${p}/`), `${p} hides ${n}`).toBe(false);
    }
  });
});
