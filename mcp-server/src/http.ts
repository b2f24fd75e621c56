import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { nameServerSpan, tracedServerFactory } from '@momentum/telemetry/tracing';
import {
  McpSessions,
  handleMcpHttpRequest,
  originPolicy,
  refuseForeignOrigin,
  sendJsonRpcError,
} from '@momentum/mcp-tools';
import { allowedOrigins, type Config } from './config.js';
import type { Logger } from './log.js';
import { httpApiClient } from './http-client.js';
import { httpLiveSource } from './live-events.js';
import { clientAddressOf } from './client-address.js';
import { keyRefusal, opensSession } from './key-check.js';
import { standaloneOptions } from './server.js';
import { gatewayAnswers } from './readiness.js';
import { Histogram, collectDefaultMetrics, register } from 'prom-client';
import { SCOPES } from '@momentum/contracts';
import {
  ACCESS_TOKEN_PREFIX,
  TokenExchanger,
  metadataUrlOf,
  oauthOn,
  protectedResourceMetadata,
} from './oauth.js';

const BODY_LIMIT = 1024 * 1024;

function sendJson(
  res: ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
): void {
  res.writeHead(status, { 'content-type': 'application/json', ...headers });
  res.end(JSON.stringify(body));
}

const CHALLENGE = 'Bearer realm="momentum"';

/**
 * A 401 names the Bearer scheme (RFC 6750), as the gateway's do, and when a key was sent
 * and refused says `invalid_token` with the reason: a client then reports a bad key instead
 * of starting an OAuth flow this server does not offer.
 */
function unauthorized(
  res: ServerResponse,
  body: unknown,
  refusedKey: boolean,
  metadataUrl?: string,
): void {
  const message = (body as { error?: { message?: unknown } }).error?.message;
  const reason = typeof message === 'string' ? message.replace(/["\\]/g, '') : 'Invalid API key';
  // With OAuth on, every 401 names this resource's metadata (RFC 9728 §5.1).
  const base = metadataUrl ? `${CHALLENGE}, resource_metadata="${metadataUrl}"` : CHALLENGE;
  const challenge = refusedKey
    ? `${base}, error="invalid_token", error_description="${reason}"`
    : base;
  sendJson(res, 401, body, { 'www-authenticate': challenge });
}

/** The request body parsed as JSON; null when it is too large or not JSON (answered already). */
async function readJson(
  req: IncomingMessage,
  res: ServerResponse,
): Promise<{ body: unknown } | null> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > BODY_LIMIT) {
      sendJsonRpcError(res, 413, `Request body is larger than ${BODY_LIMIT} bytes`);
      return null;
    }
    chunks.push(chunk);
  }
  try {
    return { body: JSON.parse(Buffer.concat(chunks).toString('utf8')) as unknown };
  } catch {
    sendJsonRpcError(res, 400, 'Parse error: the body is not JSON', { code: -32700 });
    return null;
  }
}

/** Prometheus metrics of the HTTP mode (`GET /metrics`): process defaults and request durations. */
function startMetrics(): Histogram<'path' | 'method' | 'status_code'> {
  const made = register.getSingleMetric('http_request_duration_seconds');
  if (made) return made as Histogram<'path' | 'method' | 'status_code'>;
  register.setDefaultLabels({ service: 'mcp-server' });
  // Sampling the event-loop lag every 100 ms, not prom-client's 10: an idle process stays
  // asleep (as @momentum/telemetry's EVENT_LOOP_SAMPLE_MS, whose metrics this process does not
  // load).
  collectDefaultMetrics({ register, eventLoopMonitoringPrecision: 100 });
  return new Histogram({
    name: 'http_request_duration_seconds',
    help: 'HTTP requests answered, by path (/mcp, /health, /ready, other), method and status code',
    labelNames: ['path', 'method', 'status_code'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
  });
}

const ROUTES = new Set(['/mcp', '/health', '/ready', '/metrics']);

async function sendMetrics(res: ServerResponse): Promise<void> {
  res.writeHead(200, { 'content-type': register.contentType });
  res.end(await register.metrics());
}

/**
 * /metrics on METRICS_PORT, apart from the MCP endpoint (a deployment admits its Prometheus
 * to that port alone). A port taken: a warning, and the MCP endpoint is served anyway.
 */
async function serveMetricsPort(config: Config, log: Logger): Promise<Server | undefined> {
  const server = createServer((req, res) => {
    if (req.method === 'GET' && (req.url ?? '').split('?')[0] === '/metrics')
      return void sendMetrics(res).catch(() => res.writeHead(500).end());
    res.writeHead(404, { 'content-type': 'text/plain' }).end('not found\n');
  });
  try {
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(config.METRICS_PORT, config.HOST, () => resolve());
    });
    return server;
  } catch (err) {
    log.warn(
      { err: (err as Error).message, port: config.METRICS_PORT },
      'metrics port unavailable',
    );
    return undefined;
  }
}

const METADATA_PATHS = new Set([
  '/.well-known/oauth-protected-resource',
  '/.well-known/oauth-protected-resource/mcp',
]);

