import http from 'node:http';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { ResourceUpdatedNotificationSchema } from '@modelcontextprotocol/sdk/types.js';
import { cpuMs, writeCalls } from './cpu-usage.js';
import { percentiles, round } from './load.js';
import { mixedWorkload, type MixedIds } from './throughput.js';
import { seedMixed } from './tracing.js';
import { settledRss } from './vitals.js';
import { startSeededStack, type SeededStack } from './seeded-stack.js';
import type { BenchClient } from './client.js';

const DURATION_S = Number(process.env.BENCH_DURATION_S ?? 10);
/** Streams held open on the one gateway for the memory and throughput figure. */
const STREAMS = Number(process.env.BENCH_LIVE_STREAMS ?? 1000);
/** The people holding them (each key may hold STREAMS / this on one gateway). */
const STREAM_HOLDERS = 10;
/** Watchers of the fan-out issue, and events (comments) sent to them. */
const WATCHERS = Number(process.env.BENCH_LIVE_WATCHERS ?? 50);
const FANOUT_EVENTS = Number(process.env.BENCH_LIVE_FANOUT_EVENTS ?? 100);
/** Which of the three parts to measure (BENCH_LIVE_PARTS, comma-separated; all by default). */
const PARTS = new Set(
  (process.env.BENCH_LIVE_PARTS ?? 'latency,streams,fanout').split(',').map((p) => p.trim()),
);
const step = (what: string) => process.stderr.write(`[bench] ${what}\n`);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** An open `GET /api/events`, read frame by frame on a connection of its own. */
interface SseClient {
  /** Resolves with the status once the headers came. */
  opened: Promise<number>;
  close(): void;
}

/** Opens `GET /api/events` with `key`; `onEvent` gets each event's data as it is read. */
function openSse(
  gatewayUrl: string,
  key: string,
  onEvent: (event: string | undefined, data: string) => void = () => undefined,
  query = '',
): SseClient {
  const url = new URL(`/api/events${query}`, gatewayUrl);
  let request: http.ClientRequest | null = null;
  const opened = new Promise<number>((resolve, reject) => {
    request = http.get(
      url,
      { headers: { authorization: `Bearer ${key}`, accept: 'text/event-stream' }, agent: false },
      (res) => {
        resolve(res.statusCode ?? 0);
        res.setEncoding('utf8');
        let buffered = '';
        res.on('data', (chunk: string) => {
          buffered += chunk;
          for (let end = buffered.indexOf('\n\n'); end >= 0; end = buffered.indexOf('\n\n')) {
            const block = buffered.slice(0, end);
            buffered = buffered.slice(end + 2);
            let event: string | undefined;
            let data: string | undefined;
            for (const line of block.split('\n')) {
              if (line.startsWith('event:')) event = line.slice(6).trim();
              else if (line.startsWith('data:'))
                data = (data === undefined ? '' : `${data}\n`) + line.slice(5).replace(/^ /, '');
            }
            if (data !== undefined) onEvent(event, data);
          }
        });
        res.on('error', () => undefined);
      },
    );
    request.on('error', reject);
  });
  return { opened, close: () => (request as http.ClientRequest | null)?.destroy() };
}

/**
 * An open `GET /api/events` that only counts the events it reads (`data:` lines in the raw
 * bytes), so that holding many streams costs the bench's process, which also runs the load,
 * as little as a reader can.
 */
function countSse(gatewayUrl: string, key: string, onEvent: () => void): SseClient {
  const marker = Buffer.from('\ndata:');
  let request: http.ClientRequest | null = null;
  const opened = new Promise<number>((resolve, reject) => {
    request = http.get(
      new URL('/api/events', gatewayUrl),
      { headers: { authorization: `Bearer ${key}`, accept: 'text/event-stream' }, agent: false },
      (res) => {
        resolve(res.statusCode ?? 0);
        let tail: Buffer = Buffer.alloc(0);
        res.on('data', (chunk: Buffer) => {
          const bytes = tail.length ? Buffer.concat([tail, chunk]) : chunk;
          for (let at = bytes.indexOf(marker); at >= 0; at = bytes.indexOf(marker, at + 1))
            onEvent();
          tail = bytes.subarray(Math.max(0, bytes.length - marker.length + 1));
        });
        res.on('error', () => undefined);
      },
    );
    request.on('error', reject);
  });
  return { opened, close: () => (request as http.ClientRequest | null)?.destroy() };
}

/**
 * Waits until the stack answers promptly again after settledRss: its rounds of full
 * collections (SIGUSR2) left processes unresponsive for up to 25 s on this loaded machine (a
 * GET /health of the gateway took 16 s right after), which a measured run would count.
 */
