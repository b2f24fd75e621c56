import { readFileSync } from 'node:fs';
import { percentiles, round } from './load.js';
import type { SeededStack } from './seeded-stack.js';

/** Collections at most before a reading is taken as it is. */
const SETTLE_ROUNDS = 8;

/**
 * Resident set size of each process of the stack, in MiB, once full garbage collections stop
 * lowering it (SIGUSR2 to processes started with `--expose-gc`, see @momentum/http
 * lifecycle.ts; a second apart, until two readings agree within 1%). A reading without one
 * lands anywhere in a collection cycle (one process read 179 to 240 MiB at the same point of
 * a run), and one collection is not enough: after a load, habits read 215, 174, then 166 MiB
 * over three.
 */
export async function settledRss(stack: SeededStack): Promise<Record<string, number>> {
  let last: Record<string, number> | null = null;
  for (let round = 0; round < SETTLE_ROUNDS; round++) {
    for (const pid of Object.values(stack.pids)) process.kill(pid, 'SIGUSR2');
    await new Promise((r) => setTimeout(r, 1000));
    const now = rssByProcess(stack);
    const steady =
      last !== null &&
      Object.entries(now).every(([name, mib]) => Math.abs(mib - last![name]!) <= mib / 100);
    if (steady) return now;
    last = now;
  }
  return last!;
}

/** Resident set size of each process of the stack, in MiB, as it is now. */
export function rssByProcess(stack: SeededStack): Record<string, number> {
  return Object.fromEntries(
    Object.entries(stack.pids).map(([name, pid]) => {
      const status = readFileSync(`/proc/${pid}/status`, 'utf8');
      const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? NaN);
      return [name, round(kb / 1024, 1)];
    }),
  );
}

export function rssGrowth(idle: Record<string, number>, after: Record<string, number>) {
  return Object.fromEntries(
    Object.keys(idle).map((name) => [
      name,
      round(((after[name]! - idle[name]!) / idle[name]!) * 100, 1),
    ]),
  );
}

/**
 * Figure 6: from an issue write to the project's count showing it. Runs until `until`
 * resolves (the mixed load), one write at a time, polling the project every 5 ms.
 */
export async function eventLag(
  stack: SeededStack,
  until: Promise<unknown>,
): Promise<{ samples: number; p50: number; p99: number }> {
  const project = await stack.user.expect(201, 'POST', '/api/projects', {
    teamId: stack.teamId,
    name: 'Lag probe',
    key: 'LAG',
  });
  const projectId: string = project.data.id;
  let finished = false;
  void until.finally(() => (finished = true));
  const samples: number[] = [];
  for (let expected = 1; !finished; expected++) {
    await stack.user.expect(201, 'POST', '/api/tasks', { projectId, title: `Lag ${expected}` });
    const start = performance.now(); // from the acknowledged write
    for (;;) {
      const reply = await stack.user.expect(200, 'GET', `/api/projects/${projectId}`);
      if (reply.data._count.issues >= expected) break;
      if (performance.now() - start > 30_000)
        throw new Error('project count did not converge within 30 s');
      await new Promise((r) => setTimeout(r, 5));
    }
    samples.push(performance.now() - start);
  }
  return { samples: samples.length, ...percentiles(samples) };
}
