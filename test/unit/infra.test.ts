/**
 * The container and cluster files, checked without Docker or Kubernetes: docker-compose.yml,
 * infra/k8s/*.yaml, the Dockerfile and .dockerignore must run every component of
 * scripts/lib/components.mjs with the environment it reads.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { parse, parseAllDocuments } from 'yaml';
// @ts-expect-error plain ESM
import * as componentsModule from '../../scripts/lib/components.mjs';

interface Component {
  name: string;
  entry: string;
  port: number;
}
type Env = Record<string, string>;
type Obj = Record<string, unknown>;

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const read = (file: string) => readFileSync(path.join(ROOT, file), 'utf8');

const COMPONENTS = componentsModule.COMPONENTS as Component[];
const SERVICES = componentsModule.SERVICES as Component[];
const GATEWAY = componentsModule.GATEWAY as Component;
const MCP_SERVER = componentsModule.MCP_SERVER as Component;
const byName = (name: string) => {
  const c = COMPONENTS.find((x) => x.name === name);
  if (!c) throw new Error(`no component ${name}`);
  return c;
};
const urlOf = (name: string) => `http://${name}:${byName(name).port}`;
const urlVar = (name: string) => `${name.toUpperCase()}_URL`;

const asObj = (v: unknown): Obj => (v && typeof v === 'object' ? (v as Obj) : {});
const asArr = (v: unknown): unknown[] => (Array.isArray(v) ? v : []);

/** What each component must be given, beyond the shared service variables. */
const EXTRA_ENV: Record<string, string[]> = {
  identity: ['ADMIN_API_KEY', 'HABITS_URL'],
  habits: [],
  projects: ['IDENTITY_URL', 'ISSUES_URL'],
  issues: ['IDENTITY_URL', 'AGENTS_URL'],
  agents: ['IDENTITY_URL'],
};
const SERVICE_ENV = [
  'PORT',
  'HOST',
  'MONGO_URL',
  'MONGO_DB',
  'NATS_URL',
  'INTERNAL_SECRET',
  'LOG_LEVEL',
];
const GATEWAY_ENV = [
  'PORT',
  'HOST',
  'NATS_URL',
  'INTERNAL_SECRET',
  ...SERVICES.map((s) => urlVar(s.name)),
];
const MCP_ENV = ['SVC_BASE_URL', 'MCP_PORT'];

const requiredEnv = (c: Component): string[] => {
  if (c.name === GATEWAY.name) return GATEWAY_ENV;
  if (c.name === MCP_SERVER.name) return MCP_ENV;
  return [...SERVICE_ENV, ...(EXTRA_ENV[c.name] ?? [])];
};

/** The value each variable must have (where it is fixed). */
function expectedValue(c: Component, key: string): string | RegExp | undefined {
  if (key === 'PORT') return String(c.port);
  if (key === 'HOST') return '0.0.0.0';
  if (key === 'MONGO_DB') return `momentum_${c.name}`;
  if (key === 'SVC_BASE_URL') return urlOf(GATEWAY.name);
  if (key === 'MCP_PORT') return String(MCP_SERVER.port);
  const service = SERVICES.find((s) => urlVar(s.name) === key);
  if (service) return urlOf(service.name);
  return undefined;
}

// ── docker-compose.yml ──────────────────────────────────────────────────────────────────

const composeText = read('docker-compose.yml');
const compose = asObj(parse(composeText, { merge: true }));
const composeServices = asObj(compose.services);
const composeService = (name: string) => asObj(composeServices[name]);

function composeEnv(service: Obj): Env {
  const env = service.environment;
  if (Array.isArray(env)) {
    return Object.fromEntries(
      env.map((line) => {
        const [k, ...v] = String(line).split('=');
        return [k ?? '', v.join('=')];
      }),
    );
  }
  return Object.fromEntries(Object.entries(asObj(env)).map(([k, v]) => [k, String(v)]));
}

function dependsOn(service: Obj): Record<string, string | undefined> {
  const deps = service.depends_on;
  if (Array.isArray(deps)) return Object.fromEntries(deps.map((d) => [String(d), undefined]));
  return Object.fromEntries(
    Object.entries(asObj(deps)).map(([k, v]) => [k, asObj(v).condition as string | undefined]),
  );
}

