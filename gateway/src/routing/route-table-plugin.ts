import fp from 'fastify-plugin';
import { AppError } from '@momentum/contracts';
import { rowFor, type RouteRow } from './route-table.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The route table's row of this route (set for every route as it is registered). */
    row?: RouteRow;
  }
}

/**
 * Characters after which a path may not be in the one form the table and the services read
 * alike: a percent sign, a fragment, a backslash, a doubled slash, a dot segment.
 */
const SUSPECT = /[%#\\]|\/\/|\/\.\.?(?:\/|$)/;

/**
 * Whether a request's path is in canonical form: no `#`, no backslash, no empty segment but a
 * trailing one, and no segment that is — or decodes to — `.` or `..`, or decodes to a `/`,
 * `\` or NUL, or does not decode. Only such a path is routed: one the gateway and a service
 * (or anything between them) could read as two different paths never reaches a row.
 */
export function isCanonicalPath(url: string): boolean {
  const query = url.indexOf('?');
  const path = query === -1 ? url : url.slice(0, query);
  // The usual path has nothing to look at twice (this runs per request).
  if (!SUSPECT.test(path)) return true;
  if (path.includes('#') || path.includes('\\')) return false;
  const segments = path.split('/');
  for (let i = 1; i < segments.length; i++) {
    const raw = segments[i]!;
    if (raw === '') {
      if (i === segments.length - 1) continue;
      return false;
    }
    let segment: string;
    try {
      segment = decodeURIComponent(raw);
    } catch {
      return false;
    }
    if (segment === '.' || segment === '..' || /[/\\\0]/.test(segment)) return false;
  }
  return true;
}

/**
 * Binds every route to its row of the route table as it is registered (`config.row`, and
 * `config.public` from the row alone), and stops the gateway at start on a route no row
 * covers: nothing is served that the table does not list. A path in any but canonical form
 * is refused with 400 before it is routed. Register before any route.
 */
export const routeTablePlugin = fp(
  async (app) => {
    app.addHook('onRoute', (route) => {
      // @fastify/cors's catch-all: a preflight is answered in its hook, and any other OPTIONS
      // it hands to the not-found handler; it forwards nothing, so it has no row (and the
      // scope check refuses a scoped key there with 404).
      if (route.url === '*' && route.method === 'OPTIONS') return;
      const row = rowFor(route.url);
      if (!row)
        throw new Error(`${String(route.method)} ${route.url} is in no row of the route table`);
      route.config = { ...route.config, row, public: row.public === true };
    });
    app.addHook('onRequest', (request, _reply, done) => {
      if (isCanonicalPath(request.url)) return done();
      done(
        new AppError(
          'BAD_REQUEST',
          'The path is not in canonical form: no dot or empty segments, encoded slashes, backslashes or fragments',
        ),
      );
    });
  },
  { name: 'momentum-route-table', fastify: '5.x', dependencies: ['momentum-errors'] },
);
