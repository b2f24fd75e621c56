import { startHelper } from './helper-process.js';
import { runLoad, round, type LoadResult } from './load.js';
import { directHeaders, type SeededStack } from './seeded-stack.js';

const DURATION_S = Number(process.env.BENCH_DURATION_S ?? 10);

/**
 * Figure 1: GET /api/tasks/:id through the gateway ÷ straight to habits (signed actor), and
 * beside it the same GET through a bare proxy (bare-proxy.mjs: the hop alone, with headers the
 * bench signs): what any Node proxy costs on this machine, and so how much of the gap is the
 * gateway's own work (`gatewayOverBare`).
 */
export async function gatewayRatio(stack: SeededStack, taskId: string) {
  const path = `/api/tasks/${taskId}`;
  // A signature is taken once (its nonce): each request is signed as it goes out.
  const direct = await runLoad({
    url: `${stack.serviceUrls.habits}${path}`,
    requests: [
      {
        method: 'GET',
        path,
        setupRequest: (req) => ({ ...req, headers: directHeaders(stack, 'GET', path) }),
      },
    ],
    durationS: DURATION_S,
  });
  const viaGateway = await runLoad({
    url: `${stack.gatewayUrl}${path}`,
    headers: { authorization: `Bearer ${stack.user.key}` },
    durationS: DURATION_S,
  });
  const bare = await viaBareProxy(stack, path);
  return {
    viaGateway,
    direct,
    bare,
    ratio: round(viaGateway.rps / direct.rps),
    bareOverDirect: round(bare.rps / direct.rps),
    gatewayOverBare: round(viaGateway.rps / bare.rps),
    target: '≥ 0.85',
  };
}

/** Figure 1 as the table prints it. */
export const gatewayLine = (g: Awaited<ReturnType<typeof gatewayRatio>>) =>
  `${g.ratio} (${g.viaGateway.rps} / ${g.direct.rps} rps); a bare proxy ÷ direct ` +
  `${g.bareOverDirect} (${g.bare.rps} rps), gateway ÷ bare proxy ${g.gatewayOverBare}`;

/**
 * The bare proxy is handed signed headers in batches, one set per request it will forward (a
 * signature's nonce is taken once): `SIGNED_PER_BATCH` every
 * `RESIGN_MS`, more than the hop forwards here. Signing them costs the bench's process, not the
 * proxy's.
 */
const RESIGN_MS = 200;
const SIGNED_PER_BATCH = 1_000;

/** The GET through bare-proxy.mjs, started for the run on the components' Node. */
async function viaBareProxy(stack: SeededStack, path: string): Promise<LoadResult> {
  const proxy = startHelper('./bare-proxy.mjs', { BARE_PROXY_UPSTREAM: stack.serviceUrls.habits! });
  const sign = () =>
    proxy.child.stdin.write(
      `${JSON.stringify(Array.from({ length: SIGNED_PER_BATCH }, () => directHeaders(stack, 'GET', path)))}\n`,
    );
  sign();
  const resign = setInterval(sign, RESIGN_MS);
  try {
    const port = await proxy.port;
    const result = await runLoad({ url: `http://127.0.0.1:${port}${path}`, durationS: DURATION_S });
    // Refused answers are quick: counted as reads they would flatter the floor.
    if (result.non2xx > 0 || result.errors > 0)
      throw new Error(`the bare proxy had ${result.non2xx} non-2xx, ${result.errors} errors`);
    return result;
  } finally {
    clearInterval(resign);
    await proxy.stop();
  }
}

/** Figure 4: a get_task tool call on the gateway's /mcp ÷ the same REST read. */
export async function mcpRatio(stack: SeededStack, taskId: string) {
  const auth = { authorization: `Bearer ${stack.user.key}` };
  const rest = await runLoad({
    url: `${stack.gatewayUrl}/api/tasks/${taskId}`,
    headers: auth,
    durationS: DURATION_S,
  });
  const call = {
    jsonrpc: '2.0',
    id: 1,
    method: 'tools/call',
    params: { name: 'get_task', arguments: { id: taskId } },
  };
  const headers = {
    ...auth,
    'content-type': 'application/json',
    accept: 'application/json, text/event-stream',
  };
  const probe = await fetch(`${stack.gatewayUrl}/mcp`, {
    method: 'POST',
    headers,
    body: JSON.stringify(call),
  });
  const probeText = await probe.text();
  if (!probe.ok || probeText.includes('"isError":true')) {
    return {
      rest,
      mcp: null,
      ratio: null,
      target: '≥ 0.50',
      note: `get_task failed: ${probe.status} ${probeText.slice(0, 200)}`,
    };
  }
  const mcp = await runLoad({
    url: `${stack.gatewayUrl}/mcp`,
    method: 'POST',
    headers,
    body: JSON.stringify(call),
    durationS: DURATION_S,
  });
  return { rest, mcp, ratio: round(mcp.rps / rest.rps), target: '≥ 0.50' };
}

export interface MixedIds {
  taskId: string;
  habitId: string;
  issueId: string;
}

/**
 * Figure 2: 60% reads (task, issue with comments and activity, lists), 20% creates,
 * 20% completions and issue updates, through the gateway. autocannon cycles the list.
 */
export async function mixedWorkload(
  stack: SeededStack,
  ids: MixedIds,
  {
    durationS = DURATION_S,
    rate,
    connections,
  }: { durationS?: number; rate?: number; connections?: number } = {},
): Promise<LoadResult & { p99OverP50: number }> {
  const json = { 'content-type': 'application/json' };
  const statuses = ['todo', 'in_progress'];
  let flip = 0;
  const result = await runLoad({
    url: stack.gatewayUrl,
    headers: { authorization: `Bearer ${stack.user.key}` },
    durationS,
    ...(rate ? { overallRate: rate } : {}),
    ...(connections ? { connections } : {}),
    requests: [
      { method: 'GET', path: `/api/tasks/${ids.taskId}` },
      { method: 'GET', path: `/api/tasks/${ids.issueId}` },
      { method: 'GET', path: '/api/tasks?limit=20' },
      { method: 'GET', path: `/api/tasks?projectId=${stack.projectId}&limit=20` },
      { method: 'GET', path: `/api/projects/${stack.projectId}` },
      { method: 'GET', path: `/api/tasks/${ids.taskId}` },
      {
        method: 'POST',
        path: '/api/tasks',
        headers: json,
        body: JSON.stringify({ type: 'todo', title: 'Mixed todo', difficulty: 'easy' }),
      },
      {
        method: 'POST',
        path: '/api/tasks',
        headers: json,
        body: JSON.stringify({ projectId: stack.projectId, title: 'Mixed issue' }),
      },
      { method: 'POST', path: `/api/tasks/${ids.habitId}/complete` },
      {
        method: 'PATCH',
        path: `/api/tasks/${ids.issueId}`,
        headers: json,
        setupRequest: (req) => ({ ...req, body: JSON.stringify({ status: statuses[flip++ % 2] }) }),
      },
    ],
  });
  return { ...result, p99OverP50: round(result.p99 / Math.max(result.p50, 0.01)) };
}
