import Fastify, { type FastifyInstance } from 'fastify';
import { generateDocument, type OpenApiDocument } from './openapi-generate.js';
import { routesOf } from './route.js';

/**
 * The OpenAPI document of the routes `declare` defines (defineRoute), on an app that never
 * listens: a service's document from its route definitions alone, with no engine, bus or
 * stack (scripts/openapi). The same generation as the document a running service serves.
 */
export async function documentOfRoutes(
  declare: (app: FastifyInstance) => void,
): Promise<OpenApiDocument> {
  // Never booted or listening, the app holds nothing to close.
  const app = Fastify({ logger: false });
  declare(app);
  return generateDocument(routesOf(app));
}

/**
 * Dependencies for routes declared only to be read: declaring a route keeps its handler
 * and calls nothing, so reading any of these (a handler that ran, or a registration that
 * did work) throws, naming the service.
 */
export function noDependencies<T>(service: string): T {
  return new Proxy({} as object, {
    get(_target, key) {
      throw new Error(
        `${service}: a route definition read its dependencies (${String(key)}); declaring a route must not`,
      );
    },
  }) as T;
}