async function handle(
  config: Config,
  sessions: McpSessions,
  originAllowed: (origin: string) => boolean,
  exchanger: TokenExchanger | null,
  req: IncomingMessage,
  res: ServerResponse,
): Promise<void> {
  const path = (req.url ?? '/').split('?')[0] ?? '/';
  if (ROUTES.has(path)) nameServerSpan(req, path);
  if (exchanger && METADATA_PATHS.has(path) && req.method === 'GET')
    return sendJson(res, 200, protectedResourceMetadata(config, SCOPES), {
      'access-control-allow-origin': '*',
    });
  const metadataUrl = exchanger ? metadataUrlOf(config) : undefined;
  if (path === '/health' && req.method === 'GET') return sendJson(res, 200, { status: 'ok' });
  if (path === '/ready' && req.method === 'GET')
    return (await gatewayAnswers(config.SVC_BASE_URL))
      ? sendJson(res, 200, { status: 'ready' })
      : sendJson(res, 503, { status: 'unavailable', reason: 'the gateway does not answer' });
  if (path === '/metrics' && req.method === 'GET' && config.METRICS_PORT === 0)
    return sendMetrics(res);
  if (path !== '/mcp')
    return sendJson(res, 404, {
      error: { code: 'NOT_FOUND', message: `No route ${req.method} ${path}` },
    });
  // DNS-rebinding protection, before anything else: a foreign page learns nothing.
  if (refuseForeignOrigin(req, res, originAllowed)) return;
  const authorization = req.headers.authorization;
  if (!authorization || !/^Bearer\s+\S+$/i.test(authorization.trim())) {
    const message = 'Missing API key: send Authorization: Bearer svc_…';
    return unauthorized(res, { error: { code: 'UNAUTHORIZED', message } }, false, metadataUrl);
  }
  // An OAuth token for this server is never sent on: the gateway gets one meant for it.
  const token = authorization.trim().split(/\s+/)[1] ?? '';
  let upstream = authorization;
  if (exchanger && token.startsWith(ACCESS_TOKEN_PREFIX)) {
    const exchanged = await exchanger.gatewayAuthorization(token);
    if (!exchanged) {
      const message = 'Invalid, expired or revoked access token, or one for another resource';
      return unauthorized(res, { error: { code: 'UNAUTHORIZED', message } }, true, metadataUrl);
    }
    upstream = exchanged;
  }
  const parsed = req.method === 'POST' ? await readJson(req, res) : { body: undefined };
  if (!parsed) return;
  const client = httpApiClient({
    baseUrl: config.SVC_BASE_URL,
    authorization: upstream,
    clientAddress: clientAddressOf(req, config.TRUST_PROXY),
  });
  const refused = opensSession(parsed.body) ? await keyRefusal(client) : null;
  if (refused?.status === 401) return unauthorized(res, refused.body, true, metadataUrl);
  if (refused) return sendJson(res, refused.status, refused.body);
  await handleMcpHttpRequest(
    req,
    res,
    parsed.body,
    { ...standaloneOptions(client), live: httpLiveSource(config.SVC_BASE_URL, upstream) },
    // The session belongs to the client's own credential.
    { registry: sessions, authorization },
  );
}

/**
 * HTTP mode: Streamable HTTP at /mcp, each request acting with its own Authorization header.
 * Each request runs in a SERVER span continuing the caller's `traceparent`; the calls its tools
 * make to the gateway are CLIENT spans inside it (`http-client.ts`).
 */
export async function startHttp(config: Config, log: Logger): Promise<Server> {
  const histogram = startMetrics();
  const sessions = new McpSessions();
  // Built on the first request, once the port is known (MCP_PORT=0 takes one the system picks).
  let policy: ((origin: string) => boolean) | undefined;
  const originAllowed = () =>
    (policy ??= originPolicy(
      allowedOrigins(config, config.MCP_PORT || (server.address() as AddressInfo).port),
    ));
  const exchanger = oauthOn(config) ? new TokenExchanger(config) : null;
  const server = tracedServerFactory((req, res) => {
    const end = histogram.startTimer({ method: req.method ?? 'GET' });
    res.once('finish', () => {
      const path = (req.url ?? '/').split('?')[0];
      end({
        path: path === '/mcp' || path === '/health' || path === '/ready' ? path : 'other',
        status_code: res.statusCode,
      });
    });
    handle(config, sessions, originAllowed(), exchanger, req, res).catch((err: unknown) => {
      log.error({ err }, 'request failed');
      if (!res.headersSent)
        sendJson(res, 500, { error: { code: 'INTERNAL_ERROR', message: 'Internal error' } });
      else res.end();
    });
  });
  server.on('close', () => void sessions.closeAll());
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(config.MCP_PORT, config.HOST, () => resolve());
  });
  if (config.METRICS_PORT > 0) {
    const metrics = await serveMetricsPort(config, log);
    // closed with the MCP endpoint (main.ts closes that one on SIGTERM)
    if (metrics) server.once('close', () => metrics.close());
  }
  log.info(
    { gateway: config.SVC_BASE_URL },
    `momentum MCP server listening on http://${config.HOST}:${config.MCP_PORT}/mcp`,
  );
  return server;
}
