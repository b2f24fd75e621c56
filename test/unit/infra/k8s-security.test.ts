// infra/k8s, least privilege, checked offline: every pod's security context, the NetworkPolicies
// evaluated flow by flow as a network plugin would (exactly the flows the shape needs, nothing
// else), the Ingress with TLS, and which pod may read which password.
import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { GATEWAY, MCP_SERVER, type Obj, asArr, asObj, hasOpenssl, read } from './support.js';
import { DEPLOYED, DEPLOYED_SERVICES } from './schemas.js';
import {
  type Manifest,
  deploymentGuide,
  label,
  meta,
  named,
  ofKind,
  podLabelsOf,
  podSpecOf,
  podTemplates,
  secretCommands,
  literalsOf,
  spec,
} from './k8s-manifests.js';

const NAMESPACE = 'momentum';
const INGRESS_NAMESPACE = 'ingress-nginx';
const MONITORING_NAMESPACE = 'monitoring';
const nameOf = (m: Manifest) => String(podLabelsOf(m.doc)['app.kubernetes.io/name']);
const containersOf = (m: Manifest) =>
  [...asArr(podSpecOf(m.doc).initContainers), ...asArr(podSpecOf(m.doc).containers)].map(asObj);

// ── the network, as a NetworkPolicy-enforcing plugin sees it ─────────────────────────────
type Peer = { ns: string; labels: Obj } | { ip: string };
const podPeer = (name: string): Peer => ({
  ns: NAMESPACE,
  labels: { 'app.kubernetes.io/name': name },
});
const nsPeer = (ns: string, labels: Obj = {}): Peer => ({ ns, labels });

/** A label selector as the API server evaluates it: matchLabels and matchExpressions, ANDed. */
const matchLabels = (selector: unknown, labels: Obj) =>
  Object.entries(asObj(asObj(selector).matchLabels)).every(([k, v]) => labels[k] === v) &&
  asArr(asObj(selector).matchExpressions)
    .map(asObj)
    .every(({ key, operator, values }) => {
      const has = Object.hasOwn(labels, String(key));
      const listed = asArr(values).includes(labels[String(key)]);
      if (operator === 'In') return has && listed;
      if (operator === 'NotIn') return !has || !listed;
      if (operator === 'Exists') return has;
      if (operator === 'DoesNotExist') return !has;
      throw new Error(`unknown selector operator ${String(operator)}`);
    });
const ipNumber = (ip: string) => ip.split('.').reduce((n, o) => n * 256 + Number(o), 0);
const inCidr = (ip: string, cidr: string) => {
  const [base = '', bits = '0'] = cidr.split('/');
  if (base.includes(':') || ip.includes(':')) return false; // the tests use IPv4 addresses
  const size = 2 ** (32 - Number(bits));
  return Math.floor(ipNumber(ip) / size) === Math.floor(ipNumber(base) / size);
};
function peerMatches(entry: Obj, peer: Peer): boolean {
  if ('ip' in peer) {
    const block = asObj(entry.ipBlock);
    if (block.cidr === undefined) return false;
    return (
      inCidr(peer.ip, String(block.cidr)) &&
      !asArr(block.except).some((e) => inCidr(peer.ip, String(e)))
    );
  }
  if (entry.ipBlock !== undefined) return false;
  const nsOk =
    entry.namespaceSelector === undefined
      ? peer.ns === NAMESPACE
      : matchLabels(entry.namespaceSelector, { 'kubernetes.io/metadata.name': peer.ns });
  const podOk = entry.podSelector === undefined || matchLabels(entry.podSelector, peer.labels);
  return nsOk && podOk;
}
const portMatches = (rule: Obj, port: number, protocol: string) =>
  asArr(rule.ports).length === 0 ||
  asArr(rule.ports)
    .map(asObj)
    .some((p) => p.port === port && String(p.protocol ?? 'TCP') === protocol);