async function responsive(stack: SeededStack): Promise<void> {
  for (let i = 0; i < 60; i++) {
    const start = performance.now();
    await stack.user.call('GET', '/api/me');
    if (performance.now() - start < 200) return;
    await sleep(500);
  }
}

/** `n` people in the stack's team (made by the admin, added by the user), with their keys. */
async function teammates(stack: SeededStack, n: number, label: string): Promise<BenchClient[]> {
  const people: BenchClient[] = [];
  for (let i = 0; i < n; i++) {
    const made = await stack.admin.expect(201, 'POST', '/api/users', { name: `${label} ${i}` });
    await stack.user.expect(201, 'POST', `/api/teams/${stack.teamId}/members`, {
      userId: made.data.user.id,
    });
    people.push(stack.admin.as(made.data.apiKey));
  }
  return people;
}

/** `n` people outside the stack's team, each in a team of their own, with their keys. */
async function outsiders(stack: SeededStack, n: number, label: string): Promise<BenchClient[]> {
  const people: BenchClient[] = [];
  for (let i = 0; i < n; i++) {
    const made = await stack.admin.expect(201, 'POST', '/api/users', { name: `${label} ${i}` });
    const person = stack.admin.as(made.data.apiKey);
    await person.expect(201, 'POST', '/api/teams', {
      name: `${label} team ${i}`,
      key: `OT${String.fromCharCode(65 + (i % 26))}${String.fromCharCode(65 + Math.floor(i / 26))}`,
    });
    people.push(person);
  }
  return people;
}

/**
 * (a) Event-to-client latency under the mixed workload (saturated), on the SSE stream and on
 * an MCP subscription. SSE: every event the user's stream carries during the run, from the
 * event's `timestamp` (when it happened) to when the bench read it. MCP: a probe issue
 * subscribed to (`resources/subscribe momentum://tasks/{id}`) is changed one write at a time
 * and each `notifications/resources/updated` timed from when its write was sent to when it was
 * read (the notification names no time, so this includes the write up to its event; it often
 * comes before the write's own answer, whose latency is beside it). Then both again at half the
 * saturated rate. The bench's process runs the load too: its reading adds to both.
 */
async function latencyUnderMix(stack: SeededStack, ids: MixedIds) {
  const arrivals: number[] = [];
  let counting = false;
  const sse = openSse(stack.gatewayUrl, stack.user.key, (_event, data) => {
    if (!counting) return;
    const parsed = JSON.parse(data) as { timestamp?: string; createdAt?: string };
    const at = Date.parse(parsed.timestamp ?? parsed.createdAt ?? '');
    if (Number.isFinite(at)) arrivals.push(Date.now() - at);
  });
  if ((await sse.opened) !== 200) throw new Error('GET /api/events did not open');

  const probe = await stack.user.expect(201, 'POST', '/api/tasks', {
    projectId: stack.projectId,
    title: 'Live probe',
  });
  const uri = `momentum://tasks/${probe.data.id}`;
  let notified: ((at: number) => void) | null = null;
  const client = new Client({ name: 'bench', version: '1.0.0' });
  client.setNotificationHandler(ResourceUpdatedNotificationSchema, (n) => {
    if (n.params.uri === uri) notified?.(performance.now());
  });
  await client.connect(
    new StreamableHTTPClientTransport(new URL('/mcp', stack.gatewayUrl), {
      requestInit: { headers: { authorization: `Bearer ${stack.user.key}` } },
    }),
  );
  await client.subscribeResource({ uri });
  let title = 0;
  /** One probe write: ms from sending it to its notification, and the write's own ms. */
  const probeOnce = async (timeoutMs: number) => {
    // When the notification was read (it often comes before the write's own answer).
    const arrived = new Promise<number | null>((resolve) => {
      notified = resolve;
      setTimeout(() => resolve(null), timeoutMs);
    });
    const sent = performance.now();
    await stack.user.expect(200, 'PATCH', `/api/tasks/${probe.data.id}`, {
      title: `Live probe ${++title}`,
    });
    const written = performance.now() - sent;
    const at = await arrived;
    notified = null;
    return at === null ? null : { notifiedMs: at - sent, writeMs: written };
  };
  try {
    // The session's GET stream opens on its own time: probe until one arrives.
    for (let i = 0; i < 20 && !(await probeOnce(1500)); i++);
    /** SSE and MCP latencies while the mixed workload runs with `options`. */
    const during = async (options: { rate?: number }) => {
      arrivals.length = 0;
      counting = true;
      const mixRun = mixedWorkload(stack, ids, { durationS: DURATION_S, ...options });
      let running = true;
      void mixRun.finally(() => (running = false));
      const mcp: { notifiedMs: number; writeMs: number }[] = [];
      let lost = 0;
      while (running) {
        const sample = await probeOnce(10_000);
        if (sample) mcp.push(sample);
        else lost++;
        await sleep(50);
      }
      const mix = await mixRun;
      await sleep(1000);
      counting = false;
      return {
        mixedRps: mix.rps,
        sse: { events: arrivals.length, ...percentiles(arrivals) },
        mcp: {
          samples: mcp.length,
          lost,
          ...percentiles(mcp.map((s) => s.notifiedMs)),
          writeP50: percentiles(mcp.map((s) => s.writeMs)).p50,
        },
      };
    };
    step('14. live: latency under the mixed workload');
    const saturated = await during({});
    step('14. live: latency under the mixed workload at half that rate');
    const halfRate = await during({ rate: Math.max(1, Math.floor(saturated.mixedRps / 2)) });
    return { ...saturated, halfRate, target: 'p99 ≤ 250 ms' };
  } finally {
    await client.close();
    sse.close();
  }
}