const healthTest = (service: Obj): string => {
  const t = asObj(service.healthcheck).test;
  return Array.isArray(t) ? t.join(' ') : String(t ?? '');
};

describe('docker-compose.yml', () => {
  it('runs mongo:7 with a mongosh ping healthcheck and a volume', () => {
    const mongo = composeService('mongo');
    expect(mongo.image).toBe('mongo:7');
    expect(healthTest(mongo)).toMatch(/mongosh.*ping/);
    expect(asArr(mongo.volumes).some((v) => String(v).endsWith(':/data/db'))).toBe(true);
  });

  it('runs nats:2 with JetStream, a monitoring port and a healthcheck on it', () => {
    const nats = composeService('nats');
    expect(String(nats.image)).toMatch(/^nats:2($|-)/);
    const command = asArr(nats.command).map(String);
    expect(command).toContain('-js');
    expect(command.join(' ')).toMatch(/(-m|--http_port) 8222/);
    expect(healthTest(nats)).toContain('8222');
  });

  it.each(COMPONENTS.map((c) => [c.name, c] as const))(
    '%s is built from the Dockerfile with COMPONENT and has a /health healthcheck',
    (name, c) => {
      const service = composeService(name);
      expect(service, `compose service ${name}`).not.toEqual({});
      const build = asObj(service.build);
      expect(build.context).toBe('.');
      expect(build.dockerfile ?? 'Dockerfile').toBe('Dockerfile');
      expect(asObj(build.args).COMPONENT).toBe(name);
      const port = name === MCP_SERVER.name ? MCP_SERVER.port : c.port;
      expect(healthTest(service)).toContain(`127.0.0.1:${port}/health`);
    },
  );

  it.each(COMPONENTS.map((c) => [c.name, c] as const))(
    '%s gets every variable it needs, with the right values',
    (name, c) => {
      const env = composeEnv(composeService(name));
      for (const key of requiredEnv(c)) {
        expect(env, `${name} ${key}`).toHaveProperty(key);
        const want = expectedValue(c, key);
        if (want !== undefined) expect(env[key], `${name} ${key}`).toBe(want);
      }
      if (env.MONGO_URL !== undefined) expect(env.MONGO_URL).toBe('mongodb://mongo:27017');
      if (env.NATS_URL !== undefined) expect(env.NATS_URL).toBe('nats://nats:4222');
      if (env.INTERNAL_SECRET !== undefined) {
        expect(env.INTERNAL_SECRET).toMatch(/^\$\{INTERNAL_SECRET:\?.+\}$/);
      }
      if (name === 'identity') expect(env.ADMIN_API_KEY).toMatch(/^\$\{ADMIN_API_KEY:\?.+\}$/);
      else expect(env).not.toHaveProperty('ADMIN_API_KEY');
    },
  );

  it('every service waits for healthy mongo and nats', () => {
    for (const s of SERVICES) {
      expect(dependsOn(composeService(s.name)), s.name).toEqual({
        mongo: 'service_healthy',
        nats: 'service_healthy',
      });
    }
  });

  it('the gateway waits for every healthy service, the MCP server for the gateway', () => {
    const gatewayDeps = dependsOn(composeService(GATEWAY.name));
    for (const s of SERVICES) expect(gatewayDeps[s.name], s.name).toBe('service_healthy');
    expect(dependsOn(composeService(MCP_SERVER.name))).toEqual({
      [GATEWAY.name]: 'service_healthy',
    });
  });

  it('every depends_on names a known service with condition service_healthy', () => {
    for (const [name, service] of Object.entries(composeServices)) {
      for (const [dep, condition] of Object.entries(dependsOn(asObj(service)))) {
        expect(composeServices, `${name} → ${dep}`).toHaveProperty(dep);
        expect(condition, `${name} → ${dep}`).toBe('service_healthy');
      }
    }
  });

  it('the MCP server runs the HTTP transport', () => {
    expect(asArr(composeService(MCP_SERVER.name).command)).toContain('--http');
  });

  it('publishes only the gateway and the MCP server ports', () => {
    const published = Object.entries(composeServices)
      .filter(([, s]) => asObj(s).ports !== undefined)
      .map(([name]) => name)
      .sort();
    expect(published).toEqual([GATEWAY.name, MCP_SERVER.name].sort());
    const target = (name: string) =>
      asArr(composeService(name).ports).map((p) => String(p).split(':').at(-1));
    expect(target(GATEWAY.name)).toEqual([String(GATEWAY.port)]);
    expect(target(MCP_SERVER.name)).toEqual([String(MCP_SERVER.port)]);
  });

  it('every ${VAR} has a default or is required (no silent empty values)', () => {
    const refs = [...composeText.matchAll(/\$\{([^}]*)\}/g)].map((m) => m[1] ?? '');
    expect(refs.length).toBeGreaterThan(0);
    for (const ref of refs) expect(ref, ref).toMatch(/^\w+(:-|:\?)/);
  });
});

