// docker-compose.yml loaded as `docker compose` loads it: compose-go v2 (interpolation, merge
// keys, normalization and its own consistency checks, which the JSON schema alone does not
// make), with the .env `npm run compose:env` writes. Built from the Go module proxy
// (infra/tools/compose-check, scripts/lib/go-tools.mjs).
import { copyFileSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEPLOYED } from './schemas.js';
import { type Obj, ROOT, asObj } from './support.js';
import { BUILD_TIMEOUT_MS, buildGoTool, run } from './go-tools.js';
import { parseEnv, writeComposeEnv } from './compose-env-script.js';

const composeFile = path.join(ROOT, 'docker-compose.yml');
let bin = '';
let dir = '';
let envFile = '';

beforeAll(async () => {
  bin = await buildGoTool('compose-check');
  dir = mkdtempSync(path.join(tmpdir(), 'compose-go-'));
  envFile = path.join(dir, '.env');
  writeComposeEnv({ composeFile, envFile });
}, BUILD_TIMEOUT_MS);
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** The resolved project, or the loader's error. */
function load(file: string, options: { env?: string; profile?: string } = {}) {
  const args = ['-f', file, '-env-file', options.env ?? envFile];
  if (options.profile) args.push('-profile', options.profile);
  const result = run(bin, args);
  return {
    ...result,
    project: result.status === 0 ? asObj(JSON.parse(result.stdout)) : ({} as Obj),
  };
}
const serviceOf = (project: Obj, name: string) => asObj(asObj(project.services)[name]);

describe('docker-compose.yml in compose-go (the loader of docker compose)', () => {
  it('loads with the .env npm run compose:env writes: every component, mongo and nats', () => {
    const { status, stderr, project } = load(composeFile);
    expect(stderr).toBe('');
    expect(status).toBe(0);
    const names = Object.keys(asObj(project.services));
    for (const c of DEPLOYED) expect(names, c.name).toContain(c.name);
    expect(names).toEqual(expect.arrayContaining(['mongo', 'nats', 'nats-volume']));
    // the observability profile is off unless asked for
    expect(names).not.toContain('grafana');
  });

  it('loads with the observability profile, Grafana with the generated password and no anonymous access', () => {
    const { status, stderr, project } = load(composeFile, { profile: 'observability' });
    expect(stderr).toBe('');
    expect(status).toBe(0);
    const grafana = asObj(serviceOf(project, 'grafana').environment);
    const env = parseEnv(readFileSync(envFile, 'utf8'));
    expect(grafana.GF_SECURITY_ADMIN_PASSWORD).toBe(env.get('GRAFANA_ADMIN_PASSWORD'));
    expect(grafana.GF_AUTH_ANONYMOUS_ENABLED).toBe('false');
    for (const name of ['prometheus', 'grafana', 'jaeger'])
      expect(serviceOf(project, name).healthcheck, name).toBeDefined();
  });

  it('every container is limited in processes in one place, deploy.resources.limits.pids', () => {
    const { project } = load(composeFile, { profile: 'observability' });
    for (const [name, service] of Object.entries(asObj(project.services))) {
      const limits = asObj(asObj(asObj(asObj(service).deploy).resources).limits);
      expect(Number(limits.pids), name).toBeGreaterThan(0);
      expect(asObj(service).pids_limit ?? 0, name).toBe(0);
    }
  });

  it('resolves the secrets from .env into the services (WEBHOOKS_SECRET_KEY included)', () => {
    const { project } = load(composeFile);
    const env = parseEnv(readFileSync(envFile, 'utf8'));
    const webhooks = asObj(serviceOf(project, 'webhooks').environment);
    expect(webhooks.WEBHOOKS_SECRET_KEY).toBe(env.get('WEBHOOKS_SECRET_KEY'));
    expect(webhooks.MONGO_URL).toContain(`webhooks:${env.get('MONGO_WEBHOOKS_PASSWORD')}@mongo`);
  });

  it('gives the gateway and the standalone MCP server one OAuth exchange secret, and agreeing URLs', () => {
    const { project } = load(composeFile);
    const env = parseEnv(readFileSync(envFile, 'utf8'));
    const secret = env.get('OAUTH_EXCHANGE_SECRET');
    expect(secret?.length).toBeGreaterThanOrEqual(32);
    const gateway = asObj(serviceOf(project, 'gateway').environment);
    const mcp = asObj(serviceOf(project, 'mcp-server').environment);
    expect(gateway.OAUTH_EXCHANGE_SECRET).toBe(secret);
    expect(mcp.OAUTH_EXCHANGE_SECRET).toBe(secret);
    // The MCP server's resource is one the gateway may exchange for, under the same issuer.
    expect(gateway.OAUTH_RESOURCES).toBe(`${String(mcp.MCP_PUBLIC_URL)}/mcp`);
    expect(mcp.OAUTH_ISSUER).toBe(gateway.OAUTH_ISSUER);
    // No other container holds it.
    const holders = Object.entries(asObj(project.services))
      .filter(([, s]) => JSON.stringify(asObj(s).environment ?? {}).includes(secret!))
      .map(([name]) => name);
    expect(holders.sort()).toEqual(['gateway', 'mcp-server']);
  });

  describe('the check can fail', () => {
    let brokenDir = '';
    beforeAll(() => {
      brokenDir = mkdtempSync(path.join(tmpdir(), 'compose-go-broken-'));
    });
    afterAll(() => rmSync(brokenDir, { recursive: true, force: true }));

    it('refuses a copy whose pids_limit disagrees with deploy.resources.limits.pids', () => {
      const broken = path.join(brokenDir, 'docker-compose.yml');
      const text = readFileSync(composeFile, 'utf8');
      const withPids = text.replace(/^( {2}gateway:\n)/m, '$1    pids_limit: 100\n');
      expect(withPids).not.toBe(text);
      writeFileSync(broken, withPids);
      const { status, stderr } = load(broken);
      expect(status).toBe(1);
      expect(stderr).toMatch(/services\.gateway: can't set distinct values on 'pids_limit'/);
    });

    it('refuses to load without a variable the file requires', () => {
      copyFileSync(composeFile, path.join(brokenDir, 'docker-compose.yml'));
      const partial = path.join(brokenDir, 'partial.env');
      writeFileSync(
        partial,
        readFileSync(envFile, 'utf8').replace(/^WEBHOOKS_SECRET_KEY=.*\n/m, ''),
      );
      const { status, stderr } = load(path.join(brokenDir, 'docker-compose.yml'), {
        env: partial,
      });
      expect(status).toBe(1);
      expect(stderr).toMatch(/WEBHOOKS_SECRET_KEY/);
    });
  });
});
