import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

export const log = (msg) => process.stderr.write(`[momentum] ${msg}\n`);

export function which(cmd) {
  try {
    return execFileSync('sh', ['-c', `command -v ${cmd}`], { encoding: 'utf8' }).trim() || null;
  } catch {
    return null;
  }
}

/**
 * SIGTERM, then SIGKILL after `graceMs`; resolves once the process has exited (at once if
 * it already has, or if there is none).
 */
export async function stopProcess(child, graceMs = 10_000) {
  // A child ended by a signal has a null exitCode; it will not emit 'exit' again.
  if (!child || child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  const kill = setTimeout(() => child.kill('SIGKILL'), graceMs);
  await exited;
  clearTimeout(kill);
}
