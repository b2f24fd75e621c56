import { errorShapeForPath, SCOPE_CATALOGUE, SCOPES } from '@momentum/contracts';
import { operations, type OpenApiDocument } from '@momentum/http';
import type { Upstream } from '../config.js';
import { requiredScopes, rowFor } from '../routing/route-table.js';

type Json = Record<string, unknown>;

/** The bearer scheme's description: what a key is, and the scope catalogue. */
export const BEARER_DESCRIPTION = [
  'A user’s or an agent’s API key (`svc_<keyId>_<secret>`). A key may be limited to some scopes and may expire (see `ApiKeyGrant`); a key created without scopes has every scope. Each operation names the scope it needs in `security` and `x-required-scope`:',
  '',
  ...SCOPES.map((s) => `- \`${s}\`: ${SCOPE_CATALOGUE[s]}`),
].join('\n');

const errorSchema = (path: string) => ({
  $ref: `#/components/schemas/${errorShapeForPath(path) === 'B' ? 'AgentError' : 'ApiError'}`,
});

const MISSING_SCOPE = 'the key lacks the scope this operation needs (`details.requiredScope`)';
const EXPIRED = 'an expired key (`error_description` says it expired)';

/**
 * Names each /api operation's required scope, from the route table the gateway enforces
 * (routing/route-table.ts): `security: [{bearer: [scope]}]` (alternatives where the request
 * decides between tasks and issues) and `x-required-scope` (a scope, a list of alternatives,
 * or null for any valid key); documents the 403 a missing scope brings and the expired 401.
 */
export function addRequiredScopes(doc: OpenApiDocument): void {
  for (const [path, method, op] of operations(doc)) {
    if (!path.startsWith('/api/')) continue;
    const services = [op['x-service'] ?? []].flat() as Upstream[];
    const row = rowFor(path);
    if (!row) continue;
    // One scope per service that answers the operation (tasks and issues share /api/tasks).
    const scopes = [
      ...new Set(
        (services.length ? services : [undefined]).flatMap((service) =>
          requiredScopes(row, method, service),
        ),
      ),
    ];
    // No scope: the document's own `security` (any valid key) applies.
    if (scopes.length) op.security = scopes.map((s) => ({ bearer: [s] }));
    op['x-required-scope'] = scopes.length > 1 ? scopes : (scopes[0] ?? null);
    const responses = (op.responses ??= {}) as Record<string, Json>;
    if (responses['401'])
      responses['401'].description = `${String(responses['401'].description)}; or ${EXPIRED}`;
    if (!scopes.length) continue;
    const forbidden = (responses['403'] ??= {
      description: 'Forbidden (`FORBIDDEN`)',
      content: { 'application/json': { schema: errorSchema(path) } },
    });
    forbidden.description = `${String(forbidden.description)}; or ${MISSING_SCOPE}`;
  }
}
