import type { FastifyInstance } from 'fastify';
import FindMyWay, { type Config } from 'find-my-way';

declare module 'fastify' {
  interface FastifyInstance {
    /** The methods some route answers on this path (`[]` for an unknown path). */
    allowedMethods(path: string): string[];
  }
}

/**
 * Methods an `Allow` header lists. OPTIONS is left out: the gateway's CORS plugin answers it on
 * every path, so counting it would make every unknown path "known".
 */
const METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;

const noop = () => undefined;

/**
 * Keeps a second router with the same routes and options, asked only when Fastify's own found
 * none: it answers "no route for this method" and "no route at all" alike (its 404 is a route
 * for every method), so a known path asked with another method (405 with `Allow`) could not be
 * told from an unknown one (404). Installed with the server rather than as a plugin because
 * an `onRoute` hook sees only the routes added after it, and the services add routes at once,
 * before any registered plugin has loaded.
 */
export function trackRouteMethods(
  app: FastifyInstance,
  routerOptions: Pick<Config<FindMyWay.HTTPVersion.V1>, 'ignoreTrailingSlash' | 'maxParamLength'>,
): void {
  const router = FindMyWay(routerOptions);
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) {
      if (!(METHODS as readonly string[]).includes(method)) continue;
      // Fastify may announce one path twice (a prefix with and without its trailing slash).
      if (!router.hasRoute(method as FindMyWay.HTTPMethod, route.url))
        router.on(method as FindMyWay.HTTPMethod, route.url, noop);
    }
  });
  app.decorate('allowedMethods', (path: string) =>
    METHODS.filter((method) => router.find(method, path) !== null),
  );
}
