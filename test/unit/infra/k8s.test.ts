// infra/k8s manifests, checked without Docker or Kubernetes: each object against its kind's
// schema from the Kubernetes OpenAPI (kubernetes-models), strictly (no unknown field), and the
// whole against what a working, horizontally scaled deployment needs.
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseApiKey } from '@momentum/keys';
import {
  type Obj,
  ROOT,
  read,
  GATEWAY,
  MCP_SERVER,
  urlVar,
  asObj,
  asArr,
  expectedValue,
  hasOpenssl,
} from './support.js';
import {
  DEPLOYED,
  DEPLOYED_SERVICES,
  requiredEnvOf,
  typecheckK8s,
  validateK8s,
} from './schemas.js';
import {
  K8S_DIR,
  MONGO_HOSTS,
  baseDirs,
  configData,
  configMaps,
  deploymentOf,
  generated,
  k8sFiles,
  label,
  literalsOf,
  manifests,
  meta,
  named,
  objects,
  ofKind,
  parseManifests,
  podLabelsOf,
  podSpecOf,
  podTemplates,
  secretCommand,
  secretCommands,
  secretLiterals,
  selects,
  spec,
} from './k8s-manifests.js';

/** The folders whose code answers each component's HTTP routes. */
const routeDirs = (name: string) =>
  name === GATEWAY.name
    ? ['gateway/src']
    : name === MCP_SERVER.name
      ? ['mcp-server/src']
      : ['libs/http/src', `services/${name}/src`];
