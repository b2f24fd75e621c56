import { COMMON_HEADERS, pruneSchemas, type OpenApiDocument } from '@momentum/http';
import { mergeDocuments, type ServiceDocument } from './merge.js';
import { addGatewayConcerns, GATEWAY_HEADERS, GATEWAY_PARAMETERS } from './gateway-concerns.js';
import { GATEWAY_PATHS, GATEWAY_SCHEMAS, TAGS } from './gateway-paths.js';
import { addRequiredScopes, BEARER_DESCRIPTION } from './scopes.js';
import { rowFor, servicesOf } from '../routing/route-table.js';
import type { Upstream } from '../config.js';

type Paths = Record<string, Record<string, Record<string, unknown>>>;

const HTTP_METHODS = new Set(['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace']);

/**
 * The paths the document shows, as the route table says: the gateway's own operations with
 * their row's tag (and no key where the row is public), and of the services' operations only
 * those the gateway routes to that service, tagged with the row's tag where they name none.
 */
export function tablePaths(gateway: Paths, services: Paths): Paths {
  const out: Paths = {};
  const add = (path: string, method: string, op: Record<string, unknown>) => {
    const row = rowFor(path);
    if (!row) return;
    // Path-level fields (`parameters`, `summary`) go with the path.
    if (!HTTP_METHODS.has(method)) return void ((out[path] ??= {})[method] = op);
    const owners = [op['x-service'] ?? []].flat() as Upstream[];
    const routed = owners.length
      ? owners.every((s) => servicesOf(row).includes(s))
      : row.upstream === 'gateway';
    if (!routed) return;
    (out[path] ??= {})[method] = {
      ...op,
      tags: (op.tags as string[] | undefined)?.length ? op.tags : [row.tag],
      ...(row.public ? { security: [] } : {}),
    };
  };
  for (const paths of [gateway, services])
    for (const [path, item] of Object.entries(paths))
      for (const [method, op] of Object.entries(item)) add(path, method, op);
  return out;
}

export const DESCRIPTION = [
  'Personal habits, dailies and to-dos with streaks, XP and levels; team projects with issues, comments, blockers and activity; agents with their own API keys.',
  '',
  '**Authentication.** Every `/api` request carries `Authorization: Bearer svc_…` (a user’s or an agent’s key); a missing, refused or expired key is 401. An agent key acts as the agent.',
  '',
  '**Scopes.** A key may be limited to some scopes (`tasks:read`, `issues:write`, …; the catalogue is in the `bearer` security scheme) and may expire. Each operation names the scope it needs (`security`, `x-required-scope`): GET reads, other methods write. A call outside the key’s scopes is 403 `FORBIDDEN` with `details.requiredScope`. `GET /api/me` reports the calling key’s scopes and expiry.',
  '',
  '**Tasks and issues share `/api/tasks`.** A body with `projectId`, or a list query with `projectId`, `status`, `priority`, `assigneeId`, `parentId` or `labels`, goes to issues; otherwise to tasks. On `/api/tasks/{id}` the id decides.',
  '',
  '**Errors** come in two shapes (spec §7): `ApiError` `{error:{code, message, details?}}` everywhere, and `AgentError` `{statusCode, message}` under `/api/agents`.',
  '',
  '**Webhooks.** `POST /api/webhooks` subscribes a URL to events; the `webhooks` section lists, per event type, the signed POST (Standard Webhooks) the URL then receives.',
  '',
  '**Limits.** Requests are rate-limited per key (429 `RATE_LIMITED` with `Retry-After`; `X-RateLimit-*` headers). Bodies over 1 MiB are 413. Pages: `limit` 1–100 (default 20). A POST may carry `Idempotency-Key`.',
].join('\n');

/**
 * The public document: the services' operations merged, the gateway's own operations, and
 * what the gateway adds to every request (the bearer key, rate limits, Idempotency-Key).
 */
export function gatewayDocument(
  services: readonly ServiceDocument[],
  options: { serverUrl?: string } = {},
): OpenApiDocument & { 'x-conflicts'?: string[] } {
  // The services' documents are kept and merged again on every request: never changed here.
  const merged = mergeDocuments(structuredClone(services));
  const doc: OpenApiDocument = {
    openapi: '3.1.0',
    info: { title: 'Momentum API', version: '0.1.0', description: DESCRIPTION },
    servers: [{ url: options.serverUrl ?? 'http://127.0.0.1:3000', description: 'This gateway' }],
    security: [{ bearer: [] }],
    tags: TAGS,
    paths: tablePaths(structuredClone(GATEWAY_PATHS) as Paths, merged.paths as Paths),
    ...(Object.keys(merged.webhooks).length ? { webhooks: merged.webhooks } : {}),
    components: {
      schemas: { ...structuredClone(GATEWAY_SCHEMAS), ...merged.schemas },
      headers: { ...COMMON_HEADERS, ...merged.headers, ...GATEWAY_HEADERS },
      parameters: { ...GATEWAY_PARAMETERS },
      securitySchemes: {
        bearer: {
          type: 'http',
          scheme: 'bearer',
          bearerFormat: 'svc_<keyId>_<secret>',
          description: BEARER_DESCRIPTION,
        },
      },
    },
  };
  addGatewayConcerns(doc);
  addRequiredScopes(doc);
  pruneSchemas(doc);
  return merged.conflicts.length ? { ...doc, 'x-conflicts': merged.conflicts } : doc;
}
