import { randomUUID } from 'node:crypto';
import Fastify, { LogController, type FastifyInstance, type FastifyServerOptions } from 'fastify';
import type { ErrorShape } from '@momentum/contracts';
import { frameworkErrors } from './error-handler.js';
import { trackRouteMethods } from './route-methods.js';
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