// ── infra/k8s ───────────────────────────────────────────────────────────────────────────

const K8S_DIR = 'infra/k8s';
const k8sFiles = readdirSync(path.join(ROOT, K8S_DIR))
  .filter((f) => f.endsWith('.yaml') || f.endsWith('.yml'))
  .sort();
interface Manifest {
  file: string;
  doc: Obj;
}
const manifests: Manifest[] = k8sFiles.flatMap((file) =>
  parseAllDocuments(read(path.join(K8S_DIR, file))).map((d) => {
    if (d.errors.length > 0) throw new Error(`${file}: ${d.errors[0]?.message}`);
    return { file, doc: asObj(d.toJS()) };
  }),
);
const meta = (o: Obj) => asObj(o.metadata);
const ofKind = (kind: string) => manifests.filter((m) => m.doc.kind === kind);
const named = (kind: string, name: string) => ofKind(kind).find((m) => meta(m.doc).name === name);

const configMaps = new Map(
  ofKind('ConfigMap').map((m) => [String(meta(m.doc).name), asObj(m.doc.data)]),
);
const secrets = new Map(
  ofKind('Secret').map((m) => [
    String(meta(m.doc).name),
    { ...asObj(m.doc.data), ...asObj(m.doc.stringData) },
  ]),
);

interface Resolved {
  value: string | undefined;
  source: 'value' | 'configmap' | 'secret';
}

/** The environment a container ends up with: envFrom, then env (which wins). */
function containerEnv(container: Obj): Map<string, Resolved> {
  const env = new Map<string, Resolved>();
  for (const from of asArr(container.envFrom).map(asObj)) {
    const prefix = String(from.prefix ?? '');
    const cm = asObj(from.configMapRef).name;
    const sec = asObj(from.secretRef).name;
    if (cm !== undefined) {
      const data = configMaps.get(String(cm));
      expect(data, `ConfigMap ${String(cm)}`).toBeDefined();
      for (const [k, v] of Object.entries(data ?? {})) {
        env.set(prefix + k, { value: String(v), source: 'configmap' });
      }
    }
    if (sec !== undefined) {
      const data = secrets.get(String(sec));
      expect(data, `Secret ${String(sec)}`).toBeDefined();
      for (const [k, v] of Object.entries(data ?? {})) {
        env.set(prefix + k, { value: String(v), source: 'secret' });
      }
    }
  }
  for (const e of asArr(container.env).map(asObj)) {
    const name = String(e.name);
    if (e.value !== undefined) {
      env.set(name, { value: String(e.value), source: 'value' });
      continue;
    }
    const from = asObj(e.valueFrom);
    const secretRef = asObj(from.secretKeyRef);
    const cmRef = asObj(from.configMapKeyRef);
    if (secretRef.name !== undefined) {
      const data = secrets.get(String(secretRef.name));
      expect(data, `${name}: Secret ${String(secretRef.name)}`).toBeDefined();
      expect(data, `${name}: key ${String(secretRef.key)}`).toHaveProperty(String(secretRef.key));
      env.set(name, { value: String(data?.[String(secretRef.key)]), source: 'secret' });
    } else if (cmRef.name !== undefined) {
      const data = configMaps.get(String(cmRef.name));
      expect(data, `${name}: key ${String(cmRef.key)}`).toHaveProperty(String(cmRef.key));
      env.set(name, { value: String(data?.[String(cmRef.key)]), source: 'configmap' });
    } else {
      env.set(name, { value: undefined, source: 'value' });
    }
  }
  return env;
}

