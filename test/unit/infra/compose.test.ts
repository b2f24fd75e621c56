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

const MONGO_URL = 'mongodb://mongo:27017/?replicaSet=rs0';

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
    expect(mongo.image).toMatch(/^mongo:7\.0\.\d+$/);
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

  it('runs NATS 2.10 (pinned) with JetStream, a monitoring port and a healthcheck on it', () => {
    const nats = composeService('nats');
    expect(String(nats.image)).toMatch(/^nats:2\.10\.\d+-alpine$/);
    const command = asArr(nats.command).map(String);
    expect(command).toContain('-js');
    expect(command.join(' ')).toMatch(/(-m|--http_port) 8222/);
    expect(healthTest(nats)).toContain('8222');
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
      if (env.MONGO_URL !== undefined) expect(env.MONGO_URL).toBe(MONGO_URL);
      if (env.NATS_URL !== undefined) expect(env.NATS_URL).toBe('nats://nats:4222');
      if (env.INTERNAL_SECRET !== undefined) {
        expect(env.INTERNAL_SECRET).toMatch(/^\$\{INTERNAL_SECRET:\?.+\}$/);
      }
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

  it('pins every image it pulls (no floating tag)', () => {
    for (const [name, service] of Object.entries(composeServices)) {
      const s = asObj(service);
      if (s.build !== undefined) continue; // built here from the Dockerfile
      expect(String(s.image), name).toMatch(/:v?\d+\.\d+\.\d+(-[a-z0-9.]+)?$/);
    }
  });

  it('every ${VAR} has a default or is required (no silent empty values)', () => {
    const refs = [...composeText.matchAll(/\$\{([^}]*)\}/g)].map((m) => m[1] ?? '');
    expect(refs.length).toBeGreaterThan(0);
    for (const ref of refs) expect(ref, ref).toMatch(/^\w+(:-|:\?)/);
  });
});

// ── infra/k8s ───────────────────────────────────────────────────────────────────────────