/** The mixed workload, with the gateway's CPU ms and write calls while it ran. */
async function mixWithGateway(stack: SeededStack, ids: MixedIds) {
  const pid = stack.pids.gateway!;
  const [cpu0, writes0] = [cpuMs(pid), writeCalls(pid)];
  const mix = await mixedWorkload(stack, ids, { durationS: DURATION_S });
  return { ...mix, gatewayCpuMs: cpuMs(pid) - cpu0, gatewayWrites: writeCalls(pid) - writes0 };
}

/**
 * The mixed workload with a stream open for each of `holders` (a key once per stream it
 * holds): its throughput, and what the deliveries cost the gateway beyond the same requests
 * with no stream open (`none`, scaled to this run's rate), per event delivered to a stream.
 */
async function withStreams(
  stack: SeededStack,
  ids: MixedIds,
  holders: BenchClient[],
  none: Awaited<ReturnType<typeof mixWithGateway>>,
  label: string,
  rss: () => Promise<number | null>,
) {
  step(`14. live: opening ${holders.length} streams (${label})`);
  let received = 0;
  const streams = holders.map((h) => countSse(stack.gatewayUrl, h.key, () => received++));
  const statuses = await Promise.all(streams.map((s) => s.opened));
  const refused = statuses.filter((s) => s !== 200).length;
  await sleep(2000);
  const rssAfter = await rss();
  await responsive(stack);
  await mixedWorkload(stack, ids, { durationS: 3 });
  step(`14. live: the mixed workload with ${holders.length} streams open (${label})`);
  received = 0;
  const open = await mixWithGateway(stack, ids);
  const delivered = received;
  for (const s of streams) s.close();
  await sleep(2000);
  const scale = open.rps / none.rps;
  const perDelivery = (open: number, none: number) =>
    delivered ? round((open - none * scale) / delivered, 3) : null;
  return {
    refused,
    rssAfter,
    rps: open.rps,
    p99: open.p99,
    failed: { non2xx: open.non2xx, errors: open.errors },
    delivered,
    gatewayCpuUsPerDelivery: perDelivery(open.gatewayCpuMs * 1000, none.gatewayCpuMs * 1000),
    gatewayWritesPerDelivery: perDelivery(open.gatewayWrites, none.gatewayWrites),
  };
}

/**
 * (b) STREAMS streams open on the one gateway, twice: all held by STREAM_HOLDERS teammates
 * of the user (each of the team's events the mix makes is written to every stream: the worst
 * case), then one by each teammate and the rest by as many people of other teams (each event
 * is written to STREAM_HOLDERS streams, as a gateway serving many teams would). The gateway's
 * settled RSS before and after the first opens, per stream; the mixed workload with them open
 * ÷ with none, measured none, open, open, none again (each ratio against the mean of both
 * nones); the gateway's CPU and write calls per delivered event. The streams only count what
 * they read, in the bench's process.
 */
