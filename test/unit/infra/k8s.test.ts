// infra/k8s manifests, checked without Docker or Kubernetes.
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseAllDocuments } from 'yaml';
import {
  type Obj,
  ROOT,
  read,
  COMPONENTS,
  SERVICES,
  GATEWAY,
  MCP_SERVER,
  urlOf,
  urlVar,
  asObj,
  asArr,
  requiredEnv,
  expectedValue,
} from './support.js';

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
