import type { ChildProcess } from 'node:child_process';

export interface Exit {
  code: number | null;
  signal: NodeJS.Signals | null;
}

/** Resolves when the process has ended (at once if it already has). */
export function exited(child: ChildProcess): Promise<Exit> {
  if (child.exitCode !== null || child.signalCode !== null)
    return Promise.resolve({ code: child.exitCode, signal: child.signalCode });
  return new Promise((resolve) => child.once('exit', (code, signal) => resolve({ code, signal })));
}

/** Sends `signal` and waits for the exit; SIGKILL after `graceMs` so a hang cannot stall a run. */
export async function signalAndWait(
  child: ChildProcess,
  signal: NodeJS.Signals,
  graceMs = 20_000,
): Promise<Exit> {
  const done = exited(child);
  child.kill(signal);
  const force = setTimeout(() => child.kill('SIGKILL'), graceMs);
  try {
    return await done;
  } finally {
    clearTimeout(force);
  }
}

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
