// `npm run bench`: one run of the stack on its own ports and databases, seeded, measured,
// printed as one table and written to bench/results.json. Sizes via BENCH_SCALING_SIZES (or
// BENCH_SMALL, BENCH_LARGE), BENCH_DURATION_S, BENCH_SAMPLES, BENCH_MEMORY_REQUESTS.
import { readFileSync, writeFileSync } from 'node:fs';
import { runLoad } from './load.js';
import {
  LISTS,
  grow,
  makeTemplates,
  measure,
  scalingFigure,
  scalingRatios,
  scalingSizes,
} from './scaling.js';
import { storedBytesLine } from './storage.js';
import { gatewayLine, gatewayRatio, mcpRatio, mixedWorkload } from './throughput.js';
import { rawFigures } from './raw.js';
import { overRaw, writeFigures, writeRatios } from './writes.js';
import { eventLag, rssGrowth, settledRss } from './vitals.js';
import { startSeededStack, type SeededStack } from './seeded-stack.js';
import { seedHabitAndIssue, tracingCost } from './tracing.js';
import { replicaFigures } from './replicas.js';
import { webhookFigures } from './webhooks.js';
import { forgedKeyFigures } from './forged-keys.js';
import { oauthFigures } from './oauth.js';
import { cpuFigures } from './cpu.js';
import { floorFigures, floorLine } from './floor.js';
import { liveFigures } from './live.js';
// @ts-expect-error plain ESM helpers shared with the npm scripts
import { componentNodeVersion } from '../scripts/lib/runtime.mjs';

// The full run measures the first and the last size; BENCH_ONLY=scaling measures every one.
const SIZES = scalingSizes();
const [SMALL, LARGE] = [SIZES[0]!, SIZES.at(-1)!];
const MEMORY_REQUESTS = Number(process.env.BENCH_MEMORY_REQUESTS ?? 100_000);
const WARM_UP_REQUESTS = Number(process.env.BENCH_WARM_UP_REQUESTS ?? 20_000);
const WARM_UP_MIXED_S = Number(process.env.BENCH_WARM_UP_MIXED_S ?? 20);
const WARM_UP_WRITES_S = Number(process.env.BENCH_WARM_UP_WRITES_S ?? 5);
const DURATION_S = Number(process.env.BENCH_DURATION_S ?? 10);
const step = (what: string) => process.stderr.write(`[bench] ${what}\n`);
step(
  `the components on Node ${componentNodeVersion()}, the load and the raw clients on ${process.version}`,
);

const BASE_PORT = Number(process.env.BENCH_BASE_PORT ?? 4200);
const RESULTS = new URL('./results.json', import.meta.url);

/** Figures measured on stacks of their own, after the main stack is gone, in this order. */
const separateFigures = {
  tracing: async () => printTracing(await tracingCost(BASE_PORT)),
  replicas: async () => printReplicas(await replicaFigures(BASE_PORT)),
  webhooks: async () => printWebhooks(await webhookFigures(BASE_PORT)),
  forged: async () => printForged(await forgedKeyFigures(BASE_PORT)),
  cpu: async () => printCpu(await cpuFigures(BASE_PORT, DURATION_S)),
  live: async () => printLive(await liveFigures(BASE_PORT)),
  oauth: async () => printOAuth(await oauthFigures(BASE_PORT)),
} as const;
type Separate = keyof typeof separateFigures;

/**
 * Figure 2 alone (`BENCH_ONLY=mixed`): the mixed workload on a stack of its own, after a
 * warm-up of the same mix (BENCH_WARM_UP_MIXED_S), with a small stack (no scaling seed). For
 * an A/B of a change to the services, run back to back on both.
 */
async function mixedAlone() {
  const stack = await startSeededStack(BASE_PORT);
  try {
    const seeded = await seedHabitAndIssue(stack);
    const todo = await stack.user.expect(201, 'POST', '/api/tasks', {
      type: 'todo',
      title: 'Mixed figure todo',
      difficulty: 'easy',
    });
    const ids = { taskId: todo.data.id as string, ...seeded };
    await mixedWorkload(stack, ids, { durationS: WARM_UP_MIXED_S });
    const mixed = await mixedWorkload(stack, ids);
    return { mixed };
  } finally {
    await stack.stop();
  }
}

