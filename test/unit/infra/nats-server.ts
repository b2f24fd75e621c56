// A private nats-server for the infra tests, run on infra/nats/nats.conf with its own ports and
// store: the real permissions, checked by the real server (never the shared NATS on 4222).
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { connect } from 'nats';
import { ROOT } from './support.js';

export const NATS_SERVER = process.env.NATS_SERVER_BIN ?? '/usr/sbin/nats-server';
export const hasNatsServer = () => existsSync(NATS_SERVER);

/** Every NATS user of the deployment: the seven services and the gateway. */
export const NATS_USERS = [
  'identity',
  'habits',
  'projects',
  'issues',
  'agents',
  'webhooks',
  'notifications',
  'gateway',
] as const;
export type NatsUser = (typeof NATS_USERS)[number];
export const passwordVar = (user: string) => `NATS_${user.toUpperCase()}_PASSWORD`;

/** A password per user, as the deployment's environment gives them. */
export const testPasswords = (): Record<string, string> =>
  Object.fromEntries(
    NATS_USERS.map((u) => [passwordVar(u), `p${Math.random().toString(16).slice(2)}`]),
  );

/** `nats-server -t`: whether the file is valid, and what the server said (on stderr). */
export function checkConfig(file: string, env: Record<string, string>) {
  const result = spawnSync(NATS_SERVER, ['-t', '-c', file], {
    cwd: path.dirname(file),
    env: { PATH: process.env.PATH, ...env },
    encoding: 'utf8',
  });
  return { ok: result.status === 0, output: `${result.stdout}${result.stderr}` };
}

const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });

export interface RunningNats {
  port: number;
  passwords: Record<string, string>;
  url(user: string, password?: string): string;
  stop(): Promise<void>;
}

/**
 * nats-server on infra/nats/nats.conf (included as it is), with only the client port, the
 * monitoring port and the store directory changed.
 */
export async function startNats(): Promise<RunningNats> {
  const dir = mkdtempSync(path.join(tmpdir(), 'momentum-nats-'));
  const [port, http] = [await freePort(), await freePort()];
  // include takes a path relative to the including file
  symlinkSync(path.join(ROOT, 'infra/nats/nats.conf'), path.join(dir, 'nats.conf'));
  writeFileSync(
    path.join(dir, 'test.conf'),
    [
      'include ./nats.conf',
      `port: ${port}`,
      `http: 127.0.0.1:${http}`,
      `jetstream { store_dir: ${JSON.stringify(path.join(dir, 'data'))} }`,
    ].join('\n'),
  );
  const passwords = testPasswords();
  const child: ChildProcess = spawn(NATS_SERVER, ['-c', path.join(dir, 'test.conf')], {
    cwd: dir,
    env: { PATH: process.env.PATH, ...passwords },
    stdio: 'ignore',
  });
  const url = (user: string, password = passwords[passwordVar(user)] ?? '') =>
    `nats://${user}:${password}@127.0.0.1:${port}`;
  const deadline = Date.now() + 10_000;
  for (;;) {
    try {
      const nc = await connect({
        servers: `127.0.0.1:${port}`,
        user: 'habits',
        pass: passwords[passwordVar('habits')],
      });
      await nc.close();
      break;
    } catch (err) {
      if (Date.now() > deadline || child.exitCode !== null) {
        child.kill('SIGKILL');
        throw new Error(`nats-server did not start: ${String(err)}`);
      }
      await new Promise((r) => setTimeout(r, 100));
    }
  }
  return {
    port,
    passwords,
    url,
    async stop() {
      if (child.exitCode === null) {
        const exited = new Promise((r) => child.once('exit', r));
        child.kill('SIGTERM');
        await exited;
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