const policies = ofKind('NetworkPolicy').map((m) => m.doc);
/** Whether `direction` traffic of the pod `name` with `peer` on `port` is admitted. */
function admitted(
  direction: 'Ingress' | 'Egress',
  name: string,
  peer: Peer,
  port: number,
  protocol = 'TCP',
) {
  const selecting = policies.filter(
    (p) =>
      matchLabels(spec(p).podSelector, { 'app.kubernetes.io/name': name }) &&
      asArr(spec(p).policyTypes).includes(direction),
  );
  if (selecting.length === 0) return true; // no policy isolates it
  const key = direction === 'Ingress' ? 'ingress' : 'egress';
  const side = direction === 'Ingress' ? 'from' : 'to';
  return selecting.some((p) =>
    asArr(spec(p)[key])
      .map(asObj)
      .some(
        (rule) =>
          (rule[side] === undefined ||
            asArr(rule[side])
              .map(asObj)
              .some((e) => peerMatches(e, peer))) &&
          portMatches(rule, port, protocol),
      ),
  );
}
/** A connection between two pods of the namespace: the sender's egress and the receiver's ingress. */
const flows = (from: string, to: string, port: number) =>
  admitted('Egress', from, podPeer(to), port) && admitted('Ingress', to, podPeer(from), port);

/** Every pod of the namespace, by name (Deployments, StatefulSets, the Job). */
const PODS = [...new Set(podTemplates.map(nameOf))].sort();
/** Every port anything listens on. */
const PORTS = [
  ...new Set(
    podTemplates.flatMap((m) =>
      containersOf(m).flatMap((c) => asArr(c.ports).map((p) => Number(asObj(p).containerPort))),
    ),
  ),
].sort();
const portOf = (name: string) => DEPLOYED.find((c) => c.name === name)?.port ?? 0;
/** Which services a service calls over HTTP: the *_URL its configuration reads. */
const calledBy = (name: string) =>
  DEPLOYED_SERVICES.filter((s) => s.name !== name)
    .filter((s) => read(`services/${name}/src/config.ts`).includes(`${s.name.toUpperCase()}_URL`))
    .map((s) => s.name);

/** The flows the shape needs: `from → to:port`. */
const NEEDED = new Set<string>([
  `${MCP_SERVER.name} → ${GATEWAY.name}:${GATEWAY.port}`,
  `${GATEWAY.name} → nats:4222`,
  ...DEPLOYED_SERVICES.flatMap((s) => [
    `${GATEWAY.name} → ${s.name}:${s.port}`,
    `${s.name} → mongo:27017`,
    `${s.name} → nats:4222`,
    ...calledBy(s.name).map((callee) => `${s.name} → ${callee}:${portOf(callee)}`),
  ]),
  'mongo → mongo:27017', // replication
  'mongo-rs-init → mongo:27017',
  'nats → nats:6222', // cluster routes
]);