/** What BENCH_ONLY may name: the separate figures, and figure 0's ratios alone. */
const aloneFigures = {
  ...separateFigures,
  mixed: async () => {
    const m = await mixedAlone();
    const x = m.mixed;
    console.log(
      `\n2. alone: mixed workload ${x.rps} rps, p50 ${x.p50} ms, p99 ${x.p99} ms, non-2xx ${x.non2xx}`,
    );
    return m;
  },
  scaling: async () => printScaling(await scalingFigure(BASE_PORT, SIZES)),
  writes: async () => printWrites(await writeRatios(BASE_PORT, DURATION_S)),
} as const;
type Alone = keyof typeof aloneFigures;

/** Runs one figure of its own and merges it into bench/results.json. */
async function runSeparate(name: Alone) {
  const figure = await aloneFigures[name]();
  let previous: Record<string, unknown> = {};
  try {
    previous = JSON.parse(readFileSync(RESULTS, 'utf8')) as Record<string, unknown>;
  } catch {
    /* no earlier run */
  }
  writeFileSync(RESULTS, `${JSON.stringify({ ...previous, [name]: figure }, null, 2)}\n`);
}

// BENCH_ONLY=tracing|replicas|webhooks|forged|cpu|live|oauth|writes|mixed runs that figure alone,
// merged into bench/results.json.
const only = process.env.BENCH_ONLY;
if (only) {
  if (!(only in aloneFigures))
    throw new Error(`BENCH_ONLY must be one of ${Object.keys(aloneFigures).join(', ')}`);
  await runSeparate(only as Alone);
  process.exit(0);
}

let results: Record<string, unknown> | undefined;
const stack = await startSeededStack(BASE_PORT);
try {
  step('seeding');
  const seeded = await seedHabitAndIssue(stack);
  const templates = await makeTemplates(stack);
  await grow(stack, templates, SMALL - 1, 0);
  const ids = { taskId: templates.todoId, ...seeded };

  // Warm-up long enough for the JIT and the heaps to settle, so the memory figure measures
  // growth, not start-up: every kind of request the figures send, the mix twice, then reads. A
  // path first used after the first reading counts its code, connections and caches as growth,
  // which is why the mix runs twice (some paths are first taken in the second). The MCP tool calls
  // are among them: the gateway keeps up to 64 built MCP servers for reuse, a pool that would
  // otherwise fill during the figure and read as growth. So are figure 1's GETs straight to
  // habits and through the bare proxy: each opens 16 connections of its own to habits. The
  // reads come last because the memory figure's last run is reads too, so both readings are
  // taken in the same state (right after a mixed run, services hold more than after reads).
  step('warm-up');
  await writeFigures(stack, WARM_UP_WRITES_S);
  await mcpRatio(stack, ids.taskId);
  await gatewayRatio(stack, ids.taskId);
  await measure(stack, templates, SMALL);
  await mixedWorkload(stack, ids, { durationS: WARM_UP_MIXED_S });
  await mixedWorkload(stack, ids, { durationS: WARM_UP_MIXED_S });
  await readLoad(stack, ids.taskId, WARM_UP_REQUESTS);
  const rssIdle = await settledRss(stack);

  step('0. raw engine operations, 16 clients');
  const raw = await rawFigures(stack, DURATION_S);
  step('1. gateway ÷ direct');
  const gateway = await gatewayRatio(stack, ids.taskId);
  step('7. writes: create a to-do, complete a habit');
  const writes = await writeFigures(stack, DURATION_S);
  step('13. the floor of each');
  const floor = await floorFigures(stack, raw, DURATION_S);
  step('4. MCP ÷ REST');
  const mcp = await mcpRatio(stack, ids.taskId);
  step(`3. scaling at ${SMALL}`);
  const small = await measure(stack, templates, SMALL);

  step('2 and 6. mixed workload with event lag');
  const mixedRun = mixedWorkload(stack, ids);
  const [mixed, lag] = await Promise.all([mixedRun, eventLag(stack, mixedRun)]);
  // The same mix at half the rate it saturated at: latency under a load the stack keeps up
  // with, where the run above shows the queues of a saturated one.
  step('2. mixed workload at half that rate');
  const paced = await mixedWorkload(stack, ids, { rate: Math.max(1, Math.floor(mixed.rps / 2)) });

  step('5. memory');
  const sent = [
    gateway.viaGateway,
    gateway.direct,
    gateway.bare,
    mcp.rest,
    mcp.mcp,
    mixed,
    paced,
    writes.createTodo,
    writes.completeHabit,
  ].reduce((n, r) => n + (r?.requests ?? 0), 0);
  // Ends as the warm-up ended — the mixed workload for as long, then as many reads — so the
  // two readings follow the same minute: a process idle through a longer run of reads (issues,
  // while GETs go to habits) had given memory back to the system and read up to 19% lower.
  const topUp = Math.max(MEMORY_REQUESTS - sent - WARM_UP_REQUESTS, 0);
  if (topUp > 0) await readLoad(stack, ids.taskId, topUp);
  const tail = await mixedWorkload(stack, ids, { durationS: WARM_UP_MIXED_S });
  await readLoad(stack, ids.taskId, WARM_UP_REQUESTS);
  const rssAfter = await settledRss(stack);

  step(`3. scaling at ${LARGE}`);
  await grow(stack, templates, LARGE - SMALL, SMALL);
  const large = await measure(stack, templates, LARGE);

  results = {
    at: new Date().toISOString(),
    raw,
    overRaw: overRaw(raw, gateway.viaGateway, writes),
    gatewayOverDirect: gateway,
    floor,
    mixed: { ...mixed, target: '≥ 174 rps (3 × 58), p99 ≤ 10 × p50' },
    mixedAtHalfRate: { ...paced, target: 'p99 ≤ 8 × p50' },
    scaling: { small, large, ratios: scalingRatios(small, large) },
    mcpOverRest: mcp,
    memory: {
      requests: sent + topUp + tail.requests + WARM_UP_REQUESTS,
      idleMiB: rssIdle,
      afterMiB: rssAfter,
      growthPercent: rssGrowth(rssIdle, rssAfter),
      target: 'within ±10%',
    },
    eventLagMs: lag,
  };
  writeFileSync(RESULTS, `${JSON.stringify(results, null, 2)}\n`);
  printTable(results);
} finally {
  await stack.stop();
}