/** Does the component's code serve GET /ready (another issue adds it)? Only then may a probe use it. */
function servesReady(name: string): boolean {
  const files = routeDirs(name).flatMap((dir) =>
    existsSync(path.join(ROOT, dir))
      ? readdirSync(path.join(ROOT, dir), { recursive: true })
          .map(String)
          .filter((f) => f.endsWith('.ts'))
          .map((f) => path.join(dir, f))
      : [],
  );
  return files.some((f) => /['"]\/ready['"]/.test(read(f)));
}

describe('infra/k8s: files and schemas', () => {
  it('every manifest parses, and kustomization.yaml lists exactly the others and ../nats, ../mongo', () => {
    expect(manifests.length).toBeGreaterThan(DEPLOYED.length);
    const kustomization = ofKind('Kustomization')[0];
    expect(kustomization?.file).toBe('kustomization.yaml');
    const resources = asArr(kustomization?.doc.resources).map(String).sort();
    expect(resources.filter((r) => r.endsWith('.yaml'))).toEqual(
      k8sFiles.filter((f) => f !== 'kustomization.yaml'),
    );
    // the configuration files Compose mounts, generated into ConfigMaps
    expect(resources.filter((r) => !r.endsWith('.yaml'))).toEqual(['../mongo', '../nats']);
    expect(generated.map((m) => meta(m.doc).name).sort()).toEqual(['mongo-scripts', 'nats-config']);
  });

  it('kustomization.yaml refers to no file that is missing (no generator of an uncommitted file)', () => {
    for (const dir of [K8S_DIR, ...baseDirs]) {
      const k = asObj(parseManifests(dir, read(path.join(dir, 'kustomization.yaml')))[0]?.doc);
      const referenced = [
        ...asArr(k.resources),
        ...[...asArr(k.secretGenerator), ...asArr(k.configMapGenerator)].flatMap((g) => [
          ...asArr(asObj(g).files).map((f) => String(f).split('=').at(-1)),
          ...asArr(asObj(g).envs),
        ]),
      ].map(String);
      for (const f of referenced)
        expect(existsSync(path.join(ROOT, dir, f)), `${dir}: ${f}`).toBe(true);
      // no Secret generated from a file in the repository
      expect(asArr(k.secretGenerator), dir).toEqual([]);
    }
  });

  it('every object is valid against its kind’s Kubernetes schema (kubernetes-models validate())', () => {
    expect(objects.length).toBeGreaterThan(0);
    for (const m of objects) expect(validateK8s(m.doc), label(m)).toEqual([]);
  });

  it('no object has a field its kind does not declare (strict, as kubectl apply)', () => {
    const errors = typecheckK8s(objects.map((m) => ({ name: label(m), doc: m.doc })));
    expect(errors).toEqual([]);
  }, 60_000);

  it('the checks catch a wrong type and a misspelled field', () => {
    const deployment = structuredClone(deploymentOf(GATEWAY.name).deployment);
    expect(
      validateK8s({ ...deployment, spec: { ...spec(deployment), replicas: 'two' } }),
    ).not.toEqual([]);
    const container = asObj(asArr(podSpecOf(deployment).containers)[0]);
    container.readinesProbe = container.readinessProbe;
    expect(typecheckK8s([{ name: 'typo', doc: deployment }]).join('\n')).toMatch(/readinesProbe/);
  }, 60_000);

  it('has the momentum Namespace and puts everything in it', () => {
    expect(named('Namespace', 'momentum')).toBeDefined();
    for (const m of objects) {
      if (m.doc.kind === 'Namespace') continue;
      expect(meta(m.doc).namespace, label(m)).toBe('momentum');
    }
  });
});

describe('infra/k8s: the Secret', () => {
  it('is not committed: no Secret object, and no file holds secret values', () => {
    expect(ofKind('Secret')).toEqual([]);
    for (const f of k8sFiles) {
      expect(read(path.join(K8S_DIR, f)), f).not.toMatch(/^kind:\s*Secret\b/m);
      expect(read(path.join(K8S_DIR, f)), f).not.toMatch(/svc_[A-Za-z0-9]+_[A-Za-z0-9_-]{16,}/);
    }
  });

  it('docs/DEPLOYMENT.md documents `kubectl create secret generic` for every Secret and key used', () => {
    expect(secretCommand, 'the command in docs/DEPLOYMENT.md').toBeDefined();
    for (const [name, command] of secretCommands)
      expect(command, name).toMatch(/-n momentum\b|--namespace[= ]momentum\b/);
    const referenced = new Set(
      podTemplates.flatMap((m) =>
        asArr(podSpecOf(m.doc).containers).flatMap((c) =>
          asArr(asObj(c).env)
            .map((e) => asObj(asObj(asObj(e).valueFrom).secretKeyRef))
            .filter((r) => r.name !== undefined)
            .map((r) => `${String(r.name)}/${String(r.key)}`),
        ),
      ),
    );
    const documented = [...secretCommands].flatMap(([name, command]) =>
      [...literalsOf(command).keys()].map((k) => `${name}/${k}`),
    );
    expect([...referenced].sort()).toEqual(documented.sort());
  });

  it.skipIf(!hasOpenssl())('the documented values are what the components accept', () => {
    const value = (key: string) =>
      execFileSync('bash', ['-c', `printf '%s' ${secretLiterals.get(key) ?? "''"}`], {
        encoding: 'utf8',
      });
    const internal = value('INTERNAL_SECRET');
    expect(internal.length).toBeGreaterThanOrEqual(32);
    expect(value('INTERNAL_SECRET')).not.toBe(internal); // freshly generated each time
    if (secretLiterals.has('WEBHOOKS_SECRET_KEY')) {
      expect(value('WEBHOOKS_SECRET_KEY').length).toBeGreaterThanOrEqual(32);
    }
    const admin = value('ADMIN_API_KEY');
    expect(parseApiKey(admin), admin).not.toBeNull();
    expect(admin).toMatch(/^svc_u[0-9a-f]{24}_[A-Za-z0-9_-]{43}$/);
  });
});

describe('infra/k8s: the components', () => {
  it('the ConfigMap carries every service URL, and no MONGO_URL or NATS_URL (each component has its own)', () => {
    expect(configData).toHaveProperty('LOG_LEVEL');
    expect(configData).not.toHaveProperty('MONGO_URL');
    expect(configData).not.toHaveProperty('NATS_URL');
    for (const s of DEPLOYED_SERVICES) {
      expect(configData[urlVar(s.name)]).toBe(`http://${s.name}:${s.port}`);
    }
  });

  it.each(DEPLOYED.map((c) => [c.name, c] as const))(
    '%s has a Deployment of the momentum image (its release tag from kustomization.yaml) choosing its COMPONENT, and a Service',
    (name, c) => {
      const { deployment, container, env } = deploymentOf(name);
      expect(container.image).toBe('momentum');
      // a tag names what the registry has now: a node checks at each start
      expect(container.imagePullPolicy).toBe('Always');
      expect(env.get('COMPONENT')?.value, 'COMPONENT').toBe(name);
      const ports = asArr(container.ports).map(asObj);
      expect(ports.map((p) => p.containerPort)).toContain(c.port);
      if (name === MCP_SERVER.name) expect(asArr(container.args)).toContain('--http');

      // the Deployment selects its own pods
      const selector = asObj(asObj(spec(deployment).selector).matchLabels);
      expect(selects(selector, podLabelsOf(deployment))).toBe(true);

      // the Service reaches them on the component's port
      const service = named('Service', name)?.doc;
      expect(service, `Service ${name}`).toBeDefined();
      expect(selects(asObj(spec(service).selector), podLabelsOf(deployment))).toBe(true);
      const svcPort = asArr(spec(service).ports).map(asObj)[0] ?? {};
      expect(svcPort.port).toBe(c.port);
      const target = svcPort.targetPort ?? svcPort.port;
      const targeted = ports.find((p) => p.name === target || p.containerPort === target);
      expect(targeted?.containerPort, 'targetPort').toBe(c.port);
    },
  );

  it.each(DEPLOYED.map((c) => [c.name, c] as const))(
    '%s gets every variable it needs from env, the ConfigMap or the Secret',
    (name, c) => {
      const { env } = deploymentOf(name);
      for (const key of requiredEnvOf(c).filter((k) => k !== 'LOG_LEVEL' || env.has(k))) {
        expect(env.has(key), `${name} ${key}`).toBe(true);
        const want = expectedValue(c, key);
        if (want !== undefined) expect(env.get(key)?.value, `${name} ${key}`).toBe(want);
      }
      for (const key of ['INTERNAL_SECRET', 'ADMIN_API_KEY']) {
        if (env.has(key)) expect(env.get(key)?.source, `${name} ${key}`).toBe('secret');
      }
      // its own MongoDB user (services) and NATS user (services and the gateway), nothing else
      const service = DEPLOYED_SERVICES.some((s) => s.name === name);
      if (service) {
        expect(env.get('MONGO_URL')?.value).toBe(
          `mongodb://${name}:<momentum-mongo.${name.toUpperCase()}_PASSWORD>@${MONGO_HOSTS}/?replicaSet=rs0&authSource=admin`,
        );
      } else expect(env.has('MONGO_URL'), 'MONGO_URL').toBe(false);
      if (service || name === GATEWAY.name) {
        expect(env.get('NATS_URL')?.value).toBe(
          `nats://${name}:<momentum-nats.${name.toUpperCase()}_PASSWORD>@nats:4222`,
        );
      } else expect(env.has('NATS_URL'), 'NATS_URL').toBe(false);
      // only identity holds the admin key
      expect(env.has('ADMIN_API_KEY'), `${name} ADMIN_API_KEY`).toBe(name === 'identity');
    },
  );

  it.each(DEPLOYED.map((c) => [c.name] as const))(
    '%s leaves its replica count to the HPA, with distinct probes, resources and a non-root securityContext',
    (name) => {
      const { deployment, podSpec, container } = deploymentOf(name);
      // the HPA owns the count: a replicas field would reset it on every apply
      expect(spec(deployment)).not.toHaveProperty('replicas');
      // readiness: what it depends on answers (/ready); liveness: the process answers (/health)
      expect(servesReady(name), `${name} serves /ready`).toBe(true);
      expect(asObj(asObj(container.readinessProbe).httpGet).path, 'readiness').toBe('/ready');
      expect(asObj(asObj(container.livenessProbe).httpGet).path, 'liveness').toBe('/health');
      const resources = asObj(container.resources);
      for (const kind of ['requests', 'limits']) {
        expect(asObj(resources[kind]), kind).toHaveProperty('cpu');
        expect(asObj(resources[kind]), kind).toHaveProperty('memory');
        expect(asObj(resources[kind]), kind).toHaveProperty('ephemeral-storage');
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

  it.each(DEPLOYED.map((c) => [c.name] as const))(
    '%s has a PodDisruptionBudget (minAvailable 1) and a CPU HorizontalPodAutoscaler',
    (name) => {
      const { deployment } = deploymentOf(name);
      const pdbs = ofKind('PodDisruptionBudget').filter((m) =>
        selects(asObj(asObj(spec(m.doc).selector).matchLabels), podLabelsOf(deployment)),
      );
      expect(pdbs.length, 'PDBs selecting its pods').toBe(1);
      expect(spec(pdbs[0]?.doc).minAvailable).toBe(1);

      const hpas = ofKind('HorizontalPodAutoscaler').filter((m) => {
        const ref = asObj(spec(m.doc).scaleTargetRef);
        return ref.kind === 'Deployment' && ref.name === name;
      });
      expect(hpas.length, 'HPAs targeting it').toBe(1);
      const hpa = asObj(hpas[0]?.doc);
      expect(hpa.apiVersion).toBe('autoscaling/v2');
      expect(asObj(spec(hpa).scaleTargetRef).apiVersion).toBe('apps/v1');
      expect(Number(spec(hpa).minReplicas)).toBeGreaterThanOrEqual(2);
      expect(Number(spec(hpa).maxReplicas)).toBeGreaterThan(Number(spec(hpa).minReplicas));
      const cpu = asArr(spec(hpa).metrics)
        .map(asObj)
        .find((m) => m.type === 'Resource' && asObj(m.resource).name === 'cpu');
      expect(asObj(asObj(cpu?.resource).target).type).toBe('Utilization');
      // utilization is measured against the request
      expect(asObj(asObj(deploymentOf(name).container.resources).requests).cpu).toBeDefined();
    },
  );

  it('every PDB and HPA refers to something that exists', () => {
    for (const m of ofKind('PodDisruptionBudget')) {
      const selector = asObj(asObj(spec(m.doc).selector).matchLabels);
      expect(
        podTemplates.some((t) => t.doc.kind !== 'Job' && selects(selector, podLabelsOf(t.doc))),
        label(m),
      ).toBe(true);
    }
    for (const m of ofKind('HorizontalPodAutoscaler')) {
      const ref = asObj(spec(m.doc).scaleTargetRef);
      expect(named(String(ref.kind), String(ref.name)), label(m)).toBeDefined();
    }
  });

  it('every Service selects pods and targets ports they declare', () => {
    for (const m of ofKind('Service')) {
      const selector = asObj(spec(m.doc).selector);
      const pods = podTemplates.filter((t) => selects(selector, podLabelsOf(t.doc)));
      expect(pods.length, label(m)).toBeGreaterThan(0);
      const declared = pods.flatMap((t) =>
        asArr(podSpecOf(t.doc).containers).flatMap((c) => asArr(asObj(c).ports).map(asObj)),
      );
      for (const p of asArr(spec(m.doc).ports).map(asObj)) {
        const target = p.targetPort ?? p.port;
        expect(
          declared.some((d) => d.name === target || d.containerPort === target),
          `${label(m)} → ${String(target)}`,
        ).toBe(true);
      }
    }
  });

  it('every container has distinct readiness and liveness probes (Jobs aside), memory and ephemeral storage bounded', () => {
    for (const m of podTemplates) {
      for (const c of asArr(podSpecOf(m.doc).containers).map(asObj)) {
        if (m.doc.kind !== 'Job') {
          expect(c.readinessProbe, `${label(m)} readiness`).toBeDefined();
          expect(c.livenessProbe, `${label(m)} liveness`).toBeDefined();
          // readiness asks about dependencies, liveness about the process: never the same check
          const check = (probe: unknown) => {
            const { httpGet, exec, tcpSocket, grpc } = asObj(probe);
            return JSON.stringify({ httpGet, exec, tcpSocket, grpc });
          };
          expect(check(c.readinessProbe), `${label(m)} probes`).not.toBe(check(c.livenessProbe));
        }
        const resources = asObj(c.resources);
        for (const kind of ['requests', 'limits'])
          for (const resource of ['memory', 'ephemeral-storage'])
            expect(asObj(resources[kind]), `${label(m)} ${kind}`).toHaveProperty(resource);
      }
      // an emptyDir is bounded too (or in memory, where the memory limit bounds it)
      for (const v of asArr(podSpecOf(m.doc).volumes).map(asObj))
        if (v.emptyDir !== undefined)
          expect(asObj(v.emptyDir).sizeLimit, `${label(m)} ${String(v.name)}`).toBeDefined();
    }
  });

  it('the service URLs in the ConfigMap resolve to Services on those ports', () => {
    for (const [key, value] of Object.entries(configData)) {
      const m = /^(?:http|nats):\/\/([a-z0-9-]+):(\d+)$/.exec(String(value));
      if (!m) continue;
      const service = named('Service', m[1] ?? '')?.doc;
      expect(service, `${key} → Service ${m[1]}`).toBeDefined();
      const ports = asArr(spec(service).ports).map((p) => asObj(p).port);
      expect(ports, key).toContain(Number(m[2]));
    }
  });
});

describe('infra/k8s: MongoDB and NATS', () => {
  const statefulSet = (name: string) => {
    const sts = named('StatefulSet', name)?.doc;
    if (!sts) throw new Error(`no StatefulSet ${name}`);
    const container = asObj(asArr(podSpecOf(sts).containers)[0]);
    const headless = named('Service', String(spec(sts).serviceName))?.doc;
    return { sts, container, headless };
  };
  /** The DNS names of a StatefulSet's pods: <name>-<i>.<serviceName>. */
  const podHosts = (sts: Obj) =>
    Array.from(
      { length: Number(spec(sts).replicas) },
      (_, i) => `${String(meta(sts).name)}-${i}.${String(spec(sts).serviceName)}`,
    );

  it.each([
    ['mongo', /^mongo:7\.0\.\d+$/, '/data/db'],
    ['nats', /^nats:2\.10\.\d+-alpine$/, '/data'],
  ] as const)(
    '%s is a StatefulSet of 3 on a pinned image, with a headless Service and a volume per pod',
    (name, image, dataPath) => {
      const { sts, container, headless } = statefulSet(name);
      expect(spec(sts).replicas).toBe(3);
      expect(container.image).toMatch(image);
      expect(headless, `Service ${String(spec(sts).serviceName)}`).toBeDefined();
      expect(spec(headless).clusterIP).toBe('None');
      expect(spec(headless).publishNotReadyAddresses).toBe(true);
      expect(selects(asObj(spec(headless).selector), podLabelsOf(sts))).toBe(true);
      const claims = asArr(spec(sts).volumeClaimTemplates).map(asObj);
      expect(claims.length).toBeGreaterThan(0);
      const claim = claims[0] ?? {};
      expect(asObj(asObj(spec(claim).resources).requests).storage).toMatch(/^\d+Gi$/);
      const mount = asArr(container.volumeMounts)
        .map(asObj)
        .find((v) => v.name === meta(claim).name);
      expect(mount?.mountPath).toBe(dataPath);
      // a majority stays through voluntary disruptions
      const pdb = named('PodDisruptionBudget', name)?.doc;
      expect(spec(pdb).maxUnavailable).toBe(1);
    },
  );

  it('MONGO_URL names every member of the replica set that mongod runs', () => {
    const { sts, container } = statefulSet('mongo');
    const args = asArr(container.args).map(String);
    const replSet = args[args.indexOf('--replSet') + 1];
    expect(replSet).toBe('rs0');
    expect(args).toContain('--bind_ip_all');
    for (const s of DEPLOYED_SERVICES) {
      const mongoUrl = String(deploymentOf(s.name).env.get('MONGO_URL')?.value);
      const url = new URL(mongoUrl.replace(/^mongodb:\/\/[^/]+/, 'mongodb://h'));
      expect(url.searchParams.get('replicaSet'), s.name).toBe(replSet);
      const hosts = /^mongodb:\/\/[^@/]+@([^/]+)\//.exec(mongoUrl)?.[1]?.split(',');
      expect(
        hosts?.map((h) => h.replace(/:27017$/, '')),
        s.name,
      ).toEqual(podHosts(sts));
    }
  });

  it('a Job initiates the replica set with every member, idempotently', () => {
    const { sts } = statefulSet('mongo');
    const job = named('Job', 'mongo-rs-init')?.doc;
    expect(job).toBeDefined();
    const c = asObj(asArr(podSpecOf(asObj(job)).containers)[0]);
    expect(c.image).toBe(statefulSet('mongo').container.image);
    const script = [...asArr(c.command), ...asArr(c.args)].join(' ');
    expect(script).toContain('rs.initiate');
    expect(script).toContain('NotYetInitialized');
    expect(script).toContain('_id: "rs0"');
    for (const host of podHosts(sts)) expect(script).toContain(`host: "${host}:27017"`);
  });

  it('NATS runs JetStream in one cluster whose routes name every pod', () => {
    const { sts, container } = statefulSet('nats');
    const configFile = asArr(container.command).map(String).at(-1) ?? '';
    const volume = asArr(podSpecOf(sts).volumes)
      .map(asObj)
      .find((v) =>
        asArr(container.volumeMounts)
          .map(asObj)
          .some((m) => m.name === v.name && configFile.startsWith(`${String(m.mountPath)}/`)),
      );
    const cm = configMaps.get(String(asObj(volume?.configMap).name));
    const main = String(cm?.[path.basename(configFile)] ?? '');
    // what it includes is in the same ConfigMap
    const included = [...main.matchAll(/^include \.\/(\S+)$/gm)].map((m) => m[1] ?? '');
    for (const f of included) expect(cm, `include ${f}`).toHaveProperty(f);
    const conf = [main, ...included.map((f) => String(cm?.[f]))].join('\n');
    expect(conf).toMatch(/jetstream\s*\{[^}]*store_dir:\s*\/data/);
    expect(conf).toMatch(/server_name:\s*\$SERVER_NAME/);
    const env = asArr(container.env).map(asObj);
    expect(env.find((e) => e.name === 'SERVER_NAME')?.valueFrom).toEqual({
      fieldRef: { fieldPath: 'metadata.name' },
    });
    for (const host of podHosts(sts)) expect(conf).toContain(`nats://${host}:6222`);
    // NATS_URL's Service selects the NATS pods on the client port
    const natsUrl = String(deploymentOf(GATEWAY.name).env.get('NATS_URL')?.value);
    const client = named('Service', /@([\w-]+):4222$/.exec(natsUrl)?.[1] ?? '')?.doc;
    expect(selects(asObj(spec(client).selector), podLabelsOf(sts))).toBe(true);
  });

  it('the JetStream file store fits its volume', () => {
    const { sts } = statefulSet('nats');
    const conf = String(configMaps.get('nats-config')?.['nats.conf'] ?? '');
    const store = Number(/max_file_store:\s*(\d+)G/.exec(conf)?.[1]);
    const claim = asObj(asArr(spec(sts).volumeClaimTemplates)[0]);
    const size = Number(
      /^(\d+)Gi$/.exec(String(asObj(asObj(spec(claim).resources).requests).storage))?.[1],
    );
    expect(store).toBeGreaterThan(0);
    expect(store).toBeLessThan(size);
  });
});
