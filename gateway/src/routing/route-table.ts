import { scopeFor, type ApiScope } from '@momentum/contracts';
import type { Upstream } from '../config.js';

/**
 * Who answers a path family: a service; `gateway` for what the gateway serves itself; or the
 * services the gateway picks between per request (`/api/tasks`: routing/task-routes.ts).
 */
export type Answerer = Upstream | 'gateway' | readonly Upstream[];

export interface RouteRow {
  /** Matched by whole segments: `/api/users` covers `/api/users/x`, not `/api/usersx`. */
  readonly prefix: string;
  readonly upstream: Answerer;
  /**
   * The resource whose scope a key needs: `<resource>:read` for GET and HEAD, `:write` for
   * any other method (the write scope where the catalogue has no read one); one per service
   * where the request picks the service. Null: any valid key (`/mcp`'s tools come back
   * through this table one call at a time).
   */
  readonly resource: string | null | Readonly<Partial<Record<Upstream, string>>>;
  /** The tag its operations carry in /openapi.json when they name none themselves. */
  readonly tag: string;
  /** Served without a key. */
  readonly public?: true;
}

/**
 * Every path the gateway answers, and nothing else: the proxies, the routes, the scope each
 * request needs and the paths /openapi.json documents are all read from here, and a route
 * registered outside it stops the gateway at start (routing/route-table-plugin.ts). The
 * longest matching prefix wins, so the order of the rows does not matter.
 */
export const ROUTE_TABLE: readonly RouteRow[] = [
  { prefix: '/api/me', upstream: 'identity', resource: null, tag: 'identity' },
  { prefix: '/api/users', upstream: 'identity', resource: 'users', tag: 'identity' },
  { prefix: '/api/users/me/api-keys', upstream: 'identity', resource: 'keys', tag: 'identity' },
  // The caller's own profile (name, email, time zone), as `profile:write` says.
  { prefix: '/api/users/me', upstream: 'identity', resource: 'profile', tag: 'identity' },
  // The clients connected by OAuth: credentials, as keys are.
  {
    prefix: '/api/users/me/authorizations',
    upstream: 'identity',
    resource: 'keys',
    tag: 'identity',
  },
  { prefix: '/api/teams', upstream: 'identity', resource: 'teams', tag: 'teams' },
  // Invitations are membership: the invitee reads and answers them with the teams scopes.
  { prefix: '/api/users/me/invitations', upstream: 'identity', resource: 'teams', tag: 'teams' },
  { prefix: '/api/invitations', upstream: 'identity', resource: 'teams', tag: 'teams' },
  { prefix: '/api/profile', upstream: 'habits', resource: 'profile', tag: 'profile' },
  {
    prefix: '/api/tasks',
    upstream: ['habits', 'issues'],
    resource: { habits: 'tasks', issues: 'issues' },
    tag: 'tasks',
  },
  { prefix: '/api/projects', upstream: 'projects', resource: 'projects', tag: 'projects' },
  // Agents are a resource of their own, not part of projects: a key that may manage
  // projects has no business minting agent keys.
  { prefix: '/api/agents', upstream: 'agents', resource: 'agents', tag: 'agents' },
  { prefix: '/api/webhooks', upstream: 'webhooks', resource: 'webhooks', tag: 'webhooks' },
  {
    prefix: '/api/notifications',
    upstream: 'notifications',
    resource: 'notifications',
    tag: 'notifications',
  },
  // Each type a live stream carries needs its own read scope, checked by the route
  // (live/stream-types.ts): the path itself needs none.
  { prefix: '/api/events', upstream: 'gateway', resource: null, tag: 'events' },
  // Drawn from the URL alone (avatars/route.ts), for `<img>` tags that send no key.
  {
    prefix: '/api/avatars',
    upstream: 'gateway',
    resource: null,
    tag: 'identity',
    public: true,
  },
  { prefix: '/mcp', upstream: 'gateway', resource: null, tag: 'mcp' },
  { prefix: '/health', upstream: 'gateway', resource: null, tag: 'platform', public: true },
  { prefix: '/ready', upstream: 'gateway', resource: null, tag: 'platform', public: true },
  { prefix: '/openapi.json', upstream: 'gateway', resource: null, tag: 'platform', public: true },
  { prefix: '/docs', upstream: 'gateway', resource: null, tag: 'platform', public: true },
  // The authorization server (oauth/): discovery, consent, tokens. Served without a key.
  { prefix: '/.well-known', upstream: 'gateway', resource: null, tag: 'oauth', public: true },
  { prefix: '/oauth', upstream: 'gateway', resource: null, tag: 'oauth', public: true },
];

const under = (path: string, prefix: string) =>
  path === prefix || (path.startsWith(prefix) && path.charCodeAt(prefix.length) === 47); // '/'

/** Longest prefix first: the first row that matches is the most specific one. */
const BY_LENGTH = [...ROUTE_TABLE].sort((a, b) => b.prefix.length - a.prefix.length);

/**
 * The row of a path (a route's pattern such as `/api/tasks/:id`, or a document's
 * `/api/tasks/{id}`), or null when no row covers it.
 */
export function rowFor(path: string, table: readonly RouteRow[] = BY_LENGTH): RouteRow | null {
  return table.find((row) => under(path, row.prefix)) ?? null;
}

/** The services a row's requests may go to (none for the gateway's own). */
export const servicesOf = (row: RouteRow): readonly Upstream[] =>
  row.upstream === 'gateway'
    ? []
    : typeof row.upstream === 'string'
      ? [row.upstream]
      : row.upstream;

/** The rows that belong wholly to one service: each is forwarded as it comes. */
export const serviceRows = (table: readonly RouteRow[] = ROUTE_TABLE) =>
  table.flatMap((row) =>
    typeof row.upstream === 'string' && row.upstream !== 'gateway'
      ? [{ row, upstream: row.upstream }]
      : [],
  );

/**
 * The scopes a request on `row` may need: one, or where the row's service is decided per
 * request and `upstream` is not known, one per service it may go to (all are required then,
 * which fails closed). Empty when any valid key will do.
 */
export function requiredScopes(row: RouteRow, method: string, upstream?: Upstream): ApiScope[] {
  const { resource } = row;
  if (resource === null) return [];
  const one = typeof resource === 'string' ? resource : upstream && resource[upstream];
  const resources = one ? [one] : Object.values(resource as Record<string, string>);
  const verb = method.toUpperCase();
  // Fail closed: a read the catalogue has no scope for (users) needs the resource's write scope.
  const scopes = resources.map((r) => scopeFor(r, verb) ?? scopeFor(r, 'POST'));
  return [...new Set(scopes.filter((s): s is ApiScope => s !== null))];
}

// A row whose resource has no scope in the catalogue would need none: the gateway refuses
// to start with one rather than let its requests through.
for (const row of ROUTE_TABLE)
  for (const method of ['GET', 'POST'])
    for (const upstream of [undefined, ...servicesOf(row)])
      if (row.resource !== null && !requiredScopes(row, method, upstream).length)
        throw new Error(`route table: ${row.prefix} names a resource with no ${method} scope`);
