// docker-compose.yml, checked without Docker or Kubernetes: against the Compose Specification's
// JSON schema, and against what running each service as several containers needs.
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import {
  type Env,
  type Obj,
  read,
  SERVICES,
  GATEWAY,
  MCP_SERVER,
  asObj,
  asArr,
  expectedValue,
} from './support.js';
import {
  DEPLOYED,
  DEPLOYED_SERVICES,
  requiredEnvOf,
  interpolate,
  validateCompose,
} from './schemas.js';

/** `${NAME:?message}`: a variable Compose requires. */
const required = (name: string) => new RegExp(`^\\$\\{${name}:\\?[^}]+\\}$`);
/** Each service's own MongoDB user, on the replica set, authenticated against admin. */
const mongoUrl = (name: string) =>
  new RegExp(
    `^mongodb://${name}:\\$\\{MONGO_${name.toUpperCase()}_PASSWORD:\\?[^}]+\\}@mongo:27017/\\?replicaSet=rs0&authSource=admin$`,
  );
/** Each component's own NATS user. */
const natsUrl = (name: string) =>
  new RegExp(`^nats://${name}:\\$\\{NATS_${name.toUpperCase()}_PASSWORD:\\?[^}]+\\}@nats:4222$`);

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
  it('is valid against the Compose Specification schema (after interpolation)', () => {
    expect(validateCompose(interpolate(compose))).toEqual([]);
  });

  it('the schema check catches an unknown key and a wrong type', () => {
    const broken = structuredClone(interpolate(compose)) as Obj;
    const issues = asObj(asObj(broken.services).issues);
    issues.healthcheck = { ...asObj(issues.healthcheck), intervall: '1s' };
    issues.restart = 5;
    const errors = validateCompose(broken).join('\n');
    expect(errors).toMatch(/intervall/);
    expect(errors).toMatch(/restart/);
  });

  it('runs MongoDB 7.0 (pinned) as the single-member replica set rs0, initiated by its healthcheck', () => {
    const mongo = composeService('mongo');
    expect(mongo.image).toMatch(/^mongo:7\.0\.\d+@sha256:[0-9a-f]{64}$/);
    const command = asArr(mongo.command).map(String);
    expect(command[command.indexOf('--replSet') + 1]).toBe('rs0');
    expect(command).toContain('--bind_ip_all');
    const check = healthTest(mongo);
    expect(check).toMatch(/^CMD mongosh /);
    expect(check).toContain(
      "rs.initiate({ _id: 'rs0', members: [{ _id: 0, host: 'mongo:27017' }] })",
    );
    expect(check).toContain('isWritablePrimary');
    expect(asArr(mongo.volumes).some((v) => String(v).endsWith(':/data/db'))).toBe(true);
  });

  it('runs NATS 2.10 (pinned) on infra/nats/nats.conf: JetStream, monitoring on 8222 and a healthcheck on it', () => {
    const nats = composeService('nats');
    expect(String(nats.image)).toMatch(/^nats:2\.10\.\d+-alpine@sha256:[0-9a-f]{64}$/);
    const command = asArr(nats.command).map(String);
    const file = command[command.findIndex((c) => c === '--config' || c === '-c') + 1];
    expect(asArr(nats.volumes)).toContain(`./infra/nats/nats.conf:${file}:ro`);
    const conf = read('infra/nats/nats.conf');
    expect(conf).toMatch(/^jetstream\s*\{[^}]*store_dir:\s*\/data/m);
    expect(asArr(nats.volumes).some((v) => String(v).endsWith(':/data'))).toBe(true);
    expect(conf).toMatch(/^http:\s*127\.0\.0\.1:8222$/m);
    expect(healthTest(nats)).toContain('http://127.0.0.1:8222/healthz');
  });

  it.each(DEPLOYED.map((c) => [c.name, c] as const))(
    '%s is built from the Dockerfile with COMPONENT and has a /ready (or /health) healthcheck',
    (name, c) => {
      const service = composeService(name);
      expect(service, `compose service ${name}`).not.toEqual({});
      const build = asObj(service.build);
      expect(build.context).toBe('.');
      expect(build.dockerfile ?? 'Dockerfile').toBe('Dockerfile');
      expect(asObj(build.args).COMPONENT).toBe(name);
      const port = name === MCP_SERVER.name ? MCP_SERVER.port : c.port;
      // /ready where the component serves it (database and NATS reachable), else /health
      expect(healthTest(service)).toMatch(new RegExp(`127\\.0\\.0\\.1:${port}/(ready|health)'`));
    },
  );

  it.each(DEPLOYED.map((c) => [c.name, c] as const))(
    '%s gets every variable it needs, with the right values',
    (name, c) => {
      const env = composeEnv(composeService(name));
      for (const key of requiredEnvOf(c)) {
        expect(env, `${name} ${key}`).toHaveProperty(key);
        const want = expectedValue(c, key);
        if (want !== undefined) expect(env[key], `${name} ${key}`).toBe(want);
      }
      if (env.MONGO_URL !== undefined) expect(env.MONGO_URL).toMatch(mongoUrl(name));
      if (env.NATS_URL !== undefined) expect(env.NATS_URL).toMatch(natsUrl(name));
      if (env.INTERNAL_SECRET !== undefined)
        expect(env.INTERNAL_SECRET).toMatch(required('INTERNAL_SECRET'));
      if (name === 'identity') expect(env.ADMIN_API_KEY).toMatch(/^\$\{ADMIN_API_KEY:\?.+\}$/);
      else expect(env).not.toHaveProperty('ADMIN_API_KEY');
    },
  );

  it('every service waits for healthy mongo and nats', () => {
    for (const s of DEPLOYED_SERVICES) {
      expect(dependsOn(composeService(s.name)), s.name).toEqual({
        mongo: 'service_healthy',
        nats: 'service_healthy',
      });
    }
  });

  it('the gateway waits for every healthy service it routes to, the MCP server for the gateway', () => {
    const gatewayDeps = dependsOn(composeService(GATEWAY.name));
    for (const s of SERVICES) expect(gatewayDeps[s.name], s.name).toBe('service_healthy');
    expect(dependsOn(composeService(MCP_SERVER.name))).toEqual({
      [GATEWAY.name]: 'service_healthy',
    });
  });

  it('every depends_on names a known service with condition service_healthy (a one-shot job: completed)', () => {
    const oneShot = (name: string) => asObj(composeServices[name]).restart === 'no';
    for (const [name, service] of Object.entries(composeServices)) {
      for (const [dep, condition] of Object.entries(dependsOn(asObj(service)))) {
        expect(composeServices, `${name} → ${dep}`).toHaveProperty(dep);
        expect(condition, `${name} → ${dep}`).toBe(
          oneShot(dep) ? 'service_completed_successfully' : 'service_healthy',
        );
      }
    }
  });

  it('the MCP server runs the HTTP transport', () => {
    expect(asArr(composeService(MCP_SERVER.name).command)).toContain('--http');
  });

  it('publishes only the gateway and the MCP server ports (the observability UIs on loopback)', () => {
    const observability = (s: unknown) => asArr(asObj(s).profiles).includes('observability');
    for (const [name, s] of Object.entries(composeServices).filter(([, s]) => observability(s)))
      for (const port of asArr(asObj(s).ports))
        expect(String(port), name).toMatch(/^127\.0\.0\.1:/);
    const published = Object.entries(composeServices)
      .filter(([, s]) => asObj(s).ports !== undefined && !observability(s))
      .map(([name]) => name)
      .sort();
    expect(published).toEqual([GATEWAY.name, MCP_SERVER.name].sort());
    const target = (name: string) =>
      asArr(composeService(name).ports).map((p) => String(p).split(':').at(-1));
    expect(target(GATEWAY.name)).toEqual([String(GATEWAY.port)]);
    expect(target(MCP_SERVER.name)).toEqual([String(MCP_SERVER.port)]);
    // plain HTTP carries API keys: on the loopback unless the operator says otherwise
    for (const name of [GATEWAY.name, MCP_SERVER.name])
      for (const port of asArr(composeService(name).ports))
        expect(String(port), name).toMatch(/^\$\{PUBLISH_ADDRESS:-127\.0\.0\.1\}:/);
  });

  it('every service can run as several containers: no container_name, hostname or fixed address', () => {
    for (const [name, service] of Object.entries(composeServices)) {
      const s = asObj(service);
      expect(s, name).not.toHaveProperty('container_name');
      expect(s, name).not.toHaveProperty('hostname');
      for (const net of Object.values(asObj(s.networks))) {
        expect(asObj(net), name).not.toHaveProperty('ipv4_address');
        expect(asObj(net), name).not.toHaveProperty('ipv6_address');
      }
    }
    // the ones that publish a port are the gateway and the MCP server only (above); the services
    // are reached by their service name, which Compose resolves to every container of it
    for (const s of DEPLOYED_SERVICES) expect(composeService(s.name).ports, s.name).toBeUndefined();
  });

  it('pins every image it pulls by a release tag and its digest', () => {
    for (const [name, service] of Object.entries(composeServices)) {
      const s = asObj(service);
      if (s.build !== undefined) continue; // built here from the Dockerfile
      expect(String(s.image), name).toMatch(/:v?\d+\.\d+\.\d+(-[a-z0-9.]+)?@sha256:[0-9a-f]{64}$/);
    }
  });

  it('every long-running container has a healthcheck, the observability profile included', () => {
    for (const [name, service] of Object.entries(composeServices)) {
      const s = asObj(service);
      if (s.restart === 'no') continue; // a one-shot job
      expect(healthTest(s), name).toMatch(/^CMD /);
    }
  });

  it('every ${VAR} has a default or is required (no silent empty values)', () => {
    const refs = [...composeText.matchAll(/\$\{([^}]*)\}/g)].map((m) => m[1] ?? '');
    expect(refs.length).toBeGreaterThan(0);
    for (const ref of refs) expect(ref, ref).toMatch(/^\w+(:-|:\?)/);
  });
});

