import { spawn, type ChildProcessByStdio } from 'node:child_process';
import type { Readable, Writable } from 'node:stream';
import { once } from 'node:events';
import { fileURLToPath } from 'node:url';
import { stopOnExit } from './on-exit.js';
// @ts-expect-error plain ESM helpers shared with the npm scripts
import { componentNode } from '../scripts/lib/runtime.mjs';

export interface HelperProcess {
  child: ChildProcessByStdio<Writable, Readable, null>;
  /** The port it says on its first line of stdout once it listens. */
  port: Promise<number>;
  /** SIGTERM, then its exit. */
  stop: () => Promise<void>;
}

/**
 * One of the bench's helper scripts (bare-proxy.mjs, floor-service.mjs), started on the
 * components' Node with `env` added: each listens on a free port and says it on stdout.
 */
export function startHelper(script: string, env: Record<string, string>): HelperProcess {
  const child = spawn(componentNode(), [fileURLToPath(new URL(script, import.meta.url))], {
    env: { ...process.env, ...env },
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  const exited = once(child, 'exit');
  // A helper that died is reported by `port`; a write to it then must not throw.
  child.stdin.on('error', () => undefined);
  const port = new Promise<number>((resolve, reject) => {
    child.stdout.once('data', (line: Buffer) => resolve(Number(String(line).trim())));
    void exited.then(([code]) => reject(new Error(`${script} exited (${String(code)})`)));
  });
  port.catch(() => undefined);
  const stop = stopOnExit(async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
    await exited;
  });
  return { child, port, stop };
}