async function manyStreams(stack: SeededStack, ids: MixedIds) {
  const members = await teammates(stack, STREAM_HOLDERS, 'Stream holder');
  const others = await outsiders(stack, STREAM_HOLDERS, 'Outsider');
  const gateway = 'gateway';
  step('14. live: the mixed workload with no stream open');
  await mixedWorkload(stack, ids, { durationS: 3 });
  const none = await mixWithGateway(stack, ids);
  const before = (await settledRss(stack))[gateway]!;
  await responsive(stack);
  const everyStream = Array.from({ length: STREAMS }, (_, i) => members[i % members.length]!);
  const all = await withStreams(
    stack,
    ids,
    everyStream,
    none,
    'all teammates',
    async () => (await settledRss(stack))[gateway]!,
  );
  const fewStreams = [
    ...members,
    ...Array.from({ length: STREAMS - members.length }, (_, i) => others[i % others.length]!),
  ];
  const team = await withStreams(
    stack,
    ids,
    fewStreams,
    none,
    `${members.length} teammates`,
    async () => null,
  );
  step('14. live: the mixed workload with none again');
  const noneAgain = await mixWithGateway(stack, ids);
  const base = (none.rps + noneAgain.rps) / 2;
  const after = all.rssAfter!;
  return {
    streams: STREAMS,
    gatewayRssMiB: { before, after },
    perStreamKiB: round(((after - before) * 1024) / STREAMS, 1),
    rps: { none: none.rps, noneAgain: noneAgain.rps },
    p99None: none.p99,
    failedNoneAgain: { non2xx: noneAgain.non2xx, errors: noneAgain.errors },
    allTeammates: { ...all, ratio: round(all.rps / base) },
    teammates: { holders: members.length, ...team, ratio: round(team.rps / base) },
    target: '≥ 0.9',
  };
}

/**
 * (c) Fan-out: FANOUT_EVENTS comments on an issue WATCHERS people watch (each an
 * `issue.commented` notification to every watcher but the author), beside the same on an
 * issue one other person watches: the notifications service's CPU per event (from /proc),
 * and the time from the first comment sent to the last watcher's unread count showing all.
 */
async function fanOut(stack: SeededStack) {
  const people = await teammates(stack, WATCHERS, 'Watcher');
  const pid = stack.pids.notifications!;
  const run = async (watchers: BenchClient[]) => {
    const issue = await stack.user.expect(201, 'POST', '/api/tasks', {
      projectId: stack.projectId,
      title: `Fan-out to ${watchers.length}`,
    });
    for (const w of watchers) await w.expect(204, 'PUT', `/api/tasks/${issue.data.id}/watch`);
    const last = watchers.at(-1)!;
    const unread = async () =>
      (await last.expect(200, 'GET', '/api/notifications/unread-count')).data.count as number;
    const start = await unread();
    await sleep(1000);
    const cpuBefore = cpuMs(pid);
    const sent = performance.now();
    for (let i = 0; i < FANOUT_EVENTS; i++)
      await stack.user.expect(201, 'POST', `/api/tasks/${issue.data.id}/comments`, {
        body: `Fan-out ${i}`,
      });
    const sentMs = performance.now() - sent;
    for (let t = 0; (await unread()) - start < FANOUT_EVENTS && t < 1200; t++) await sleep(50);
    const doneMs = performance.now() - sent;
    const cpu = cpuMs(pid) - cpuBefore;
    return {
      watchers: watchers.length,
      events: FANOUT_EVENTS,
      notifications: FANOUT_EVENTS * watchers.length,
      cpuMsPerEvent: round(cpu / FANOUT_EVENTS),
      cpuMsPerNotification: round(cpu / (FANOUT_EVENTS * watchers.length), 3),
      allReadableAfterMs: round(doneMs, 0),
      commentsSentInMs: round(sentMs, 0),
    };
  };
  step(`14. live: fan-out, ${FANOUT_EVENTS} comments to 1 watcher`);
  const one = await run(people.slice(0, 1));
  step(`14. live: fan-out, ${FANOUT_EVENTS} comments to ${WATCHERS} watchers`);
  const many = await run(people);
  return { one, many, cpuRatio: round(many.cpuMsPerEvent / Math.max(one.cpuMsPerEvent, 0.001)) };
}

/**
 * Figure 14: the live stream and MCP subscriptions, on a stack of its own (one gateway): event
 * to client latency under the mixed workload; STREAMS open streams' memory and what they cost
 * the mixed workload; the notifications service's fan-out to WATCHERS watchers.
 */
export async function liveFigures(basePort: number) {
  const stack = await startSeededStack(basePort, {
    EVENTS_MAX_STREAMS_PER_KEY: String(Math.max(5, Math.ceil(STREAMS / STREAM_HOLDERS))),
  });
  try {
    const ids = await seedMixed(stack);
    step('14. live: warm-up');
    await mixedWorkload(stack, ids, { durationS: 5 });
    const latency = PARTS.has('latency') ? await latencyUnderMix(stack, ids) : null;
    const streams = PARTS.has('streams') ? await manyStreams(stack, ids) : null;
    const fanout = PARTS.has('fanout') ? await fanOut(stack) : null;
    return { latency, streams, fanout };
  } finally {
    await stack.stop();
  }
}
