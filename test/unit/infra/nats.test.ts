// infra/nats: the configuration both deployments run, checked by the real nats-server (`-t`)
// and against the code whose subjects, consumers and buckets it permits.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT, read } from './support.js';
import { DEPLOYED_SERVICES } from './schemas.js';
import {
  NATS_USERS,
  checkConfig,
  hasNatsServer,
  passwordVar,
  testPasswords,
} from './nats-server.js';

const conf = read('infra/nats/nats.conf');
const file = (f: string) => path.join(ROOT, 'infra/nats', f);

/** The permission block of one user: `<USER>_PERMISSIONS = { … }`. */
function permissionsOf(user: string): {
  publish: string[];
  subscribe: string[];
  responses: boolean;
} {
  const start = conf.indexOf(`${user.toUpperCase()}_PERMISSIONS = {`);
  if (start < 0) throw new Error(`no permissions for ${user}`);
  const block = conf.slice(start, conf.indexOf('\n}\n', start));
  const list = (key: string) => {
    const m = new RegExp(`${key}: \\{\\s*allow: \\[([^\\]]*)\\]`).exec(block);
    return [...(m?.[1] ?? '').matchAll(/"([^"]+)"/g)].map((x) => x[1] ?? '');
  };
  return {
    publish: list('publish'),
    subscribe: list('subscribe'),
    responses: /allow_responses: true/.test(block),
  };
}

/** NATS subject matching: `*` one token, `>` the rest. */
const matches = (pattern: string, subject: string) => {
  const p = pattern.split('.');
  const s = subject.split('.');
  for (let i = 0; i < p.length; i++) {
    if (p[i] === '>') return s.length > i;
    if (p[i] !== '*' && p[i] !== s[i]) return false;
  }
  return p.length === s.length;
};
const allows = (patterns: string[], subject: string) => patterns.some((p) => matches(p, subject));

/** Source files of a folder, recursively. */
const sources = (dir: string): string[] =>
  readdirSync(path.join(ROOT, dir), { withFileTypes: true, recursive: true })
    .filter((e) => e.isFile() && e.name.endsWith('.ts'))
    .map((e) => readFileSync(path.join(e.parentPath, e.name), 'utf8'));

describe.skipIf(!hasNatsServer())('infra/nats: nats-server -t', () => {
  it('nats.conf (Compose) and cluster.conf (Kubernetes) are valid with every password set', () => {
    const env = { ...testPasswords(), SERVER_NAME: 'nats-0' };
    for (const f of ['nats.conf', 'cluster.conf']) {
      const result = checkConfig(file(f), env);
      expect(result.output, f).toMatch(/is valid/);
      expect(result.ok, f).toBe(true);
    }
  });

  it('a missing password stops the server, naming its variable', () => {
    const { NATS_WEBHOOKS_PASSWORD: _, ...env } = testPasswords();
    const result = checkConfig(file('nats.conf'), env);
    expect(result.ok).toBe(false);
    expect(result.output).toContain('NATS_WEBHOOKS_PASSWORD');
  });
});

