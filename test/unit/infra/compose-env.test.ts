// `npm run compose:env`: the .env docker-compose.yml needs, made once, never overwritten.
import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { ROOT, read } from './support.js';
import { parseEnv, requiredVariables, valueFor, writeComposeEnv } from './compose-env-script.js';

const composeFile = path.join(ROOT, 'docker-compose.yml');
const required = requiredVariables(read('docker-compose.yml'));
const dirs: string[] = [];
const tempEnv = () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'compose-env-'));
  dirs.push(dir);
  return path.join(dir, '.env');
};
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe('npm run compose:env', () => {
  it('is the package script, and docs/DEPLOYMENT.md shows it instead of a shell block', () => {
    const pkg = JSON.parse(read('package.json')) as { scripts: Record<string, string> };
    expect(pkg.scripts['compose:env']).toBe('node scripts/compose-env.mjs');
    const doc = read('docs/DEPLOYMENT.md');
    expect(doc).toContain('npm run compose:env');
    expect(doc).not.toMatch(/\} > \.env/);
  });

  it('writes every variable docker-compose.yml requires, readable by its owner alone', () => {
    expect(required).toEqual(
      expect.arrayContaining(['INTERNAL_SECRET', 'WEBHOOKS_SECRET_KEY', 'GRAFANA_ADMIN_PASSWORD']),
    );
    const envFile = tempEnv();
    expect(writeComposeEnv({ composeFile, envFile })).toMatchObject({ created: true });
    expect(statSync(envFile).mode & 0o777).toBe(0o600);
    const env = parseEnv(readFileSync(envFile, 'utf8'));
    expect([...env.keys()].sort()).toEqual([...required].sort());
    for (const [name, value] of env) {
      if (/_PASSWORD$/.test(name)) expect(value, name).toMatch(/^[0-9a-f]{48}$/);
      if (name.startsWith('SIGN_')) expect(value, name).toMatch(/^[0-9a-f]{64}$/);
    }
    expect(env.get('INTERNAL_SECRET')?.length).toBeGreaterThanOrEqual(32);
    expect(env.get('WEBHOOKS_SECRET_KEY')?.length).toBeGreaterThanOrEqual(32);
    expect(env.get('ADMIN_API_KEY')).toMatch(/^svc_u[0-9a-f]{24}_[A-Za-z0-9_-]{43}$/);
    expect(env.get('MONGO_KEYFILE')).toMatch(/^[A-Za-z0-9+/=]{6,1024}$/);
    const values = [...env.values()];
    expect(new Set(values).size, 'every value fresh').toBe(values.length);
  });

  it('leaves an existing file as it is: a second run changes nothing', () => {
    const envFile = tempEnv();
    writeComposeEnv({ composeFile, envFile });
    const before = readFileSync(envFile, 'utf8');
    const mtime = statSync(envFile).mtimeMs;
    expect(writeComposeEnv({ composeFile, envFile })).toEqual({
      file: envFile,
      created: false,
      missing: [],
      added: [],
    });
    expect(readFileSync(envFile, 'utf8')).toBe(before);
    expect(statSync(envFile).mtimeMs).toBe(mtime);
  });

  it('names what an older file lacks, and appends only that when asked', () => {
    const envFile = tempEnv();
    writeFileSync(envFile, 'INTERNAL_SECRET=mine-and-long-enough-to-be-a-secret-value\n', {
      mode: 0o600,
    });
    const { missing } = writeComposeEnv({ composeFile, envFile });
    expect(missing).toEqual(required.filter((name) => name !== 'INTERNAL_SECRET'));
    expect(readFileSync(envFile, 'utf8')).toBe(
      'INTERNAL_SECRET=mine-and-long-enough-to-be-a-secret-value\n',
    );
    expect(writeComposeEnv({ composeFile, envFile, addMissing: true }).added).toEqual(missing);
    const env = parseEnv(readFileSync(envFile, 'utf8'));
    expect(env.get('INTERNAL_SECRET')).toBe('mine-and-long-enough-to-be-a-secret-value');
    expect([...env.keys()].sort()).toEqual([...required].sort());
  });

  it('refuses a variable it has no rule for, rather than writing a weak value', () => {
    expect(() => valueFor('SOMETHING_NEW')).toThrow(/no rule makes a value for SOMETHING_NEW/);
  });
});
