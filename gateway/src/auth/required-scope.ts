import { scopeFor, type ApiScope } from '@momentum/contracts';
import type { Upstream } from '../config.js';

/**
 * The one table of what each route needs: a path prefix names a resource, and the method
 * says read (GET) or write (any other). `/api/tasks` is shared: the service the gateway
 * routes the request to decides between `tasks` (habits) and `issues`. `/api/me` needs no
 * scope: every valid key may ask who it is and what it may do (the MCP surfaces rely on it).
 * Agents are a resource of their own (`agents:*`), not part of projects: an agent belongs to
 * a user, and a key that may manage projects has no business minting agent keys.
 */
export const SCOPE_TABLE: ReadonlyArray<{ prefix: string; resource: string | null }> = [
  { prefix: '/api/me', resource: null },
  { prefix: '/api/profile', resource: 'profile' },
  { prefix: '/api/users/me/api-keys', resource: 'keys' },
  { prefix: '/api/users', resource: 'users' },
  { prefix: '/api/teams', resource: 'teams' },
  { prefix: '/api/projects', resource: 'projects' },
  { prefix: '/api/agents', resource: 'agents' },
  { prefix: '/api/webhooks', resource: 'webhooks' },
  { prefix: '/api/notifications', resource: 'notifications' },
  { prefix: '/api/tasks', resource: 'tasks|issues' },
];

/** The resource of each service that answers `/api/tasks`. */
const TASK_RESOURCE: Partial<Record<Upstream, string>> = { habits: 'tasks', issues: 'issues' };

const under = (path: string, prefix: string) => path === prefix || path.startsWith(`${prefix}/`);

const NEEDS_WORK = /%|\/\/|\/\.\.?(?:\/|$)/;

/**
 * The path as a service will read it: each segment percent-decoded, empty and `.` segments
 * dropped, `..` resolved. The scope is judged on this, never on the raw text, so that
 * `/api/%70rojects` or `/api/me/../projects` cannot slip past the table into a service that
 * decodes or normalizes. Null when a segment does not decode or hides a `/` (`%2F`).
 */
export function canonicalPath(raw: string): string | null {
  // The usual path has nothing to decode or resolve: taken as it is (this runs per request).
  if (!NEEDS_WORK.test(raw)) return raw;
  const segments: string[] = [];
  for (const part of raw.split('/')) {
    let segment: string;
    try {
      segment = decodeURIComponent(part);
    } catch {
      return null;
    }
    if (segment.includes('/')) return null;
    if (segment === '' || segment === '.') continue;
    if (segment === '..') segments.pop();
    else segments.push(segment);
  }
  return `/${segments.join('/')}`;
}

/** Whether a path's scope depends on the service the request goes to. */
export const needsUpstream = (path: string) => under(path, '/api/tasks');

/**
 * The scope a request needs, or null when it needs none (`/api/me`, and paths outside the
 * table: `/mcp`, whose tools come back through here one by one, and unknown paths, which
 * are 404 anyway). For `/api/tasks`, `upstream` is the service the request is routed to.
 */
export function requiredScope(method: string, path: string, upstream?: Upstream): ApiScope | null {
  const row = SCOPE_TABLE.find((r) => under(path, r.prefix));
  if (!row?.resource) return null;
  const resource =
    row.resource === 'tasks|issues' ? TASK_RESOURCE[upstream ?? 'habits'] : row.resource;
  if (!resource) return null;
  // Fail closed: a read the catalogue has no scope for (users) needs the resource's write scope.
  return scopeFor(resource, method.toUpperCase()) ?? scopeFor(resource, 'POST');
}

/**
 * The scopes an operation of the document may need: one, or for an `/api/tasks` operation
 * both services answer, one per service (the request decides which, as at run time).
 */
export function operationScopes(
  method: string,
  path: string,
  services: readonly string[],
): ApiScope[] {
  const upstreams = needsUpstream(path) ? services : [undefined];
  const scopes = upstreams.map((u) => requiredScope(method, path, u as Upstream | undefined));
  return [...new Set(scopes.filter((s): s is ApiScope => s !== null))];
}
