// infra/k8s as the tests see it: every manifest, the ConfigMaps kustomize generates from
// infra/nats and infra/mongo, the Secrets docs/DEPLOYMENT.md creates, each container's
// resolved environment. Shared by the infra tests of Kubernetes.
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { expect } from 'vitest';
import { parseAllDocuments } from 'yaml';
import { type Obj, ROOT, read, asObj, asArr } from './support.js';

export const K8S_DIR = 'infra/k8s';
/** The replica set's members, as every MONGO_URL names them. */
export const MONGO_HOSTS = 'mongo-0.mongo,mongo-1.mongo,mongo-2.mongo:27017';
export const k8sFiles = readdirSync(path.join(ROOT, K8S_DIR))
  .filter((f) => f.endsWith('.yaml') || f.endsWith('.yml'))
  .sort();
export interface Manifest {
  file: string;
  doc: Obj;
}
export const parseManifests = (file: string, text: string): Manifest[] =>
  parseAllDocuments(text).map((d) => {
    if (d.errors.length > 0) throw new Error(`${file}: ${d.errors[0]?.message}`);
    return { file, doc: asObj(d.toJS()) };
  });
export const ownManifests: Manifest[] = k8sFiles.flatMap((file) =>
  parseManifests(file, read(path.join(K8S_DIR, file))),
);
/** The kustomizations kustomization.yaml takes as resources (`../nats`, `../mongo`). */
export const baseDirs = asArr(
  ownManifests.find((m) => m.doc.kind === 'Kustomization')?.doc.resources,
)
  .map(String)
  .filter((r) => !/\.ya?ml$/.test(r))
  .map((r) => path.join(K8S_DIR, r));
/** Their ConfigMaps, as kustomize generates them (a file's name is its key; a hash suffix aside). */
export const generated: Manifest[] = baseDirs.flatMap((dir) => {
  const file = path.join(dir, 'kustomization.yaml');
  const k = asObj(parseManifests(file, read(file))[0]?.doc);
  return asArr(k.configMapGenerator).map((g) => ({
    file,
    doc: {
      apiVersion: 'v1',
      kind: 'ConfigMap',
      metadata: {
        name: asObj(g).name,
        namespace: 'momentum',
        labels: { 'app.kubernetes.io/part-of': 'momentum' },
      },
      data: Object.fromEntries(
        asArr(asObj(g).files).map((f) => {
          const [key, source = key] = String(f).split('=');
          return [key, read(path.join(dir, String(source)))];
        }),
      ),
    },
  }));
});
export const manifests: Manifest[] = [...ownManifests, ...generated];
export const objects = manifests.filter((m) => m.doc.kind !== 'Kustomization');
export const meta = (o: Obj) => asObj(o.metadata);
export const spec = (o: Obj | undefined) => asObj(o?.spec);
export const ofKind = (kind: string) => manifests.filter((m) => m.doc.kind === kind);
export const named = (kind: string, name: string) =>
  ofKind(kind).find((m) => meta(m.doc).name === name);
export const label = (m: Manifest) => `${m.file} ${String(m.doc.kind)}/${String(meta(m.doc).name)}`;

export const configMaps = new Map(
  ofKind('ConfigMap').map((m) => [String(meta(m.doc).name), asObj(m.doc.data)]),
);
export const configData = [...configMaps.values()].reduce<Obj>((all, d) => ({ ...all, ...d }), {});

// ── the Secrets: created by the documented commands, never committed ─────────────────────
export const deploymentGuide = read('docs/DEPLOYMENT.md');
/** Every `kubectl … create secret generic <name> …` of docs/DEPLOYMENT.md, continuation lines joined. */
export const secretCommands = new Map(
  [
    ...deploymentGuide.matchAll(
      /kubectl[^\n]*create secret generic ([\w-]+)(?:[^\n]*\\\n)*[^\n]*/g,
    ),
  ].map((m) => [m[1] ?? '', m[0].replace(/\\\n/g, ' ')]),
);
export const secretCommand = secretCommands.get('momentum-secrets');
/** Each `--from-literal=KEY="value"` of a command: the shell text of the value. */
export const literalsOf = (command: string | undefined) =>
  new Map(
    [...(command ?? '').matchAll(/--from-literal=(\w+)=("(?:[^"\\]|\\.)*"|\S+)/g)].map((m) => [
      m[1] ?? '',
      m[2] ?? '',
    ]),
  );
export const secretLiterals = literalsOf(secretCommand);
export const secrets = new Map<string, Obj>(
  [...secretCommands].map(([name, command]) => [
    name,
    Object.fromEntries([...literalsOf(command).keys()].map((k) => [k, `<${name}.${k}>`])),
  ]),
);

export interface Resolved {
  value: string | undefined;
  source: 'value' | 'configmap' | 'secret';
}

/** The environment a container ends up with: envFrom, then env (which wins). */
export function containerEnv(container: Obj): Map<string, Resolved> {
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
      // $(VAR): a variable defined before it, as the kubelet expands it
      const value = String(e.value).replace(
        /\$\((\w+)\)/g,
        (ref, v: string) => env.get(v)?.value ?? ref,
      );
      env.set(name, { value, source: 'value' });
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

export const podSpecOf = (workload: Obj) => spec(asObj(spec(workload).template));
export const podLabelsOf = (workload: Obj) => asObj(meta(asObj(spec(workload).template)).labels);
export const selects = (selector: Obj, labels: Obj) =>
  Object.keys(selector).length > 0 && Object.entries(selector).every(([k, v]) => labels[k] === v);

export function deploymentOf(name: string) {
  const deployment = named('Deployment', name)?.doc;
  if (!deployment) throw new Error(`no Deployment ${name}`);
  const podSpec = podSpecOf(deployment);
  const container = asObj(asArr(podSpec.containers)[0]);
  return { deployment, podSpec, container, env: containerEnv(container) };
}

/** Containers of every pod template (Deployments, StatefulSets, Jobs). */
export const podTemplates = objects.filter((m) =>
  ['Deployment', 'StatefulSet', 'Job'].includes(String(m.doc.kind)),
);
