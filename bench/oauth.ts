import { round, runLoad, type LoadResult } from './load.js';
import { startSeededStack } from './seeded-stack.js';
import { REDIRECT_URI, consentByHttp, pkce } from '../gateway/test/support/oauth-client.js';

const DURATION_S = Number(process.env.BENCH_DURATION_S ?? 10);
const TARGET = 0.1;
const ROUNDS = Number(process.env.BENCH_OAUTH_ROUNDS ?? 3);
const step = (what: string) => process.stderr.write(`[bench] ${what}\n`);

const latency = (r: LoadResult) => ({ rps: r.rps, p50: r.p50, p99: r.p99, non2xx: r.non2xx });

/** An OAuth access token for the gateway's /mcp, by the consent forms (as a person allows). */
async function accessToken(gatewayUrl: string, key: string): Promise<string> {
  const registered = await fetch(`${gatewayUrl}/oauth/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ client_name: 'bench', redirect_uris: [REDIRECT_URI] }),
  });
  const { client_id } = (await registered.json()) as { client_id: string };
  const { verifier, challenge } = pkce();
  const url = new URL(`${gatewayUrl}/oauth/authorize`);
  for (const [k, v] of Object.entries({
    response_type: 'code',
    client_id,
    redirect_uri: REDIRECT_URI,
    code_challenge: challenge,
    code_challenge_method: 'S256',
    resource: `${gatewayUrl}/mcp`,
  }))
    url.searchParams.set(k, v);
  const back = await consentByHttp(url.toString(), key);
  const code = new URL(back.headers.get('location') ?? '').searchParams.get('code');
  if (!code) throw new Error(`no code: ${back.status}`);
  const res = await fetch(`${gatewayUrl}/oauth/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      grant_type: 'authorization_code',
      code,
      client_id,
      redirect_uri: REDIRECT_URI,
      code_verifier: verifier,
    }),
  });
  if (!res.ok) throw new Error(`token endpoint: ${res.status} ${await res.text()}`);
  return ((await res.json()) as { access_token: string }).access_token;
}

/**
 * Figure 12: a tool call (`get_me` at the gateway's /mcp, stateless JSON) with an OAuth access
 * token against the same call with the user's key, alternated on one stack after a warm-up of
 * each. Target: the token's throughput within 10% of the key's (a verified token costs what a
 * verified key does: one cache lookup by fingerprint).
 */
export async function oauthFigures(basePort: number) {
  const stack = await startSeededStack(basePort);
  try {
    const token = await accessToken(stack.gatewayUrl, stack.user.key);
    const call = JSON.stringify({
      jsonrpc: '2.0',
      id: 1,
      method: 'tools/call',
      params: { name: 'get_me', arguments: {} },
    });
    const load = (credential: string, durationS: number) =>
      runLoad({
        url: `${stack.gatewayUrl}/mcp`,
        method: 'POST',
        headers: {
          authorization: `Bearer ${credential}`,
          'content-type': 'application/json',
          accept: 'application/json, text/event-stream',
        },
        body: call,
        durationS,
      });
    await load(stack.user.key, 3);
    await load(token, 3);
    // Alternated, ROUNDS times each, the best of each kept: a shared machine's noise (another
    // process's burst) then hurts one round, not one side.
    const keyRuns: LoadResult[] = [];
    const tokenRuns: LoadResult[] = [];
    for (let i = 0; i < ROUNDS; i++) {
      step(`oauth: round ${i + 1}/${ROUNDS}, a tool call with a key, then with an OAuth token`);
      keyRuns.push(await load(stack.user.key, DURATION_S));
      tokenRuns.push(await load(token, DURATION_S));
    }
    const best = (runs: LoadResult[]) => runs.reduce((a, b) => (b.rps > a.rps ? b : a));
    const key = best(keyRuns);
    const oauth = best(tokenRuns);
    const ratio = round(oauth.rps / Math.max(key.rps, 1));
    return {
      key: latency(key),
      oauth: latency(oauth),
      ratio,
      rounds: ROUNDS,
      target: `token throughput within ${TARGET * 100}% of the key's`,
      met: ratio >= 1 - TARGET,
    };
  } finally {
    await stack.stop();
  }
}
