import { randomUUID } from 'node:crypto';
import Fastify, { LogController, type FastifyInstance, type FastifyServerOptions } from 'fastify';
import type { ErrorShape } from '@momentum/contracts';
import { frameworkErrors } from './error-handler.js';
import FindMyWay, { type Config } from 'find-my-way';
import { requestTraceIds, tracedServerFactory } from '@momentum/telemetry';

export const REQUEST_ID_HEADER = 'x-request-id';
export const BODY_LIMIT = 1024 * 1024;

const ROUTER_OPTIONS = { ignoreTrailingSlash: true, maxParamLength: 200 };

export interface ServerOptions {
  logger: FastifyServerOptions['logger'];
  /** The error body shape of a path, for the errors Fastify answers itself. */
  shapeFor: (url: string) => ErrorShape;
  /**
   * Which proxies' `X-Forwarded-For` to believe for `request.ip` (the gateway behind an
   * Ingress); none by default, so a client cannot choose the address it is throttled by.
   */
  trustProxy?: FastifyServerOptions['trustProxy'];
}

/**
 * The Fastify server options the gateway and every service share: one body limit, request
 * ids (a caller's own when it is plain, else a new UUID), one router, and Fastify's own
 * answers (an undecodable URL, closing) in the path's error shape, and a server that traces
 * each request.
 */
export function serverOptions({
  logger,
  shapeFor,
  trustProxy,
}: ServerOptions): FastifyServerOptions {
  return {
    logger,
    ...(trustProxy ? { trustProxy } : {}),
    logController: new LogController({ disableRequestLogging: true }),
    bodyLimit: BODY_LIMIT,
    genReqId: (req) => {
      const given = req.headers[REQUEST_ID_HEADER];
      return typeof given === 'string' && /^[\w-]{1,64}$/.test(given) ? given : randomUUID();
    },
    routerOptions: ROUTER_OPTIONS,
    return503OnClosing: false, // closingGuardPlugin answers in the path's shape
    frameworkErrors: frameworkErrors(shapeFor),
    // Each request in a server span continuing the caller's traceparent (telemetry/http.ts).
    serverFactory: (handler, options) => tracedServerFactory(handler, options),
    // Without the SDK no span is active to give a line its ids: the request's logger carries them.
    childLoggerFactory: (logger, bindings, options, rawReq) => {
      const ids = requestTraceIds(rawReq);
      return logger.child(ids ? { ...bindings, ...ids } : bindings, options);
    },
  };
}

/** A Fastify server with the shared options, which knows each path's methods (405). */
export function createServer(options: ServerOptions): FastifyInstance {
  const app = Fastify(serverOptions(options));
  trackRouteMethods(app, ROUTER_OPTIONS);
  return app;
}

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