describe('infra/k8s: pod security', () => {
  it('the namespace enforces the restricted Pod Security Standard', () => {
    const labels = asObj(meta(asObj(named('Namespace', NAMESPACE)?.doc)).labels);
    expect(labels['pod-security.kubernetes.io/enforce']).toBe('restricted');
  });

  it.each(podTemplates.map((m) => [label(m), m] as const))(
    '%s: non-root, RuntimeDefault seccomp, no service account token; read-only, no capability, no escalation',
    (_, m) => {
      const pod = podSpecOf(m.doc);
      expect(pod.automountServiceAccountToken).toBe(false);
      expect(pod.hostNetwork ?? false).toBe(false);
      expect(pod.hostPID ?? false).toBe(false);
      // the volume types the restricted standard admits (no hostPath)
      for (const v of asArr(pod.volumes).map(asObj)) {
        const kind = Object.keys(v).find((k) => k !== 'name');
        expect(['configMap', 'emptyDir', 'persistentVolumeClaim', 'secret', 'projected']).toContain(
          kind,
        );
      }
      for (const c of containersOf(m))
        for (const p of asArr(c.ports).map(asObj))
          expect(p.hostPort, String(c.name)).toBeUndefined();
      const podSec = asObj(pod.securityContext);
      expect(podSec.runAsNonRoot).toBe(true);
      // ids >= 10000: no user or group of the node's own (kube-score's check)
      expect(Number(podSec.runAsUser)).toBeGreaterThanOrEqual(10000);
      expect(Number(podSec.runAsGroup)).toBeGreaterThanOrEqual(10000);
      if (podSec.fsGroup !== undefined)
        expect(Number(podSec.fsGroup)).toBeGreaterThanOrEqual(10000);
      expect(asObj(podSec.seccompProfile).type).toBe('RuntimeDefault');
      for (const c of containersOf(m)) {
        const sec = asObj(c.securityContext);
        expect(sec.allowPrivilegeEscalation, String(c.name)).toBe(false);
        expect(sec.readOnlyRootFilesystem, String(c.name)).toBe(true);
        expect(sec.privileged ?? false, String(c.name)).toBe(false);
        expect(asObj(sec.capabilities).drop, String(c.name)).toEqual(['ALL']);
        expect(asObj(sec.capabilities).add, String(c.name)).toBeUndefined();
        expect(sec.runAsUser ?? podSec.runAsUser, String(c.name)).not.toBe(0);
      }
    },
  );

  it('every app container has a writable /tmp of its own (the rest is read-only)', () => {
    for (const c of DEPLOYED) {
      const m = named('Deployment', c.name);
      const container = asObj(asArr(podSpecOf(asObj(m?.doc)).containers)[0]);
      const tmp = asArr(container.volumeMounts)
        .map(asObj)
        .find((v) => v.mountPath === '/tmp');
      const volume = asArr(podSpecOf(asObj(m?.doc)).volumes)
        .map(asObj)
        .find((v) => v.name === tmp?.name);
      expect(volume?.emptyDir, c.name).toBeDefined();
    }
  });
});

