import { IssueStatuses } from '@momentum/contracts';
import { round, type LoadResult } from './load.js';
import { mixedWorkload, type MixedIds } from './throughput.js';
import { seedMixed } from './tracing.js';
import { startSeededStack, type SeededStack } from './seeded-stack.js';

const DURATION_S = Number(process.env.BENCH_DURATION_S ?? 10);
const CONNECTIONS = 16;
const ROUNDS = Number(process.env.BENCH_REPLICAS_ROUNDS ?? 2);
const step = (what: string) => process.stderr.write(`[bench] ${what}\n`);

/**
 * The mixed workload spread over every gateway: 16 connections in all, split evenly, each
 * gateway's share run at once. Requests a second add up; p50 and p99 are the worst
 * gateway's (percentiles of two runs do not add).
 */
async function mixedAcross(stack: SeededStack, ids: MixedIds, durationS: number) {
  const runs = await Promise.all(
    stack.gatewayUrls.map((gatewayUrl) =>
      mixedWorkload({ ...stack, gatewayUrl }, ids, {
        durationS,
        connections: CONNECTIONS / stack.gatewayUrls.length,
      }),
    ),
  );
  const sum = (key: keyof LoadResult) => runs.reduce((n, r) => n + r[key], 0);
  const worst = (key: 'p50' | 'p99') => Math.max(...runs.map((r) => r[key]));
  return {
    requests: sum('requests'),
    rps: sum('rps'),
    p50: worst('p50'),
    p99: worst('p99'),
    non2xx: sum('non2xx'),
    errors: sum('errors'),
  };
}

/**
 * Correctness after the load: the project's counts (the projects read model, fed by the
 * issue events both issues replicas published) equal the issue list, status by status.
 */
async function countsExact(stack: SeededStack, timeoutMs = 30_000): Promise<boolean> {
  const start = Date.now();
  const total = async (query: string) =>
    (await stack.user.expect(200, 'GET', `/api/tasks?projectId=${stack.projectId}&limit=1${query}`))
      .meta.total as number;
  for (;;) {
    const project = await stack.user.expect(200, 'GET', `/api/projects/${stack.projectId}`);
    const counts = project.data._count as {
      issues: number;
      issuesByStatus: Record<string, number>;
    };
    const truth = await Promise.all(IssueStatuses.map((s) => total(`&status=${s}`)));
    const exact =
      counts.issues === (await total('')) &&
      IssueStatuses.every((s, i) => counts.issuesByStatus[s] === truth[i]);
    if (exact) return true;
    if (Date.now() - start > timeoutMs) return false;
    await new Promise((r) => setTimeout(r, 250));
  }
}

/** One fresh stack with `replicas`, warmed up, the mixed workload measured, counts checked. */
async function mixedWithReplicas(basePort: number, replicas: number) {
  const stack = await startSeededStack(basePort, {}, { replicas });
  try {
    const ids = await seedMixed(stack);
    await mixedAcross(stack, ids, 3); // warm-up: JIT, pools, caches
    const run = await mixedAcross(stack, ids, DURATION_S);
    return { ...run, countsExact: await countsExact(stack) };
  } finally {
    await stack.stop();
  }
}

type Run = Awaited<ReturnType<typeof mixedWithReplicas>>;

const summary = (runs: Run[]) => {
  const mean = (key: 'rps' | 'p50' | 'p99') =>
    round(runs.reduce((sum, r) => sum + r[key], 0) / runs.length);
  return {
    rps: mean('rps'),
    p50: mean('p50'),
    p99: mean('p99'),
    runs: runs.map((r) => r.rps),
    non2xx: runs.reduce((n, r) => n + r.non2xx + r.errors, 0),
    countsExact: runs.every((r) => r.countsExact),
  };
};

/**
 * Figure 9: the mixed workload on fresh stacks with `REPLICAS=1` and with `REPLICAS=2` (two
 * gateways, two processes of every service, one engine, one NATS), through every gateway,
 * alternated `BENCH_REPLICAS_ROUNDS` (2) times so drift in the machine falls on both sides;
 * after each run, whether the project counts are exact. On two cores twice the processes
 * share the same CPUs: the figure says what replicas cost here, not what they gain.
 */
export async function replicaFigures(basePort: number) {
  const one: Run[] = [];
  const two: Run[] = [];
  for (let i = 0; i < ROUNDS; i++) {
    for (const [replicas, runs] of [
      [1, one],
      [2, two],
    ] as const) {
      step(`9. mixed workload, round ${i + 1}/${ROUNDS}: REPLICAS=${replicas}`);
      runs.push(await mixedWithReplicas(basePort, replicas));
    }
  }
  const a = summary(one);
  const b = summary(two);
  return {
    one: a,
    two: b,
    ratio: round(b.rps / a.rps),
    target: 'REPLICAS=2 ÷ REPLICAS=1 ≥ 0.67, no non-2xx, counts exact',
  };
}
