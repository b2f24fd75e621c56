import { randomBytes } from 'node:crypto';
import autocannon from 'autocannon';
import { round, runLoad, type LoadResult } from './load.js';
import { startSeededStack } from './seeded-stack.js';

const DURATION_S = Number(process.env.BENCH_DURATION_S ?? 10);
/** The legitimate user's connections, and the forger's (the attack: 16). */
const USER_CONNECTIONS = Number(process.env.BENCH_FORGED_USER_CONNECTIONS ?? 4);
const FORGER_CONNECTIONS = Number(process.env.BENCH_FORGED_CONNECTIONS ?? 16);
const TARGET_RATIO = 3;
const step = (what: string) => process.stderr.write(`[bench] ${what}\n`);

const latency = (r: LoadResult) => ({ rps: r.rps, p50: r.p50, p99: r.p99, non2xx: r.non2xx });

/**
 * Figure 11: a flood of forged secrets for a real key id. A legitimate user's GET /api/me
 * (USER_CONNECTIONS connections) alone, then again while FORGER_CONNECTIONS connections
 * send that user's key id with a fresh random secret each (each one a bcrypt check unless
 * throttled). Target: the user's p99 under the flood within 3× its p99 alone. Both come from
 * one address, as in the issue; the forger's replies are counted by status.
 */
export async function forgedKeyFigures(basePort: number) {
  const stack = await startSeededStack(basePort);
  try {
    const url = `${stack.gatewayUrl}/api/me`;
    const headers = { authorization: `Bearer ${stack.user.key}` };
    const user = () =>
      runLoad({ url, headers, connections: USER_CONNECTIONS, durationS: DURATION_S });
    await runLoad({ url, headers, connections: USER_CONNECTIONS, durationS: 3 }); // warm-up
    step('forged keys: the user alone');
    const alone = await user();

    const keyId = stack.user.key.split('_')[1]!;
    const forged = () => `Bearer svc_${keyId}_${randomBytes(32).toString('base64url')}`;
    step(`forged keys: the user under ${FORGER_CONNECTIONS} connections of forged secrets`);
    const flood = autocannon({
      url,
      connections: FORGER_CONNECTIONS,
      duration: DURATION_S + 2,
      requests: [
        {
          setupRequest: (req) => ({
            ...req,
            headers: { ...req.headers, authorization: forged() },
          }),
        },
      ],
    });
    await new Promise((r) => setTimeout(r, 1000)); // the flood is under way
    const under = await user();
    const attack = await flood;
    const byStatus = Object.fromEntries(
      Object.entries(
        (attack as unknown as { statusCodeStats?: Record<string, { count: number }> })
          .statusCodeStats ?? {},
      ).map(([status, { count }]) => [status, count]),
    );
    return {
      userConnections: USER_CONNECTIONS,
      forgerConnections: FORGER_CONNECTIONS,
      alone: latency(alone),
      underFlood: latency(under),
      p99Ratio: round(under.p99 / Math.max(alone.p99, 1)),
      target: `p99 within ${TARGET_RATIO}× alone`,
      met: under.p99 <= TARGET_RATIO * Math.max(alone.p99, 1),
      forged: { requests: attack.requests.total, byStatus },
    };
  } finally {
    await stack.stop();
  }
}