function deploymentOf(name: string) {
  const deployment = named('Deployment', name)?.doc;
  if (!deployment) throw new Error(`no Deployment ${name}`);
  const podSpec = asObj(asObj(asObj(deployment.spec).template).spec);
  const container = asObj(asArr(podSpec.containers)[0]);
  return { deployment, podSpec, container, env: containerEnv(container) };
}

describe('infra/k8s', () => {
  it('every manifest parses, and kustomization.yaml lists exactly the others', () => {
    expect(manifests.length).toBeGreaterThan(COMPONENTS.length);
    const kustomization = ofKind('Kustomization')[0];
    expect(kustomization?.file).toBe('kustomization.yaml');
    const resources = asArr(kustomization?.doc.resources).map(String).sort();
    expect(resources).toEqual(k8sFiles.filter((f) => f !== 'kustomization.yaml'));
  });

  it('has the momentum Namespace and puts everything in it', () => {
    expect(named('Namespace', 'momentum')).toBeDefined();
    for (const m of manifests) {
      if (m.doc.kind === 'Namespace' || m.doc.kind === 'Kustomization') continue;
      expect(meta(m.doc).namespace, `${m.file} ${String(m.doc.kind)}`).toBe('momentum');
    }
  });

  it('the ConfigMap carries MONGO_URL, NATS_URL, LOG_LEVEL and every service URL', () => {
    const data = [...configMaps.values()].reduce<Obj>((all, d) => ({ ...all, ...d }), {});
    for (const key of ['MONGO_URL', 'NATS_URL', 'LOG_LEVEL']) expect(data).toHaveProperty(key);
    expect(String(data.MONGO_URL)).toMatch(/^mongodb:\/\//);
    expect(String(data.NATS_URL)).toMatch(/^nats:\/\//);
    for (const s of SERVICES) expect(data[urlVar(s.name)]).toBe(urlOf(s.name));
  });

  it('the Secret holds INTERNAL_SECRET and ADMIN_API_KEY placeholders', () => {
    const keys = new Set([...secrets.values()].flatMap((d) => Object.keys(d)));
    expect(keys).toContain('INTERNAL_SECRET');
    expect(keys).toContain('ADMIN_API_KEY');
    const [secretFile] = ofKind('Secret').map((m) => m.file);
    expect(read(path.join(K8S_DIR, secretFile ?? ''))).toMatch(/replace/i);
  });

  it.each(COMPONENTS.map((c) => [c.name, c] as const))(
    '%s has a Deployment of momentum:latest choosing its COMPONENT, and a Service',
    (name, c) => {
      const { deployment, container, env } = deploymentOf(name);
      expect(container.image).toBe('momentum:latest');
      expect(env.get('COMPONENT')?.value, 'COMPONENT').toBe(name);
      const ports = asArr(container.ports).map(asObj);
      expect(ports.map((p) => p.containerPort)).toContain(c.port);
      if (name === MCP_SERVER.name) expect(asArr(container.args)).toContain('--http');

      // the Deployment selects its own pods
      const selector = asObj(asObj(asObj(deployment.spec).selector).matchLabels);
      const podLabels = asObj(meta(asObj(asObj(deployment.spec).template)));
      expect(asObj(podLabels.labels)).toMatchObject(selector);

      // the Service reaches them on the component's port
      const service = named('Service', name)?.doc;
      expect(service, `Service ${name}`).toBeDefined();
      const spec = asObj(service?.spec);
      expect(asObj(podLabels.labels)).toMatchObject(asObj(spec.selector));
      const svcPort = asArr(spec.ports).map(asObj)[0] ?? {};
      expect(svcPort.port).toBe(c.port);
      const target = svcPort.targetPort ?? svcPort.port;
      const targeted = ports.find((p) => p.name === target || p.containerPort === target);
      expect(targeted?.containerPort, 'targetPort').toBe(c.port);
    },
  );

  it.each(COMPONENTS.map((c) => [c.name, c] as const))(
    '%s gets every variable it needs from env, the ConfigMap or the Secret',
    (name, c) => {
      const { env } = deploymentOf(name);
      for (const key of requiredEnv(c).filter((k) => k !== 'LOG_LEVEL' || env.has(k))) {
        expect(env.has(key), `${name} ${key}`).toBe(true);
        const want = expectedValue(c, key);
        if (want !== undefined) expect(env.get(key)?.value, `${name} ${key}`).toBe(want);
      }
      for (const key of ['INTERNAL_SECRET', 'ADMIN_API_KEY']) {
        if (env.has(key)) expect(env.get(key)?.source, `${name} ${key}`).toBe('secret');
      }
      if (SERVICES.some((s) => s.name === name)) {
        expect(env.get('MONGO_URL')?.value).toMatch(/^mongodb:\/\//);
        expect(env.get('NATS_URL')?.value).toMatch(/^nats:\/\//);
      }
      // only identity holds the admin key
      expect(env.has('ADMIN_API_KEY'), `${name} ADMIN_API_KEY`).toBe(name === 'identity');
    },
  );

  it.each(COMPONENTS.map((c) => [c.name] as const))(
    '%s has /health probes, resources and a non-root securityContext',
    (name) => {
      const { podSpec, container } = deploymentOf(name);
      const readiness = asObj(asObj(container.readinessProbe).httpGet);
      expect(readiness.path).toBe('/health');
      const liveness = asObj(container.livenessProbe);
      const live = asObj(liveness.httpGet);
      if (name === GATEWAY.name && liveness.tcpSocket !== undefined) {
        // the gateway's /health reports the services; liveness only checks the gateway itself
        expect(asObj(liveness.tcpSocket).port).toBeDefined();
      } else {
        expect(live.path, 'liveness').toBe('/health');
      }
      const resources = asObj(container.resources);
      for (const kind of ['requests', 'limits']) {
        expect(asObj(resources[kind]), kind).toHaveProperty('cpu');
        expect(asObj(resources[kind]), kind).toHaveProperty('memory');
      }
      const podSec = asObj(podSpec.securityContext);
      const ctrSec = asObj(container.securityContext);
      expect(ctrSec.runAsNonRoot ?? podSec.runAsNonRoot).toBe(true);
      const uid = ctrSec.runAsUser ?? podSec.runAsUser;
      // the image's USER is a name (node), so the kubelet needs a numeric id to verify it
      expect(typeof uid === 'number' && uid > 0, `runAsUser ${String(uid)}`).toBe(true);
      expect(ctrSec.allowPrivilegeEscalation).toBe(false);
    },
  );

  it('the service URLs in the ConfigMap resolve to Services on those ports', () => {
    for (const data of configMaps.values()) {
      for (const [key, value] of Object.entries(data)) {
        const m = /^http:\/\/([a-z0-9-]+):(\d+)$/.exec(String(value));
        if (!m) continue;
        const service = named('Service', m[1] ?? '')?.doc;
        expect(service, `${key} → Service ${m[1]}`).toBeDefined();
        const ports = asArr(asObj(service?.spec).ports).map((p) => asObj(p).port);
        expect(ports, key).toContain(Number(m[2]));
      }
    }
  });
});

// ── Dockerfile and .dockerignore ────────────────────────────────────────────────────────

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
  it('has several stages on node:20-bookworm-slim', () => {
    expect(stages.length).toBeGreaterThanOrEqual(3);
    for (const s of stages) {
      const base = stageNamed(s.from);
      expect(base ? base.from : s.from, `FROM ${s.from}`).toBe('node:20-bookworm-slim');
    }
  });

  it('installs dependencies with npm ci from every workspace package.json first', () => {
    const first = stages[0] as Stage;
    const copies = ops(first, 'COPY').join('\n');
    expect(copies).toMatch(/package-lock\.json/);
    for (const ws of workspaces()) expect(copies, ws).toContain(`${ws}/package.json`);
    const runIdx = first.body.findIndex((i) => i.op === 'RUN' && /\bnpm ci\b/.test(i.args));
    const srcIdx = first.body.findIndex((i) => i.op === 'COPY' && /^\.\s/.test(i.args));
    expect(runIdx).toBeGreaterThan(-1);
    // the sources come later (a source change keeps the npm ci layer)
    expect(srcIdx === -1 || srcIdx > runIdx).toBe(true);
  });

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
