import { mkdirSync, mkdtempSync, readdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { cpuSnapshot, pidServing, writeSnapshot } from './cpu-usage.js';
import { round, runLoad, type LoadOptions } from './load.js';
import { rawFigures, type RawFigures } from './raw.js';
import { startSeededStack, type SeededStack } from './seeded-stack.js';
import { stopOnExit } from './on-exit.js';
// @ts-expect-error plain ESM helpers shared with the npm scripts
import { ensureMongo, startFerretDB, stopEngine } from '../scripts/lib/engines.mjs';

const HABITS = 64;
const ISSUES = 16;
const WARM_UP_S = Number(process.env.BENCH_CPU_WARM_UP_S ?? 3);
const IDLE_S = 5;

/** One request kind's CPU: each process's ms per request, their sum and the engine's part. */
export interface CpuFigure {
  requests: number;
  rps: number;
  non2xx: number;
  /** CPU ms per request of each process of the stack, the engine (`ferretdb`) among them. */
  msPerRequest: Record<string, number>;
  /** Write system calls per request of each process (NaN where /proc/<pid>/io is closed). */
  writesPerRequest: Record<string, number>;
  sumMs: number;
  engineShare: number;
  /** The raw driver operation it stands on: the engine's own CPU ms per operation. */
  raw: { operation: string; engineMsPerOp: number } | null;
  /**
   * Engine commands per request by `<service> <command> <collection>` (from each service's
   * engine_operation_duration_seconds), with their mean wall time in ms.
   */
  engineOps: Record<string, { perRequest: number; meanMs: number }>;
}

export interface CpuFigures {
  engine: 'private' | 'shared';
  raw: RawFigures;
  /** CPU ms a second each process spends while the stack serves nothing. */
  idleMsPerS: Record<string, number>;
  figures: Record<string, CpuFigure>;
  profiles: string | null;
}

/**
 * Figure 12 (`BENCH_ONLY=cpu`): the CPU each process of the stack (gateway, services, MCP
 * server, engine) spends per request, from /proc/<pid>/stat before and after a measured
 * window that follows a warm-up of the same requests at 16 connections, beside the engine's
 * own CPU per raw operation measured in the same run. The engine is one of its own
 * (FerretDB on basePort+99) so other processes' queries do not count; BENCH_CPU_ENGINE=shared
 * uses the one `npm run bench` would. BENCH_CPU_PROFILE=<dir> keeps a V8 CPU profile of
 * every Node process there (written when the stack stops; open in Chrome DevTools) and, with
 * the private engine, a Go CPU profile of the engine over each measured window
 * (`ferretdb.<request>.pprof`, served by its debug handler on basePort+98; read with
 * `go tool pprof -top <engine binary> <file>`).
 */
export async function cpuFigures(basePort: number, durationS: number): Promise<CpuFigures> {
  const profiles = process.env.BENCH_CPU_PROFILE
    ? path.resolve(process.env.BENCH_CPU_PROFILE)
    : null;
  if (profiles) mkdirSync(profiles, { recursive: true });
  const shared = process.env.BENCH_CPU_ENGINE === 'shared';
  const engineDir = shared ? null : mkdtempSync(path.join(tmpdir(), 'bench-cpu-engine-'));
  const enginePort = basePort + 99;
  const debugAddr = profiles && engineDir ? `127.0.0.1:${basePort + 98}` : undefined;
  const engine = engineDir
    ? await startFerretDB({ dir: engineDir, port: enginePort, debugAddr })
    : null;
  const stopOwnEngine = stopOnExit(async () => {
    await stopEngine(engine);
    if (engineDir) rmSync(engineDir, { recursive: true, force: true });
  });
  try {
    const mongoUrl: string = engine
      ? `mongodb://127.0.0.1:${enginePort}`
      : (await ensureMongo()).url;
    const enginePid = engine?.pid ?? pidServing(mongoUrl, 27017);
    if (!enginePid) throw new Error(`no process found listening for ${mongoUrl}`);
    const stack = await startSeededStack(basePort, profiles ? { CPU_PROFILE_DIR: profiles } : {}, {
      mongoUrl,
      withMcp: true,
    });
    try {
      // The NATS server every process publishes to and reads from, when it runs here: its
      // CPU per request is the stack's as much as the engine's is.
      const natsPid = pidServing(stack.natsUrl, 4222);
      const pids = {
        ...stack.pids,
        ferretdb: enginePid as number,
        ...(natsPid ? { 'nats-server': natsPid } : {}),
      };
      const loads = await scenarios(stack);
      // The JIT and the caches warm on reads first, then the stack is left alone a while.
      await runLoad({ ...loads.getTask, amount: 3000 });
      const idleMsPerS = await idleCpu(pids);
      const raw = await rawFigures(stack, durationS, enginePid);
      const rawOf = (operation: keyof RawFigures) => ({
        operation,
        engineMsPerOp: raw[operation].engineCpuMsPerOp ?? NaN,
      });
      const stands: Record<keyof typeof loads, CpuFigure['raw']> = {
        createTodo: rawOf('insertOne'),
        completeHabit: rawOf('findOneAndUpdate'),
        getTask: rawOf('twoFindOnes'),
        updateIssue: rawOf('findOneAndUpdate'),
        firstListPage: null,
      };
      const only = process.env.BENCH_CPU_ONLY?.split(',');
      const figures: Record<string, CpuFigure> = {};
      for (const name of Object.keys(loads) as (keyof typeof loads)[]) {
        if (only && !only.includes(name)) continue;
        const engineProfile =
          profiles && debugAddr
            ? {
                debugUrl: `http://${debugAddr}`,
                file: path.join(profiles, `ferretdb.${name}.pprof`),
              }
            : undefined;
        figures[name] = await measured(
          stack,
          pids,
          loads[name],
          durationS,
          stands[name],
          engineProfile,
        );
      }
      return { engine: shared ? 'shared' : 'private', raw, idleMsPerS, figures, profiles };
    } finally {
      await stack.stop();
      // Written on exit: named after their process from here on.
      if (profiles) nameProfiles(profiles, stack.pids);
    }
  } finally {
    await stopOwnEngine();
  }
}

/** The five request kinds, as autocannon loads through the gateway. */
async function scenarios(stack: SeededStack) {
  const auth = { authorization: `Bearer ${stack.user.key}` };
  const json = { ...auth, 'content-type': 'application/json' };
  const todo = await stack.user.expect(201, 'POST', '/api/tasks', {
    type: 'todo',
    title: 'CPU figure todo',
    difficulty: 'easy',
  });
  const habits: string[] = [];
  for (let i = 0; i < HABITS; i++) {
    const habit = await stack.user.expect(201, 'POST', '/api/tasks', {
      type: 'habit',
      title: `CPU figure habit ${i}`,
      difficulty: 'easy',
      isPositive: true,
    });
    habits.push(habit.data.id);
  }
  const issues: string[] = [];
  for (let i = 0; i < ISSUES; i++) {
    const issue = await stack.user.expect(201, 'POST', '/api/tasks', {
      projectId: stack.projectId,
      title: `CPU figure issue ${i}`,
    });
    issues.push(issue.data.id);
  }
  // Spread over many documents, as the raw figures spread theirs: one hot document would
  // measure contention instead.
  let nextHabit = 0;
  let nextIssue = 0;
  const statuses = ['in_progress', 'todo'];
  const loads = {
    createTodo: {
      url: `${stack.gatewayUrl}/api/tasks`,
      method: 'POST',
      headers: json,
      body: JSON.stringify({ type: 'todo', title: 'CPU figure todo', difficulty: 'easy' }),
    },
    completeHabit: {
      url: stack.gatewayUrl,
      headers: auth,
      requests: [
        {
          method: 'POST',
          setupRequest: (req) => ({
            ...req,
            path: `/api/tasks/${habits[nextHabit++ % HABITS]}/complete`,
          }),
        },
      ],
    },
    getTask: { url: `${stack.gatewayUrl}/api/tasks/${todo.data.id}`, headers: auth },
    updateIssue: {
      url: stack.gatewayUrl,
      headers: json,
      requests: [
        {
          method: 'PATCH',
          setupRequest: (req) => {
            const n = nextIssue++;
            return {
              ...req,
              path: `/api/tasks/${issues[n % ISSUES]}`,
              body: JSON.stringify({ status: statuses[Math.floor(n / ISSUES) % 2] }),
            };
          },
        },
      ],
    },
    // Its first page over the to-dos the first figure created (well over 20 by then).
    firstListPage: { url: `${stack.gatewayUrl}/api/tasks?limit=20`, headers: auth },
  } satisfies Record<string, LoadOptions>;
  return loads;
}

/** CPU per request of one load: a warm-up of it, then a measured window. */
async function measured(
  stack: SeededStack,
  pids: Record<string, number>,
  load: LoadOptions,
  durationS: number,
  raw: CpuFigure['raw'],
  engineProfile?: { debugUrl: string; file: string },
): Promise<CpuFigure> {
  await runLoad({ ...load, durationS: WARM_UP_S });
  const opsBefore = await engineOperations(stack);
  const before = cpuSnapshot(pids);
  const writesBefore = writeSnapshot(pids);
  const profiled = engineProfile && goProfile(engineProfile, durationS);
  const result = await runLoad({ ...load, durationS });
  const after = cpuSnapshot(pids);
  const writesAfter = writeSnapshot(pids);
  await profiled;
  const opsAfter = await engineOperations(stack);
  const n = Math.max(result.requests, 1);
  const engineOps: CpuFigure['engineOps'] = {};
  for (const [op, { count, seconds }] of Object.entries(opsAfter)) {
    const c = count - (opsBefore[op]?.count ?? 0);
    if (c <= 0) continue;
    const s = seconds - (opsBefore[op]?.seconds ?? 0);
    engineOps[op] = { perRequest: round(c / n), meanMs: round((s * 1000) / c) };
  }
  const msPerRequest = Object.fromEntries(
    Object.keys(pids).map((name) => [name, round((after[name]! - before[name]!) / n, 3)]),
  );
  const writesPerRequest = Object.fromEntries(
    Object.keys(pids).map((name) => [name, round((writesAfter[name]! - writesBefore[name]!) / n)]),
  );
  const sum = Object.values(msPerRequest).reduce((a, b) => a + b, 0);
  return {
    requests: result.requests,
    rps: result.rps,
    non2xx: result.non2xx,
    msPerRequest,
    writesPerRequest,
    sumMs: round(sum, 2),
    engineShare: round((msPerRequest.ferretdb ?? 0) / Math.max(sum, 0.001)),
    raw,
    engineOps,
  };
}

/**
 * The engine's Go CPU profile over the next `seconds` (its pprof handler answers when they
 * are over), written to `file`. A profile that cannot be taken is told, not fatal: the
 * figure stands without it.
 */
async function goProfile(
  { debugUrl, file }: { debugUrl: string; file: string },
  seconds: number,
): Promise<void> {
  try {
    const res = await fetch(
      `${debugUrl}/debug/pprof/profile?seconds=${Math.max(1, Math.round(seconds))}`,
    );
    if (!res.ok) throw new Error(`HTTP ${res.status}`);
    writeFileSync(file, Buffer.from(await res.arrayBuffer()));
  } catch (err) {
    console.error(`engine profile ${path.basename(file)} not taken: ${(err as Error).message}`);
  }
}

/** Every service's engine commands so far, by `<service> <command> <collection>`. */
async function engineOperations(
  stack: SeededStack,
): Promise<Record<string, { count: number; seconds: number }>> {
  const ops: Record<string, { count: number; seconds: number }> = {};
  for (const [service, url] of Object.entries(stack.serviceUrls)) {
    const text = await (await fetch(`${url}/metrics`)).text();
    const line = /^engine_operation_duration_seconds_(count|sum)\{([^}]*)\} (\S+)$/gm;
    for (const [, kind, labels, value] of text.matchAll(line)) {
      const label = (name: string) => new RegExp(`${name}="([^"]*)"`).exec(labels!)?.[1] ?? '';
      const op = `${service} ${label('operation')} ${label('collection')}`;
      ops[op] ??= { count: 0, seconds: 0 };
      if (kind === 'count') ops[op].count += Number(value);
      else ops[op].seconds += Number(value);
    }
  }
  return ops;
}

/** CPU ms a second of each process over IDLE_S seconds of no requests. */
async function idleCpu(pids: Record<string, number>): Promise<Record<string, number>> {
  const before = cpuSnapshot(pids);
  await new Promise((r) => setTimeout(r, IDLE_S * 1000));
  const after = cpuSnapshot(pids);
  return Object.fromEntries(
    Object.keys(pids).map((name) => [name, round((after[name]! - before[name]!) / IDLE_S, 1)]),
  );
}

/** `CPU.<date>.<time>.<pid>.<thread>.<seq>.cpuprofile` becomes `<process>.CPU.….cpuprofile`. */
function nameProfiles(dir: string, pids: Record<string, number>) {
  const names = new Map(Object.entries(pids).map(([name, pid]) => [String(pid), name]));
  for (const file of readdirSync(dir)) {
    const pid = /^CPU\.\d+\.\d+\.(\d+)\./.exec(file)?.[1];
    const name = pid && names.get(pid);
    if (name) renameSync(path.join(dir, file), path.join(dir, `${name}.${file}`));
  }
}