// Figures 8 (tracing), 9 (replicas), 10 (webhooks), 11 (forged keys), 12 (CPU per request) and
// 14 (the live stream), each on stacks of its own.
for (const name of Object.keys(separateFigures) as Separate[]) {
  step(`${name} (stacks of its own)`);
  await runSeparate(name);
}

/** `amount` reads of one task through the gateway. */
function readLoad(stack: SeededStack, taskId: string, amount: number) {
  return runLoad({
    url: `${stack.gatewayUrl}/api/tasks/${taskId}`,
    headers: { authorization: `Bearer ${stack.user.key}` },
    amount,
  });
}

function printWrites(w: Awaited<ReturnType<typeof writeRatios>>) {
  const line = (name: string, x: typeof w.createTodo) =>
    `${name} ${x.ratio} (${x.rps} rps, p99 ${x.p99} ms, non-2xx ${x.non2xx}; target ${x.target})`;
  console.log(
    `\n0. alone: raw insertOne · findOneAndUpdate · 2×findOne ` +
      `${w.raw.insertOne.opsPerS} · ${w.raw.findOneAndUpdate.opsPerS} · ${w.raw.twoFindOnes.opsPerS} ops/s; ` +
      `${line('GET ÷ 2×findOne', w.getTask)}; ${line('create a to-do ÷ insertOne', w.createTodo)}; ` +
      line('complete a habit ÷ findOneAndUpdate', w.completeHabit),
  );
  console.log(`1. alone: gateway ÷ direct GET ${gatewayLine(w.gatewayOverDirect)}`);
  console.log(`13. alone: the floor: ${floorLine(w.floor, w)}`);
  return w;
}