describe('infra/k8s: NetworkPolicies', () => {
  it('deny everything by default, both ways, for every pod', () => {
    const deny = policies.find(
      (p) =>
        Object.keys(asObj(spec(p).podSelector)).length === 0 &&
        asArr(spec(p).policyTypes).includes('Ingress') &&
        asArr(spec(p).policyTypes).includes('Egress') &&
        spec(p).ingress === undefined &&
        spec(p).egress === undefined,
    );
    expect(deny, 'a default-deny policy').toBeDefined();
  });

  it('admit exactly the flows the shape needs between the pods, on every port', () => {
    expect(PODS).toEqual(
      expect.arrayContaining([...DEPLOYED.map((c) => c.name), 'mongo', 'nats', 'mongo-rs-init']),
    );
    const allowed: string[] = [];
    for (const from of PODS)
      for (const to of PODS)
        for (const port of PORTS)
          if (flows(from, to, port)) allowed.push(`${from} → ${to}:${port}`);
    expect(allowed.sort()).toEqual([...NEEDED].sort());
  });

  it('the MCP server reaches the gateway alone: no service, no database, no NATS', () => {
    for (const to of PODS)
      for (const port of PORTS)
        expect(flows(MCP_SERVER.name, to, port), `${to}:${port}`).toBe(
          to === GATEWAY.name && port === GATEWAY.port,
        );
  });

  it('the ingress controller reaches the gateway and the MCP server, on their ports only', () => {
    const controller = nsPeer(INGRESS_NAMESPACE, { 'app.kubernetes.io/name': 'ingress-nginx' });
    const reached: string[] = [];
    for (const to of PODS)
      for (const port of PORTS)
        if (admitted('Ingress', to, controller, port)) reached.push(`${to}:${port}`);
    expect(reached.sort()).toEqual(
      [`${GATEWAY.name}:${GATEWAY.port}`, `${MCP_SERVER.name}:${MCP_SERVER.port}`].sort(),
    );
    // and no other namespace reaches them
    expect(admitted('Ingress', GATEWAY.name, nsPeer('default'), GATEWAY.port)).toBe(false);
  });

  it('monitoring reaches each component’s metrics port only (never its API port), MongoDB and NATS not at all', () => {
    const prometheus = nsPeer(MONITORING_NAMESPACE, { 'app.kubernetes.io/name': 'prometheus' });
    /** Where Prometheus finds a component's metrics: its pods' prometheus.io/port. */
    const metricsPort = (name: string) => {
      const template = asObj(spec(asObj(named('Deployment', name)?.doc)).template);
      return Number(asObj(meta(template).annotations)['prometheus.io/port']);
    };
    for (const c of DEPLOYED) expect(metricsPort(c.name), c.name).not.toBe(c.port);
    for (const to of PODS)
      for (const port of PORTS) {
        const want = DEPLOYED.some((c) => c.name === to) && port === metricsPort(to);
        expect(admitted('Ingress', to, prometheus, port), `${to}:${port}`).toBe(want);
      }
  });

  it('every pod resolves names through the cluster DNS, and reaches no other namespace', () => {
    const dns = nsPeer('kube-system', { 'k8s-app': 'kube-dns' });
    for (const from of PODS) {
      expect(admitted('Egress', from, dns, 53, 'UDP'), from).toBe(true);
      expect(admitted('Egress', from, dns, 53, 'TCP'), from).toBe(true);
      expect(
        admitted('Egress', from, nsPeer('kube-system', { 'k8s-app': 'other' }), 53, 'UDP'),
        from,
      ).toBe(false);
      expect(admitted('Egress', from, nsPeer('default'), 443), from).toBe(false);
    }
  });

  it('every component sends its traces to the OTLP collector the ConfigMap names (4318), nothing else there', () => {
    const endpoint = read('infra/k8s/configmap.yaml').match(
      /e\.g\. http:\/\/[\w-]+\.([\w-]+):(\d+)/,
    );
    expect(endpoint, 'the example endpoint of the ConfigMap').not.toBeNull();
    const [, namespace = '', port = ''] = endpoint ?? [];
    expect(port).toBe('4318');
    const collector = nsPeer(namespace, { 'app.kubernetes.io/name': 'otel-collector' });
    for (const from of PODS) {
      const component = DEPLOYED.some((c) => c.name === from);
      expect(admitted('Egress', from, collector, 4318), from).toBe(component);
      expect(admitted('Egress', from, collector, 4317), from).toBe(false);
      expect(admitted('Egress', from, nsPeer('default'), 4318), from).toBe(false);
    }
  });

  it('webhooks alone reaches the internet: HTTPS to public addresses, never private ones', () => {
    for (const from of PODS) {
      expect(admitted('Egress', from, { ip: '93.184.216.34' }, 443), from).toBe(
        from === 'webhooks',
      );
      expect(admitted('Egress', from, { ip: '93.184.216.34' }, 80), from).toBe(false);
    }
    for (const ip of [
      '10.0.0.7',
      '172.20.1.1',
      '192.168.1.1',
      '127.0.0.1',
      '169.254.169.254',
      '100.64.0.1',
    ])
      expect(admitted('Egress', 'webhooks', { ip }, 443), ip).toBe(false);
  });
});

