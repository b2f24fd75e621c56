// infra/mongo, run without MongoDB: create-users.js against a recording stand-in for mongosh's
// `db`, entrypoint.sh with a stand-in for the image's docker-entrypoint.sh.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { runInNewContext } from 'node:vm';
import { afterAll, describe, expect, it } from 'vitest';
import { ROOT, read } from './support.js';
import { DEPLOYED_SERVICES } from './schemas.js';

interface User {
  user: string;
  pwd: string;
  roles: { role: string; db: string }[];
}

/** Runs create-users.js as mongosh would, on a database holding `existing` users. */
function createUsers(env: Record<string, string>, existing: string[] = []) {
  const users = new Map<string, User | { existing: true }>(
    existing.map((u) => [u, { existing: true }]),
  );
  const calls: string[] = [];
  const admin = {
    getUser: (name: string) => (users.has(name) ? { user: name } : null),
    createUser: (u: User) => {
      calls.push(`create ${u.user}`);
      users.set(u.user, u);
    },
    updateUser: (name: string, u: Omit<User, 'user'>) => {
      calls.push(`update ${name}`);
      users.set(name, { user: name, ...u });
    },
  };
  const db = { getSiblingDB: (name: string) => (name === 'admin' ? admin : undefined) };
  runInNewContext(read('infra/mongo/create-users.js'), {
    db,
    process: { env },
    print: () => {},
  });
  return { users, calls };
}

const passwords = Object.fromEntries(
  DEPLOYED_SERVICES.map((s) => [`MONGO_${s.name.toUpperCase()}_PASSWORD`, `pw-${s.name}`]),
);

describe('infra/mongo/create-users.js', () => {
  it('creates one user per service, readWrite on its own database and nothing else', () => {
    const { users, calls } = createUsers(passwords);
    expect(calls).toEqual(DEPLOYED_SERVICES.map((s) => `create ${s.name}`));
    for (const s of DEPLOYED_SERVICES) {
      expect(users.get(s.name)).toEqual({
        user: s.name,
        pwd: `pw-${s.name}`,
        roles: [{ role: 'readWrite', db: `momentum_${s.name}` }],
      });
    }
  });

  it('covers every service Compose and Kubernetes deploy (their MONGO_DB)', () => {
    const script = read('infra/mongo/create-users.js');
    const listed = JSON.parse(
      /const SERVICES = (\[[^\]]*\])/.exec(script)?.[1]?.replace(/'/g, '"') ?? '[]',
    );
    expect([...listed].sort()).toEqual(DEPLOYED_SERVICES.map((s) => s.name).sort());
  });

  it('run again, sets the password and roles of users that exist (rotation), creates none twice', () => {
    const rotated = { ...passwords, MONGO_ISSUES_PASSWORD: 'rotated' };
    const { users, calls } = createUsers(rotated, ['issues']);
    expect(calls).toContain('update issues');
    expect(calls.filter((c) => c === 'create issues')).toEqual([]);
    expect(users.get('issues')).toMatchObject({
      pwd: 'rotated',
      roles: [{ role: 'readWrite', db: 'momentum_issues' }],
    });
  });

  it('stops at a missing password, naming the variable', () => {
    const { MONGO_AGENTS_PASSWORD: _, ...missing } = passwords;
    expect(() => createUsers(missing)).toThrow('MONGO_AGENTS_PASSWORD is not set');
  });
});

describe('infra/mongo/entrypoint.sh', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'mongo-entrypoint-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  // the image's docker-entrypoint.sh, replaced by one that says what it was given
  writeFileSync(
    path.join(dir, 'docker-entrypoint.sh'),
    '#!/bin/sh\necho "args=$*"\necho "user=${MONGO_INITDB_ROOT_USERNAME:-}"\necho "password=${MONGO_INITDB_ROOT_PASSWORD:-}"\necho "keyfile-env=${MONGO_KEYFILE:-}"\n',
    { mode: 0o755 },
  );
  const run = (env: Record<string, string>) => {
    const keyfile = path.join(dir, `keyfile-${Math.random().toString(16).slice(2)}`);
    const out = execFileSync(
      'bash',
      [path.join(ROOT, 'infra/mongo/entrypoint.sh'), '--replSet', 'rs0'],
      {
        env: { PATH: `${dir}:${process.env.PATH ?? ''}`, MONGO_KEYFILE_PATH: keyfile, ...env },
        encoding: 'utf8',
      },
    );
    const said = Object.fromEntries(
      out
        .trim()
        .split('\n')
        .map((l) => l.split(/=(.*)/s).slice(0, 2)),
    );
    return { said, keyfile };
  };

  it('writes the key file readable by its owner alone, and runs mongod with it and the arguments', () => {
    const { said, keyfile } = run({
      MONGO_KEYFILE: 'a2V5ZmlsZQ==',
      MONGO_ROOT_PASSWORD: 'root-pw',
    });
    expect(readFileSync(keyfile, 'utf8')).toBe('a2V5ZmlsZQ==');
    expect(statSync(keyfile).mode & 0o777).toBe(0o400);
    expect(said.args).toBe(`mongod --keyFile ${keyfile} --replSet rs0`);
    // mongod does not keep the key in its environment
    expect(said['keyfile-env']).toBe('');
  });

  it('creates root on the first start (Compose: the one member)', () => {
    const { said } = run({ MONGO_KEYFILE: 'k'.repeat(16), MONGO_ROOT_PASSWORD: 'root-pw' });
    expect(said.user).toBe('root');
    expect(said.password).toBe('root-pw');
  });

  it('in a replica set of several, only MONGO_INIT_MEMBER creates root (the others copy it)', () => {
    const base = {
      MONGO_KEYFILE: 'k'.repeat(16),
      MONGO_ROOT_PASSWORD: 'root-pw',
      MONGO_INIT_MEMBER: 'mongo-0',
    };
    expect(run({ ...base, HOSTNAME: 'mongo-0' }).said.user).toBe('root');
    expect(run({ ...base, HOSTNAME: 'mongo-1' }).said.user).toBe('');
  });

  it('refuses to start without a key file', () => {
    expect(() => run({ MONGO_ROOT_PASSWORD: 'x' })).toThrow();
  });
});
