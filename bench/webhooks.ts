import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { percentiles, round, runLoad } from './load.js';
import { mixedWorkload } from './throughput.js';
import { seedMixed } from './tracing.js';
import { startSeededStack, type SeededStack } from './seeded-stack.js';

const DURATION_S = Number(process.env.BENCH_DURATION_S ?? 10);
/** Subscriptions to every event of the user for the burst: deliveries = events × this. */
const BURST_SUBSCRIPTIONS = Number(process.env.BENCH_WEBHOOK_SUBSCRIPTIONS ?? 16);
const BURST_CREATES = Number(process.env.BENCH_WEBHOOK_CREATES ?? 500);
const step = (what: string) => process.stderr.write(`[bench] ${what}\n`);

interface Arrival {
  /** When the receiver got the POST (epoch ms). */
  at: number;
  /** When the event happened: the payload's `timestamp`. */
  occurredAt: number;
  id: string;
}

/** A fast local receiver: answers 204 at once and notes when each delivery arrived. */
async function fastReceiver() {
  const arrivals: Arrival[] = [];
  const server = http.createServer((req, res) => {
    let body = '';
    req.setEncoding('utf8');
    req.on('data', (chunk: string) => (body += chunk));
    req.on('end', () => {
      const at = Date.now();
      const { timestamp } = JSON.parse(body) as { timestamp: string };
      arrivals.push({
        at,
        occurredAt: Date.parse(timestamp),
        id: String(req.headers['webhook-id']),
      });
      res.writeHead(204).end();
    });
  });
  server.keepAliveTimeout = 60_000;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`,
    arrivals,
    close: () => new Promise((resolve) => server.close(resolve)),
  };
}

/** Waits until no delivery has arrived for `quietMs` (or `maxMs` passed); the count then. */
async function settled(arrivals: Arrival[], quietMs = 2000, maxMs = 120_000): Promise<number> {
  const start = Date.now();
  let seen = -1;
  let since = Date.now();
  while (Date.now() - start < maxMs) {
    if (arrivals.length !== seen) {
      seen = arrivals.length;
      since = Date.now();
    } else if (Date.now() - since >= quietMs) break;
    await new Promise((r) => setTimeout(r, 100));
  }
  return arrivals.length;
}

async function subscribe(stack: SeededStack, url: string, teamId?: string) {
  await stack.user.expect(201, 'POST', '/api/webhooks', {
    url,
    events: ['*'],
    ...(teamId ? { teamId } : {}),
  });
}

/**
 * Figure 10: webhooks. (a) Event-to-delivery latency — from the event's `occurredAt` to the
 * receiver's arrival — of every event of the user and of the team, under the mixed workload.
 * (b) Deliveries a second to a fast local receiver: a burst of to-do creates with
 * BURST_SUBSCRIPTIONS subscriptions to the user's events, so deliveries are asked for faster
 * than they can be made; the rate is deliveries over the time from the first to the last.
 * The per-subscription limits (politeness towards one receiver, 10 a second by default) are
 * raised for the run: they would otherwise be what is measured.
 */
export async function webhookFigures(basePort: number) {
  const receiver = await fastReceiver();
  const stack = await startSeededStack(basePort, {
    WEBHOOKS_SUBSCRIPTION_RATE_PER_SECOND: '100000',
    WEBHOOKS_SUBSCRIPTION_CONCURRENCY: '64',
  });
  try {
    const ids = await seedMixed(stack);
    await subscribe(stack, receiver.url);
    await subscribe(stack, receiver.url, stack.teamId);

    step('10. webhooks: warm-up');
    await mixedWorkload(stack, ids, { durationS: 3 });
    await settled(receiver.arrivals);
    receiver.arrivals.length = 0;

    step('10. webhooks: latency under the mixed workload');
    const mixed = await mixedWorkload(stack, ids, { durationS: DURATION_S });
    const delivered = await settled(receiver.arrivals);
    const latency = percentiles(receiver.arrivals.map((a) => a.at - a.occurredAt));
    const repeats = delivered - new Set(receiver.arrivals.map((a) => a.id)).size;
    receiver.arrivals.length = 0;

    step('10. webhooks: latency under the mixed workload at half that rate');
    const paced = await mixedWorkload(stack, ids, {
      durationS: DURATION_S,
      rate: Math.max(1, Math.floor(mixed.rps / 2)),
    });
    const pacedDelivered = await settled(receiver.arrivals);
    const pacedLatency = percentiles(receiver.arrivals.map((a) => a.at - a.occurredAt));
    receiver.arrivals.length = 0;

    step(`10. webhooks: ${BURST_CREATES} creates × ${BURST_SUBSCRIPTIONS} subscriptions`);
    // One personal subscription exists; the team's sees none of these personal to-dos.
    for (let i = 1; i < BURST_SUBSCRIPTIONS; i++) await subscribe(stack, receiver.url);
    const burstStart = Date.now();
    const creates = await runLoad({
      url: `${stack.gatewayUrl}/api/tasks`,
      method: 'POST',
      headers: { authorization: `Bearer ${stack.user.key}`, 'content-type': 'application/json' },
      body: JSON.stringify({ type: 'todo', title: 'Burst todo', difficulty: 'easy' }),
      amount: BURST_CREATES,
    });
    const createsS = (Date.now() - burstStart) / 1000;
    const burstDelivered = await settled(receiver.arrivals);
    const times = receiver.arrivals.map((a) => a.at);
    const spanS = (Math.max(...times) - Math.min(...times)) / 1000;
    return {
      underMixed: {
        mixedRps: mixed.rps,
        delivered,
        latencyMs: latency,
        repeats,
      },
      atHalfRate: { mixedRps: paced.rps, delivered: pacedDelivered, latencyMs: pacedLatency },
      burst: {
        subscriptions: BURST_SUBSCRIPTIONS,
        creates: creates.requests,
        createsNon2xx: creates.non2xx,
        askedPerS: round((creates.requests * BURST_SUBSCRIPTIONS) / createsS, 0),
        expected: creates.requests * BURST_SUBSCRIPTIONS,
        delivered: burstDelivered,
        deliveriesPerS: round(burstDelivered / Math.max(spanS, 0.001), 0),
      },
      limits: 'per-subscription rate and concurrency raised for the run',
    };
  } finally {
    await stack.stop();
    await receiver.close();
  }
}
