import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { LoadResult } from './load.js';
import { mixedWorkload, type MixedIds } from './throughput.js';
import { startSeededStack, type SeededStack } from './seeded-stack.js';

const DURATION_S = Number(process.env.BENCH_DURATION_S ?? 10);
const ROUNDS = Number(process.env.BENCH_TRACING_ROUNDS ?? 2);
const round = (n: number) => Math.round(n * 100) / 100;
const step = (what: string) => process.stderr.write(`[bench] ${what}\n`);

/** A local OTLP/HTTP receiver that accepts and counts what it is sent, as a collector would. */
async function otlpReceiver() {
  const seen = { requests: 0, bytes: 0 };
  const server = http.createServer((req, res) => {
    req.on('data', (chunk: Buffer) => (seen.bytes += chunk.length));
    req.on('end', () => {
      seen.requests++;
      // An empty ExportTraceServiceResponse (protobuf), i.e. everything accepted.
      res.writeHead(200, { 'content-type': 'application/x-protobuf' }).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    endpoint: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    seen,
    close: () => new Promise((resolve) => server.close(resolve)),
  };
}

/** What the mixed workload needs: a to-do, a habit and an issue with a comment. */
export async function seedMixed(stack: SeededStack): Promise<MixedIds> {
  const todo = await stack.user.expect(201, 'POST', '/api/tasks', {
    type: 'todo',
    title: 'Bench todo',
    difficulty: 'easy',
  });
  return { taskId: todo.data.id, ...(await seedHabitAndIssue(stack)) };
}

/** The mixed workload's habit, and its issue with a comment to read. */
export async function seedHabitAndIssue(stack: SeededStack): Promise<Omit<MixedIds, 'taskId'>> {
  const habit = await stack.user.expect(201, 'POST', '/api/tasks', {
    type: 'habit',
    title: 'Bench habit',
    difficulty: 'easy',
    isPositive: true,
  });
  const issue = await stack.user.expect(201, 'POST', '/api/tasks', {
    projectId: stack.projectId,
    title: 'Bench issue',
  });
  await stack.user.expect(201, 'POST', `/api/tasks/${issue.data.id}/comments`, {
    body: 'A comment to read',
  });
  return { habitId: habit.data.id, issueId: issue.data.id };
}

/** One fresh stack, warmed up, then the mixed workload measured. */
async function mixedOn(basePort: number, env: Record<string, string>): Promise<LoadResult> {
  const stack = await startSeededStack(basePort, env);
  try {
    const ids = await seedMixed(stack);
    await mixedWorkload(stack, ids, { durationS: 3 }); // warm-up: JIT, pools, caches
    return await mixedWorkload(stack, ids, { durationS: DURATION_S });
  } finally {
    await stack.stop();
  }
}

const mean = (runs: LoadResult[], key: 'rps' | 'p50' | 'p99') =>
  round(runs.reduce((sum, r) => sum + r[key], 0) / runs.length);

/**
 * Figure 8: the cost of tracing. The mixed workload on a stack exporting every span over OTLP
 * (http/protobuf, the default; batched as the SDK batches by default) to a local receiver,
 * against the same stack with the SDK off (`OTEL_SDK_DISABLED=true`: no span made at all).
 * Fresh stacks, alternated (without, with, without, with…) so drift in the
 * machine falls on both sides; the figures are the rounds' means.
 */
export async function tracingCost(basePort: number) {
  const receiver = await otlpReceiver();
  const without: LoadResult[] = [];
  const withTracing: LoadResult[] = [];
  try {
    for (let i = 0; i < ROUNDS; i++) {
      step(`8. tracing cost, round ${i + 1}/${ROUNDS}: without tracing`);
      without.push(await mixedOn(basePort, { OTEL_SDK_DISABLED: 'true' }));
      step(`8. tracing cost, round ${i + 1}/${ROUNDS}: exporting to a local OTLP receiver`);
      withTracing.push(
        await mixedOn(basePort, {
          OTEL_EXPORTER_OTLP_ENDPOINT: receiver.endpoint,
          OTEL_EXPORTER_OTLP_PROTOCOL: 'http/protobuf',
        }),
      );
    }
  } finally {
    await receiver.close();
  }
  const summary = (runs: LoadResult[]) => ({
    rps: mean(runs, 'rps'),
    p50: mean(runs, 'p50'),
    p99: mean(runs, 'p99'),
    runs: runs.map((r) => r.rps),
    non2xx: runs.reduce((n, r) => n + r.non2xx, 0),
  });
  const off = summary(without);
  const on = summary(withTracing);
  return {
    without: off,
    withTracing: on,
    ratio: round(on.rps / off.rps),
    exported: { requests: receiver.seen.requests, bytes: receiver.seen.bytes },
    target: '≥ 0.85',
  };
}