describe('infra/k8s: Ingress', () => {
  const ingresses = ofKind('Ingress').map((m) => m.doc);
  const backends = ingresses.flatMap((i) =>
    asArr(spec(i).rules).flatMap((r) =>
      asArr(asObj(asObj(r).http).paths).map((p) => {
        const service = asObj(asObj(asObj(p).backend).service);
        return {
          host: String(asObj(r).host),
          service: String(service.name),
          port: Number(asObj(service.port).number),
        };
      }),
    ),
  );

  it('serves the gateway and the MCP server, nothing else, on their Services’ ports', () => {
    expect(ingresses.every((i) => i.apiVersion === 'networking.k8s.io/v1')).toBe(true);
    expect([...new Set(backends.map((b) => `${b.service}:${b.port}`))].sort()).toEqual(
      [`${GATEWAY.name}:${GATEWAY.port}`, `${MCP_SERVER.name}:${MCP_SERVER.port}`].sort(),
    );
    for (const b of backends) {
      const ports = asArr(spec(named('Service', b.service)?.doc).ports).map((p) => asObj(p).port);
      expect(ports, b.service).toContain(b.port);
    }
  });

  it('every host is served over TLS with a certificate of its own, HTTP redirected', () => {
    /** secretName → the Ingresses and hosts whose certificate it holds. */
    const holders = new Map<string, { ingress: string; hosts: string[] }[]>();
    for (const i of ingresses) {
      expect(spec(i).ingressClassName, String(meta(i).name)).toBeDefined();
      const tls = asArr(spec(i).tls).map(asObj);
      for (const rule of asArr(spec(i).rules).map(asObj)) {
        const covering = tls.find((t) => asArr(t.hosts).includes(rule.host));
        expect(covering?.secretName, String(rule.host)).toMatch(/^momentum-[a-z]+-tls$/);
      }
      for (const t of tls) {
        const list = holders.get(String(t.secretName)) ?? [];
        list.push({ ingress: String(meta(i).name), hosts: asArr(t.hosts).map(String) });
        holders.set(String(t.secretName), list);
      }
      expect(asObj(meta(i).annotations)['nginx.ingress.kubernetes.io/force-ssl-redirect']).toBe(
        'true',
      );
    }
    // cert-manager makes one Certificate per Secret from one Ingress: a Secret named by two
    // Ingresses (or two entries) for different hosts leaves one host without a certificate
    for (const [secretName, list] of holders) expect(list.length, secretName).toBe(1);
    // each certificate's Secret: by cert-manager (annotation) or by the documented command
    for (const secretName of holders.keys())
      expect(deploymentGuide).toMatch(
        new RegExp(`kubectl -n momentum create secret tls ${secretName}\\b`),
      );
  });
});

describe('infra/k8s: who reads which password', () => {
  /** `secret/key` → the pods whose containers reference it. */
  const readers = new Map<string, string[]>();
  for (const m of podTemplates)
    for (const c of containersOf(m))
      for (const e of asArr(c.env).map(asObj)) {
        const ref = asObj(asObj(e.valueFrom).secretKeyRef);
        if (ref.name === undefined) continue;
        const key = `${String(ref.name)}/${String(ref.key)}`;
        readers.set(key, [...new Set([...(readers.get(key) ?? []), nameOf(m)])].sort());
      }

  it('a service’s MongoDB password: the service and the Job that sets it; its NATS password: the service and NATS', () => {
    for (const s of DEPLOYED_SERVICES) {
      const upper = s.name.toUpperCase();
      expect(readers.get(`momentum-mongo/${upper}_PASSWORD`), s.name).toEqual(
        [s.name, 'mongo-rs-init'].sort(),
      );
      expect(readers.get(`momentum-nats/${upper}_PASSWORD`), s.name).toEqual(
        [s.name, 'nats'].sort(),
      );
    }
    expect(readers.get('momentum-nats/GATEWAY_PASSWORD')).toEqual([GATEWAY.name, 'nats'].sort());
    expect(readers.get('momentum-mongo/ROOT_PASSWORD')).toEqual(['mongo', 'mongo-rs-init']);
    expect(readers.get('momentum-mongo/KEYFILE')).toEqual(['mongo']);
    // the internet-facing MCP server holds one secret: the token exchange's, shared with the
    // gateway alone (no signing key, no password)
    expect([...readers].filter(([, pods]) => pods.includes(MCP_SERVER.name))).toEqual([
      ['momentum-oauth/EXCHANGE_SECRET', [GATEWAY.name, MCP_SERVER.name].sort()],
    ]);
  });

  it('a signing key (momentum-signing/<CALLER>_<SERVICE>): its caller and its service, no one else', () => {
    const keys = [...readers.keys()].filter((k) => k.startsWith('momentum-signing/'));
    expect(keys.length).toBeGreaterThanOrEqual(13);
    for (const key of keys) {
      const [caller, service] = key.slice('momentum-signing/'.length).toLowerCase().split('_');
      expect(readers.get(key), key).toEqual([caller, service].sort());
    }
    expect(literalsOf(secretCommands.get('momentum-signing')).size).toBe(keys.length);
  });

  it.skipIf(!hasOpenssl())(
    'the documented values: hex passwords, a base64 key file mongod accepts',
    () => {
      for (const name of ['momentum-mongo', 'momentum-nats']) {
        for (const [key, shell] of literalsOf(secretCommands.get(name))) {
          const value = execFileSync('bash', ['-c', `printf '%s' ${shell}`], { encoding: 'utf8' });
          if (key === 'KEYFILE') {
            expect(value).toMatch(/^[A-Za-z0-9+/=]{6,1024}$/);
          } else {
            expect(value, `${name}/${key}`).toMatch(/^[0-9a-f]{48}$/);
          }
        }
      }
    },
  );
});