// ── infra/k8s ───────────────────────────────────────────────────────────────────────────

describe('docker-compose.yml: least privilege', () => {
  const APP = DEPLOYED.map((c) => c.name);
  const mongo = composeService('mongo');
  const nats = composeService('nats');
  /** The services whose definition names `${name…}`. */
  const usersOf = (name: string) =>
    Object.entries(composeServices)
      .filter(([, s]) => JSON.stringify(s).includes(`\${${name}:`))
      .map(([n]) => n)
      .sort();

  it.each(APP.map((n) => [n] as const))(
    '%s runs read-only (a /tmp in memory), without capabilities or privilege escalation, within limits',
    (name) => {
      const s = composeService(name);
      expect(s.read_only).toBe(true);
      expect(asArr(s.tmpfs).map((t) => String(t).split(':')[0])).toEqual(['/tmp']);
      expect(s.cap_drop).toEqual(['ALL']);
      expect(s).not.toHaveProperty('cap_add');
      expect(s).not.toHaveProperty('privileged');
      expect(asArr(s.security_opt)).toContain('no-new-privileges:true');
      const limits = asObj(asObj(asObj(s.deploy).resources).limits);
      expect(Number(limits.cpus)).toBeGreaterThan(0);
      expect(String(limits.memory)).toMatch(/^\d+[MG]$/);
      // in deploy.resources.limits only: compose-go refuses pids_limit beside it (compose-go.test.ts)
      expect(Number(limits.pids)).toBeGreaterThan(0);
      expect(s).not.toHaveProperty('pids_limit');
      // the image's user (node), never root
      expect(s.user ?? 'node').not.toMatch(/^(root|0)(:|$)/);
    },
  );

  it('every other container runs read-only too, without capabilities or escalation, within limits, not as root', () => {
    const others = Object.entries(composeServices).filter(([name]) => !APP.includes(name));
    expect(others.map(([name]) => name).sort()).toEqual(
      ['grafana', 'jaeger', 'mongo', 'nats', 'nats-volume', 'prometheus'].sort(),
    );
    for (const [name, service] of others) {
      const s = asObj(service);
      expect(s.read_only, name).toBe(true);
      expect(s.cap_drop, name).toEqual(['ALL']);
      expect(s, name).not.toHaveProperty('privileged');
      expect(asArr(s.security_opt), name).toContain('no-new-privileges:true');
      const limits = asObj(asObj(asObj(s.deploy).resources).limits);
      expect(limits, name).toHaveProperty('memory');
      expect(Number(limits.pids), name).toBeGreaterThan(0);
      expect(s, name).not.toHaveProperty('pids_limit');
      // root only for the one-shot chown of a new volume, with that one capability
      if (name === 'nats-volume') {
        expect(s.cap_add).toEqual(['CHOWN']);
        expect(s.network_mode).toBe('none');
        // only while root owns the volume: then root, as its owner, can walk it
        expect(asArr(s.entrypoint).join(' ')).toBe(
          `sh -c [ "$$(stat -c %u /data)" = ${String(nats.user).split(':')[0]} ] || chown -R ${String(nats.user)} /data`,
        );
      } else {
        expect(s, name).not.toHaveProperty('cap_add');
        expect(String(s.user), name).toMatch(/^[1-9]\d*:\d+$/);
      }
    }
    expect(mongo.user).toBe('999:999');
    expect(nats.user).toBe('10001:10001');
  });

  it('Grafana has no default credentials: the admin password from .env, no anonymous viewers', () => {
    const env = composeEnv(composeService('grafana'));
    expect(env.GF_SECURITY_ADMIN_PASSWORD).toMatch(required('GRAFANA_ADMIN_PASSWORD'));
    expect(env.GF_AUTH_ANONYMOUS_ENABLED).toBe('false');
    expect(env.GF_USERS_ALLOW_SIGN_UP).toBe('false');
    expect(usersOf('GRAFANA_ADMIN_PASSWORD')).toEqual(['grafana']);
  });

  it('MongoDB requires a login: the key file and root from the environment, one user per service created on the first start', () => {
    expect(asArr(mongo.entrypoint)).toEqual(['bash', '/momentum/entrypoint.sh']);
    const volumes = asArr(mongo.volumes).map(String);
    expect(volumes).toContain('./infra/mongo/entrypoint.sh:/momentum/entrypoint.sh:ro');
    expect(volumes).toContain(
      './infra/mongo/create-users.js:/docker-entrypoint-initdb.d/create-users.js:ro',
    );
    const env = composeEnv(mongo);
    expect(env.MONGO_KEYFILE).toMatch(required('MONGO_KEYFILE'));
    expect(env.MONGO_ROOT_PASSWORD).toMatch(required('MONGO_ROOT_PASSWORD'));
    for (const s of DEPLOYED_SERVICES) {
      const variable = `MONGO_${s.name.toUpperCase()}_PASSWORD`;
      expect(env[variable], variable).toMatch(required(variable));
    }
    // the healthcheck logs in as root with the password from the environment, not its command line
    const check = healthTest(mongo);
    expect(check).toContain("auth('root', process.env.MONGO_ROOT_PASSWORD)");
    expect(check).not.toMatch(/\s(-p|--password)\b/);
  });

  it('NATS requires a login: every user of infra/nats/nats.conf gets its password from the environment', () => {
    const conf = read('infra/nats/nats.conf');
    const users = [...conf.matchAll(/\{\s*user:\s*(\w+),\s*password:\s*\$(\w+),/g)];
    expect(users.map((u) => u[1]).sort()).toEqual(
      [...DEPLOYED_SERVICES.map((s) => s.name), GATEWAY.name].sort(),
    );
    const env = composeEnv(nats);
    for (const [, user, variable] of users) {
      expect(variable).toBe(`NATS_${String(user).toUpperCase()}_PASSWORD`);
      expect(env[variable ?? ''], variable).toMatch(required(variable ?? ''));
    }
  });

  it('each password reaches only its component and the engine that checks it', () => {
    for (const s of DEPLOYED_SERVICES) {
      const upper = s.name.toUpperCase();
      expect(usersOf(`MONGO_${upper}_PASSWORD`), s.name).toEqual(['mongo', s.name].sort());
      expect(usersOf(`NATS_${upper}_PASSWORD`), s.name).toEqual(['nats', s.name].sort());
    }
    expect(usersOf('NATS_GATEWAY_PASSWORD')).toEqual([GATEWAY.name, 'nats'].sort());
    expect(usersOf('MONGO_ROOT_PASSWORD')).toEqual(['mongo']);
    expect(usersOf('MONGO_KEYFILE')).toEqual(['mongo']);
    // the MCP server reaches neither engine
    expect(composeEnv(composeService(MCP_SERVER.name))).not.toHaveProperty('NATS_URL');
    expect(composeEnv(composeService(MCP_SERVER.name))).not.toHaveProperty('MONGO_URL');
  });
});
