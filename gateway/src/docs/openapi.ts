import type { FastifyInstance } from 'fastify';
import { request } from 'undici';
import type { Upstream } from '../config.js';

type Paths = Record<string, Record<string, Record<string, unknown>>>;

const GATEWAY_PATHS: Paths = {
  '/health': {
    get: {
      summary: 'Health of the gateway and every service (no key needed)',
      tags: ['platform'],
      responses: {
        '200': { description: 'All services answer' },
        '503': { description: 'A service is down' },
      },
    },
  },
  '/mcp': {
    post: {
      summary: 'MCP endpoint (Streamable HTTP), same bearer key as REST',
      tags: ['mcp'],
      responses: { '200': { description: 'JSON-RPC response' } },
    },
  },
};

/**
 * One OpenAPI 3.1 document merged from every service's route declarations. Where two
 * services serve the same path and method (`/api/tasks`), both are kept as variants.
 */
export async function mergedOpenApi(
  urls: Record<Upstream, string>,
): Promise<Record<string, unknown>> {
  const paths: Paths = structuredClone(GATEWAY_PATHS);
  for (const [service, base] of Object.entries(urls)) {
    let doc: { paths?: Paths };
    try {
      const res = await request(`${base}/openapi.json`, {
        headersTimeout: 2000,
        bodyTimeout: 2000,
      });
      doc = (await res.body.json()) as { paths?: Paths };
    } catch {
      continue;
    }
    for (const [path, ops] of Object.entries(doc.paths ?? {})) {
      for (const [method, op] of Object.entries(ops)) {
        const target = (paths[path] ??= {});
        const existing = target[method];
        const tagged = { ...op, 'x-service': service };
        target[method] = existing ? mergeVariants(existing, tagged) : tagged;
      }
    }
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'Momentum API',
      version: '0.1.0',
      description:
        'Personal habits, dailies and to-dos; team projects and issues; agents. Every /api request carries `Authorization: Bearer svc_…`. `/api/tasks` serves both tasks and issues: a `projectId` (or an issue filter) selects issues. ' +
        'Requests are rate-limited per API key (429 `RATE_LIMITED` with `Retry-After`). ' +
        'A POST may carry `Idempotency-Key` (1–255 visible ASCII characters): a retry with the same key and body within 24 h gets the first response again (`Idempotent-Replayed: true`); the same key with another request is 422; while the first is still running, 409. Keys are remembered per caller by the gateway instance that served them.',
    },
    servers: [{ url: '/' }],
    components: {
      securitySchemes: {
        bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'svc_<keyId>_<secret>' },
      },
    },
    security: [{ bearer: [] }],
    paths,
  };
}

function mergeVariants(
  a: Record<string, unknown>,
  b: Record<string, unknown>,
): Record<string, unknown> {
  const params = [...((a.parameters as unknown[]) ?? []), ...((b.parameters as unknown[]) ?? [])];
  const seen = new Set<string>();
  const parameters = params.filter((p) => {
    const key = `${(p as { in: string }).in}:${(p as { name: string }).name}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
  const bodies = [a, b]
    .map(
      (o) =>
        (o.requestBody as { content?: { 'application/json'?: { schema?: unknown } } } | undefined)
          ?.content?.['application/json']?.schema,
    )
    .filter(Boolean);
  return {
    summary: `${String(a.summary)} — or — ${String(b.summary)}`,
    tags: [...new Set([...((a.tags as string[]) ?? []), ...((b.tags as string[]) ?? [])])],
    'x-service': [a['x-service'], b['x-service']].flat(),
    ...(parameters.length ? { parameters } : {}),
    ...(bodies.length
      ? {
          requestBody: {
            required: true,
            content: { 'application/json': { schema: { oneOf: bodies } } },
          },
        }
      : {}),
    responses: { ...(a.responses as object), ...(b.responses as object) },
  };
}

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

export function registerDocs(app: FastifyInstance, urls: Record<Upstream, string>): void {
  let cached: { at: number; doc: Record<string, unknown> } | null = null;
  const doc = async () => {
    if (!cached || Date.now() - cached.at > 30_000)
      cached = { at: Date.now(), doc: await mergedOpenApi(urls) };
    return cached.doc;
  };
  app.get('/openapi.json', async () => doc());
  app.get('/docs', async (_req, reply) => {
    const { paths } = (await doc()) as { paths: Paths };
    const rows = Object.entries(paths)
      .sort(([a], [b]) => a.localeCompare(b))
      .flatMap(([path, ops]) =>
        Object.entries(ops).map(
          ([method, op]) =>
            `<tr><td class="m ${method}">${method.toUpperCase()}</td><td><code>${escapeHtml(path)}</code></td><td>${escapeHtml(String(op.summary ?? ''))}</td></tr>`,
        ),
      )
      .join('\n');
    reply.header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'");
    return reply.type('text/html')
      .send(`<!doctype html><html><head><meta charset="utf-8"><title>Momentum API</title>
<style>body{font:15px system-ui;margin:2rem;max-width:70rem}td{padding:.3rem .6rem;border-bottom:1px solid #eee}.m{font-weight:600}.get{color:#0a7}.post{color:#07c}.patch{color:#c70}.delete{color:#c22}</style></head>
<body><h1>Momentum API</h1><p>Every <code>/api</code> request carries <code>Authorization: Bearer svc_…</code>. Machine-readable: <a href="/openapi.json">/openapi.json</a> (OpenAPI 3.1).</p>
<table>${rows}</table></body></html>`);
  });
}
