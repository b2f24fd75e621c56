import http from 'node:http';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { ResourceUpdatedNotificationSchema } from '@modelcontextprotocol/sdk/types.js';
import { cpuMs } from './cpu-usage.js';
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

/**
 * (b) STREAMS streams open on the one gateway, held by STREAM_HOLDERS teammates of the user
 * (so each stream is sent the team's issue events the mix makes): the gateway's settled RSS
 * before and after they open, per stream; and the mixed workload with them open ÷ with none,
 * measured none, open, none again (the ratio against the mean of both).
 */
async function manyStreams(stack: SeededStack, ids: MixedIds) {
  const holders = await teammates(stack, STREAM_HOLDERS, 'Stream holder');
  const gateway = 'gateway';
  step('14. live: the mixed workload with no stream open');
  await mixedWorkload(stack, ids, { durationS: 3 });
  const none = await mixedWorkload(stack, ids, { durationS: DURATION_S });
  const before = (await settledRss(stack))[gateway]!;
  await responsive(stack);
  step(`14. live: opening ${STREAMS} streams`);
  let received = 0;
  const streams: SseClient[] = [];
  for (let i = 0; i < STREAMS; i++)
    streams.push(openSse(stack.gatewayUrl, holders[i % holders.length]!.key, () => received++));
  const statuses = await Promise.all(streams.map((s) => s.opened));
  const refused = statuses.filter((s) => s !== 200).length;
  await sleep(2000);
  const after = (await settledRss(stack))[gateway]!;
  await responsive(stack);
  await mixedWorkload(stack, ids, { durationS: 3 });
  step(`14. live: the mixed workload with ${STREAMS} streams open`);
  const open = await mixedWorkload(stack, ids, { durationS: DURATION_S });
  const eventsRead = received;
  for (const s of streams) s.close();
  await sleep(2000);
  step('14. live: the mixed workload with none again');
  const noneAgain = await mixedWorkload(stack, ids, { durationS: DURATION_S });
  const base = (none.rps + noneAgain.rps) / 2;
  return {
    streams: STREAMS,
    refused,
    gatewayRssMiB: { before, after },
    perStreamKiB: round(((after - before) * 1024) / STREAMS, 1),
    rps: { none: none.rps, open: open.rps, noneAgain: noneAgain.rps },
    failed: {
      open: { non2xx: open.non2xx, errors: open.errors },
      noneAgain: { non2xx: noneAgain.non2xx, errors: noneAgain.errors },
    },
    p99: { none: none.p99, open: open.p99 },
    eventsDeliveredToStreams: eventsRead,
    ratio: round(open.rps / base),
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
