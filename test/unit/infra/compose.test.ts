// docker-compose.yml, checked without Docker or Kubernetes.
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import {
  type Env,
  type Obj,
  read,
  COMPONENTS,
  SERVICES,
  GATEWAY,
  MCP_SERVER,
  asObj,
  asArr,
  requiredEnv,
  expectedValue,
} from './support.js';

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