function printScaling(s: Awaited<ReturnType<typeof scalingFigure>>) {
  const lists = LISTS;
  for (const p of s.points.slice(1, -1))
    console.log(`3. at ${p.documents}: ${lists.map((l) => `${l} ${p[`${l}P50`]}`).join(', ')}`);
  console.log(
    `\n3. first pages at ${s.small.documents} → ${s.large.documents} documents (p50 ms; ` +
      `GET /api/tasks/:id ${s.small.getTaskP50} → ${s.large.getTaskP50}): ` +
      lists
        .map(
          (l) =>
            `${l} ${s.small[`${l}P50`]} → ${s.large[`${l}P50`]} (×${s.ratios[l]!.ratio}, ` +
            `${s.ratios[l]!.overGet}× a GET)`,
        )
        .join('; ') +
      ' (targets: ×≤ 2, ≤ 3× a GET)',
  );
  console.log(
    `3. on disk at ${s.large.documents} documents, all included: ${storedBytesLine(s.large.stored)} (target: an issue ≤ 10 KB)`,
  );
  return s;
}

function printCpu(c: Awaited<ReturnType<typeof cpuFigures>>) {
  const names = Object.keys(c.idleMsPerS);
  const width = Math.max(...names.map((n) => n.length), 16);
  const figures = Object.entries(c.figures);
  const cell = (v: string) => v.padStart(17);
  console.log(`\n12. CPU ms per request by process (${c.engine} engine; 16 connections)`);
  console.log(`${''.padEnd(width)}${figures.map(([n]) => cell(n)).join('')}${cell('idle ms/s')}`);
  for (const name of names)
    console.log(
      `${name.padEnd(width)}${figures.map(([, f]) => cell(String(f.msPerRequest[name]))).join('')}` +
        cell(String(c.idleMsPerS[name])),
    );
  const row = (label: string, value: (f: (typeof figures)[number][1]) => string) =>
    console.log(`${label.padEnd(width)}${figures.map(([, f]) => cell(value(f))).join('')}`);
  row('sum', (f) => String(f.sumMs));
  row('engine share', (f) => String(f.engineShare));
  row('raw engine ms/op', (f) => (f.raw ? String(f.raw.engineMsPerOp) : '—'));
  row('raw operation', (f) => f.raw?.operation ?? '—');
  row('rps', (f) => String(f.rps));
  row('non-2xx', (f) => String(f.non2xx));
  console.log('write system calls per request');
  for (const name of names) row(name, (f) => String(f.writesPerRequest[name]));
  for (const [name, f] of figures)
    console.log(
      `${name}: engine commands per request ` +
        Object.entries(f.engineOps)
          .map(([op, o]) => `${op} ${o.perRequest} (${o.meanMs} ms)`)
          .join(', '),
    );
  if (c.profiles) console.log(`CPU profiles in ${c.profiles}`);
  return c;
}

function printWebhooks(w: Awaited<ReturnType<typeof webhookFigures>>) {
  const { underMixed: m, burst: b } = w;
  console.log(
    `\n10. webhooks: under the mixed workload (${m.mixedRps} rps) ${m.delivered} deliveries, ` +
      `event to delivery p50 ${m.latencyMs.p50} ms, p99 ${m.latencyMs.p99} ms, ${m.repeats} repeats; ` +
      `at half that rate (${w.atHalfRate.mixedRps} rps) p50 ${w.atHalfRate.latencyMs.p50} ms, ` +
      `p99 ${w.atHalfRate.latencyMs.p99} ms; ` +
      `burst of ${b.creates} creates × ${b.subscriptions} subscriptions: ${b.delivered}/${b.expected} ` +
      `delivered at ${b.deliveriesPerS}/s (asked for ${b.askedPerS}/s); ${w.limits}`,
  );
  return w;
}