describe('infra/nats/nats.conf', () => {
  it('has exactly one user per component, each with a password from the environment and permissions', () => {
    const users = [
      ...conf.matchAll(/\{\s*user:\s*(\w+),\s*password:\s*\$(\w+),\s*permissions:\s*\$(\w+)\s*\}/g),
    ];
    expect(users.map((u) => u[1]).sort()).toEqual([...NATS_USERS].sort());
    for (const [, user, password, permissions] of users) {
      expect(password).toBe(passwordVar(user ?? ''));
      expect(permissions).toBe(`${String(user).toUpperCase()}_PERMISSIONS`);
    }
    // no anonymous or default user, no token, no account without limits
    expect(conf).not.toMatch(/no_auth_user|^\s*token:|^\s*accounts\s*[:{]/m);
  });

  it.each(DEPLOYED_SERVICES.map((s) => [s.name] as const))(
    '%s publishes its own events, none of another service',
    (name) => {
      const { publish } = permissionsOf(name);
      expect(publish).toContain(`momentum.${name}.>`);
      for (const other of DEPLOYED_SERVICES.filter((s) => s.name !== name)) {
        expect(allows(publish, `momentum.${other.name}.anything.created`), other.name).toBe(false);
        expect(allows(publish, `$JS.API.STREAM.DELETE.MOMENTUM_${other.name.toUpperCase()}`)).toBe(
          false,
        );
        expect(allows(publish, `$JS.API.STREAM.PURGE.MOMENTUM_${other.name.toUpperCase()}`)).toBe(
          false,
        );
      }
      expect(allows(publish, `$JS.API.STREAM.DELETE.MOMENTUM_${name.toUpperCase()}`)).toBe(false);
      // one key-value bucket, its own nonces (made, looked at, written; never deleted or
      // purged), no wildcard over the JetStream API, no one's inbox
      const nonces = `momentum_nonces_${name}`;
      expect(publish.filter((p) => p.includes('KV'))).toEqual([
        `$JS.API.STREAM.INFO.KV_${nonces}`,
        `$JS.API.STREAM.CREATE.KV_${nonces}`,
        `$KV.${nonces}.>`,
      ]);
      for (const other of DEPLOYED_SERVICES.filter((s) => s.name !== name))
        expect(allows(publish, `$KV.momentum_nonces_${other.name}.n`), other.name).toBe(false);
      expect(publish.filter((p) => /^\$JS\.API\.(>|\*|[A-Z]+\.(>|\*))/.test(p))).toEqual([]);
      expect(publish.filter((p) => p.startsWith('_INBOX'))).toEqual([]);
    },
  );

  it.each([...NATS_USERS].map((u) => [u] as const))(
    '%s subscribes to its own inbox prefix only, never to every inbox or every subject',
    (user) => {
      const { subscribe } = permissionsOf(user);
      expect(subscribe).toContain(`_INBOX_${user}.>`);
      expect(subscribe.filter((s) => s.startsWith('_INBOX'))).toEqual([`_INBOX_${user}.>`]);
      for (const wide of ['>', 'momentum.>', '$JS.>', '$KV.>', '_INBOX.>'])
        expect(subscribe).not.toContain(wide);
    },
  );

  it('the gateway alone reaches the key-value buckets the code opens, and publishes no event', () => {
    const code = read('gateway/src/shared/state.ts');
    const window = /RATE_LIMIT_WINDOW_MS:[^\n]*default\(([\d_]+)\)/.exec(
      read('gateway/src/config.ts'),
    )?.[1];
    const buckets = [...code.matchAll(/openBucket\(nc, `\$\{prefix\}_(gateway_[\w${}.]+)`/g)].map(
      (m) =>
        `momentum_${m[1] ?? ''}`.replace(
          '${this.rate.windowMs}',
          String(Number(window?.replace(/_/g, ''))),
        ),
    );
    expect(buckets).toEqual(['momentum_gateway_idempotency', 'momentum_gateway_rate_60000']);
    const { publish } = permissionsOf('gateway');
    for (const bucket of buckets) {
      expect(allows(publish, `$KV.${bucket}.somekey`), bucket).toBe(true);
      for (const api of ['STREAM.INFO', 'STREAM.CREATE', 'STREAM.MSG.GET', 'DIRECT.GET'])
        expect(allows(publish, `$JS.API.${api}.KV_${bucket}`), `${api} ${bucket}`).toBe(true);
      for (const user of NATS_USERS.filter((u) => u !== 'gateway')) {
        const p = permissionsOf(user).publish;
        expect(allows(p, `$KV.${bucket}.somekey`), user).toBe(false);
        expect(allows(p, `$JS.API.DIRECT.GET.KV_${bucket}`), user).toBe(false);
        expect(allows(p, `$JS.API.STREAM.INFO.KV_${bucket}`), user).toBe(false);
      }
    }
    // Requests (project lookups for the live stream) are not events.
    expect(
      publish.filter((p) => p.startsWith('momentum.') && !p.startsWith('momentum.rpc.')),
    ).toEqual([]);
  });

  it('the gateway alone makes and reads the live stream', () => {
    const stream = 'MOMENTUM_LIVE';
    for (const subject of [
      `$JS.API.STREAM.CREATE.${stream}`,
      `$JS.API.CONSUMER.CREATE.${stream}.ordered_1`,
      `$JS.API.CONSUMER.MSG.NEXT.${stream}.ordered_1`,
      `$JS.API.CONSUMER.DELETE.${stream}.ordered_1`,
    ]) {
      expect(allows(permissionsOf('gateway').publish, subject), subject).toBe(true);
      for (const other of NATS_USERS.filter((u) => u !== 'gateway'))
        expect(allows(permissionsOf(other).publish, subject), `${other}: ${subject}`).toBe(false);
    }
  });

  it('every durable consumer in the code is its consumer’s alone: create, fetch, ack', () => {
    for (const s of DEPLOYED_SERVICES) {
      const code = sources(`services/${s.name}/src`).join('\n');
      const consumers = [...code.matchAll(/from:\s*'(\w+)',\s*durable:\s*'([\w-]+)'/g)];
      for (const [, from, durable] of consumers) {
        const stream = `MOMENTUM_${String(from).toUpperCase()}`;
        const subjects = [
          `$JS.API.CONSUMER.CREATE.${stream}.${durable}`,
          `$JS.API.CONSUMER.INFO.${stream}.${durable}`,
          `$JS.API.CONSUMER.MSG.NEXT.${stream}.${durable}`,
          `$JS.ACK.${stream}.${durable}.1.2.3.4.5`,
        ];
        for (const subject of subjects) {
          expect(allows(permissionsOf(s.name).publish, subject), `${s.name}: ${subject}`).toBe(
            true,
          );
          for (const other of NATS_USERS.filter((u) => u !== s.name))
            expect(allows(permissionsOf(other).publish, subject), `${other}: ${subject}`).toBe(
              false,
            );
        }
      }
    }
  });

  it('project lookups: projects answers, issues, webhooks and the gateway ask', () => {
    const subject = 'momentum.rpc.projects.project.lookup';
    expect(permissionsOf('projects').subscribe).toContain(subject);
    expect(permissionsOf('projects').responses).toBe(true);
    const askers = [...NATS_USERS].filter((u) => allows(permissionsOf(u).publish, subject));
    expect(askers.sort()).toEqual(['gateway', 'issues', 'webhooks']);
    const responders = [...NATS_USERS].filter((u) => permissionsOf(u).responses);
    expect(responders).toEqual(['projects']);
  });

  it('monitoring listens on the loopback (Compose); Kubernetes opens it for the kubelet’s probes', () => {
    expect(conf).toMatch(/^http:\s*127\.0\.0\.1:8222$/m);
    const cluster = read('infra/nats/cluster.conf');
    expect(cluster).toMatch(/^include \.\/nats\.conf$/m);
    expect(cluster).toMatch(/^http:\s*0\.0\.0\.0:8222$/m);
  });
});