describe('infra/k8s: MongoDB’s login', () => {
  const sts = asObj(named('StatefulSet', 'mongo')?.doc);
  const container = asObj(asArr(podSpecOf(sts).containers)[0]);
  const env = new Map(asArr(container.env).map((e) => [String(asObj(e).name), asObj(e)]));
  const job = asObj(named('Job', 'mongo-rs-init')?.doc);
  const jobContainer = asObj(asArr(podSpecOf(job).containers)[0]);
  const mountedScripts = (pod: Obj, c: Obj) => {
    const mount = asArr(c.volumeMounts)
      .map(asObj)
      .find((v) => v.mountPath === '/momentum');
    const volume = asArr(podSpecOf(pod).volumes)
      .map(asObj)
      .find((v) => v.name === mount?.name);
    return asObj(volume?.configMap).name;
  };

  it('mongod starts through infra/mongo/entrypoint.sh: key file and root from the Secret, root created on mongo-0 only', () => {
    expect(container.command).toEqual(['bash', '/momentum/entrypoint.sh']);
    expect(mountedScripts(sts, container)).toBe('mongo-scripts');
    expect(asObj(asObj(env.get('MONGO_KEYFILE')?.valueFrom).secretKeyRef)).toEqual({
      name: 'momentum-mongo',
      key: 'KEYFILE',
    });
    expect(asObj(asObj(env.get('MONGO_ROOT_PASSWORD')?.valueFrom).secretKeyRef)).toEqual({
      name: 'momentum-mongo',
      key: 'ROOT_PASSWORD',
    });
    expect(env.get('MONGO_INIT_MEMBER')?.value).toBe(`${String(meta(sts).name)}-0`);
  });

  it('the Job creates the services’ users with create-users.js, logged in as root from the environment', () => {
    expect(mountedScripts(job, jobContainer)).toBe('mongo-scripts');
    const script = String(asArr(jobContainer.args)[0]);
    expect(script).toContain('process.env.MONGO_ROOT_PASSWORD');
    expect(script).not.toMatch(/\s(-p|--password)\b/);
    const initiate = script.indexOf('rs.initiate');
    const users = script.indexOf('load("/momentum/create-users.js")');
    expect(users).toBeGreaterThan(script.indexOf('rs0 has a primary'));
    expect(initiate).toBeGreaterThan(0);
    const given = asArr(jobContainer.env).map((e) => String(asObj(e).name));
    for (const s of DEPLOYED_SERVICES)
      expect(given).toContain(`MONGO_${s.name.toUpperCase()}_PASSWORD`);
    // the shell script parses
    execFileSync('bash', ['-n'], { input: script });
  });

  it('NATS gets every component’s password from the Secret and runs cluster.conf from nats-config', () => {
    const nats = asObj(named('StatefulSet', 'nats')?.doc);
    const c = asObj(asArr(podSpecOf(nats).containers)[0]);
    expect(asArr(c.command).at(-1)).toBe('/etc/nats/cluster.conf');
    const given = new Map(asArr(c.env).map((e) => [String(asObj(e).name), asObj(e)]));
    for (const user of [...DEPLOYED_SERVICES.map((s) => s.name), GATEWAY.name]) {
      const variable = `NATS_${user.toUpperCase()}_PASSWORD`;
      expect(asObj(asObj(given.get(variable)?.valueFrom).secretKeyRef), variable).toEqual({
        name: 'momentum-nats',
        key: `${user.toUpperCase()}_PASSWORD`,
      });
    }
  });
});