function printLive(l: Awaited<ReturnType<typeof liveFigures>>) {
  const { latency: a, streams: s, fanout: f } = l;
  const lines: string[] = [];
  if (a)
    lines.push(
      `under the mixed workload (${a.mixedRps} rps) event to client on GET /api/events ` +
        `p50 ${a.sse.p50} ms, p99 ${a.sse.p99} ms (${a.sse.events} events); on an MCP subscription, ` +
        `write sent to resources/updated p50 ${a.mcp.p50} ms, p99 ${a.mcp.p99} ms (${a.mcp.samples} probes, ` +
        `${a.mcp.lost} lost; the write alone p50 ${a.mcp.writeP50} ms); at half that rate ` +
        `(${a.halfRate.mixedRps} rps) SSE p50 ${a.halfRate.sse.p50} ms, p99 ${a.halfRate.sse.p99} ms ` +
        `(${a.halfRate.sse.events} events), MCP p50 ${a.halfRate.mcp.p50} ms, p99 ${a.halfRate.mcp.p99} ms ` +
        `(${a.halfRate.mcp.samples} probes, ${a.halfRate.mcp.lost} lost); target ${a.target}`,
    );
  if (s) {
    const variant = (v: typeof s.allTeammates) =>
      `${v.rps} rps = ${v.ratio} (p99 ${v.p99} ms; ${v.refused} refused; ${v.delivered} events ` +
      `delivered to the streams; gateway ${v.gatewayCpuUsPerDelivery} µs CPU and ` +
      `${v.gatewayWritesPerDelivery} write calls per delivery; failed ${JSON.stringify(v.failed)})`;
    lines.push(
      `${s.streams} streams open on one gateway: gateway RSS ${s.gatewayRssMiB.before} → ` +
        `${s.gatewayRssMiB.after} MiB, ${s.perStreamKiB} KiB per stream; mixed workload with none ` +
        `${s.rps.none}/${s.rps.noneAgain} rps (p99 ${s.p99None} ms); all held by teammates ` +
        `${variant(s.allTeammates)}; ${s.teammates.holders} held by teammates and the rest by ` +
        `other teams ${variant(s.teammates)} (target ${s.target})`,
    );
  }
  if (f) {
    const fan = (x: typeof f.one) =>
      `${x.watchers} watcher(s): ${x.cpuMsPerEvent} ms CPU per event (${x.cpuMsPerNotification} per notification), ` +
      `all ${x.notifications} readable ${x.allReadableAfterMs} ms after the first of ${x.events} comments ` +
      `(sent in ${x.commentsSentInMs} ms)`;
    lines.push(
      `fan-out in notifications: ${fan(f.many)}; ${fan(f.one)}; CPU per event ratio ${f.cpuRatio}`,
    );
  }
  console.log(`\n14. live: ${lines.join('; ')}`);
  return l;
}

function printForged(f: Awaited<ReturnType<typeof forgedKeyFigures>>) {
  const line = (x: typeof f.alone) => `${x.rps} rps, p50 ${x.p50} ms, p99 ${x.p99} ms`;
  console.log(
    `\n11. forged keys: GET /api/me (${f.userConnections} connections) alone ${line(f.alone)}; ` +
      `under ${f.forgerConnections} connections of forged secrets for its key id ${line(f.underFlood)}; ` +
      `p99 ratio ${f.p99Ratio} (${f.target}: ${f.met ? 'met' : 'NOT met'}); ` +
      `forged requests ${f.forged.requests} by status ${JSON.stringify(f.forged.byStatus)}`,
  );
  return f;
}

function printOAuth(f: Awaited<ReturnType<typeof oauthFigures>>) {
  const line = (x: typeof f.key) => `${x.rps} rps, p50 ${x.p50} ms, p99 ${x.p99} ms`;
  console.log(
    `\n15. OAuth: a get_me tool call at /mcp with a key ${line(f.key)}; with an OAuth token ${line(f.oauth)}; ` +
      `ratio ${f.ratio} (${f.target}: ${f.met ? 'met' : 'NOT met'})`,
  );
  return f;
}

function printReplicas(r: Awaited<ReturnType<typeof replicaFigures>>) {
  const line = (x: typeof r.one) =>
    `${x.rps} rps, p50 ${x.p50} ms, p99 ${x.p99} ms, non-2xx ${x.non2xx}, counts ${x.countsExact ? 'exact' : 'NOT exact'}`;
  console.log(
    `\n9. mixed workload through every gateway: REPLICAS=1 ${line(r.one)}; ` +
      `REPLICAS=2 ${line(r.two)}; ratio ${r.ratio} (target ${r.target})`,
  );
  return r;
}

function printTracing(t: Awaited<ReturnType<typeof tracingCost>>) {
  console.log(
    `\n8. tracing: mixed workload exporting every span over OTLP ÷ without tracing: ` +
      `${t.withTracing.rps} ÷ ${t.without.rps} rps = ${t.ratio} (target ${t.target}); ` +
      `p99 ${t.withTracing.p99} vs ${t.without.p99} ms; ` +
      `${t.exported.requests} exports, ${Math.round(t.exported.bytes / 1024)} KiB`,
  );
  return t;
}

function printTable(r: any) {
  const rows: [string, string, string][] = [
    [
      '0. raw engine, 16 clients: insertOne · findOneAndUpdate · 2×findOne (ops/s)',
      `${r.raw.insertOne.opsPerS} · ${r.raw.findOneAndUpdate.opsPerS} · ${r.raw.twoFindOnes.opsPerS}`,
      '—',
    ],
    [
      '0. GET /api/tasks/:id via gateway ÷ 2×findOne',
      `${r.overRaw.getTask.ratio} (${r.gatewayOverDirect.viaGateway.rps} rps)`,
      r.overRaw.getTask.target,
    ],
    [
      '0. create a to-do via gateway ÷ insertOne',
      `${r.overRaw.createTodo.ratio} (${r.overRaw.createTodo.rps} rps, p99 ${r.overRaw.createTodo.p99} ms; non-2xx ${r.overRaw.createTodo.non2xx})`,
      r.overRaw.createTodo.target,
    ],
    [
      '0. complete a habit via gateway ÷ findOneAndUpdate',
      `${r.overRaw.completeHabit.ratio} (${r.overRaw.completeHabit.rps} rps, p99 ${r.overRaw.completeHabit.p99} ms; non-2xx ${r.overRaw.completeHabit.non2xx})`,
      r.overRaw.completeHabit.target,
    ],
    [
      '1. gateway ÷ direct GET /api/tasks/:id',
      gatewayLine(r.gatewayOverDirect),
      r.gatewayOverDirect.target,
    ],
    [
      '13. the floor: the least each request can be here, as a ratio to its raw operation',
      floorLine(r.floor, r.overRaw),
      '—',
    ],
    [
      '2. mixed: rps, p50, p99 (ms)',
      `${r.mixed.rps} rps, ${r.mixed.p50}, ${r.mixed.p99} (×${r.mixed.p99OverP50}); non-2xx ${r.mixed.non2xx}`,
      '≥ 174 rps, p99 ≤ 10 × p50',
    ],
    [
      '2. same mix at half that rate: rps, p50, p99',
      `${r.mixedAtHalfRate.rps} rps, ${r.mixedAtHalfRate.p50}, ${r.mixedAtHalfRate.p99} (×${r.mixedAtHalfRate.p99OverP50}); non-2xx ${r.mixedAtHalfRate.non2xx}`,
      r.mixedAtHalfRate.target,
    ],
    ...LISTS.map((l): [string, string, string] => [
      `3. ${l} first page p50 ${r.scaling.small.documents}→${r.scaling.large.documents} docs (ms)`,
      `${r.scaling.small[`${l}P50`]} → ${r.scaling.large[`${l}P50`]} (×${r.scaling.ratios[l].ratio}, ${r.scaling.ratios[l].overGet}× a GET)`,
      '×≤ 2, ≤ 3× a GET',
    ]),
    [
      `3. bytes on disk per stored document at ${r.scaling.large.documents}, all included`,
      storedBytesLine(r.scaling.large.stored),
      'an issue ≤ 10 KB',
    ],
    [
      '4. MCP get_task ÷ REST',
      r.mcpOverRest.ratio === null
        ? r.mcpOverRest.note
        : `${r.mcpOverRest.ratio} (${r.mcpOverRest.mcp.rps} / ${r.mcpOverRest.rest.rps} rps)`,
      '≥ 0.50',
    ],
    ...Object.keys(r.memory.idleMiB).map((name): [string, string, string] => [
      `5. RSS ${name} idle → after (MiB)`,
      `${r.memory.idleMiB[name]} → ${r.memory.afterMiB[name]} (${r.memory.growthPercent[name]}%)`,
      r.memory.target,
    ]),
    [
      '6. event lag p50 / p99 (ms)',
      `${r.eventLagMs.p50} / ${r.eventLagMs.p99} (${r.eventLagMs.samples} writes)`,
      '—',
    ],
  ];
  const width = Math.max(...rows.map((row) => row[0].length));
  console.log(`\n${'figure'.padEnd(width)}  measured  (target)`);
  for (const [name, value, target] of rows)
    console.log(`${name.padEnd(width)}  ${value}  (${target})`);
  console.log('\nwritten to bench/results.json');
}
