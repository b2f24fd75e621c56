import type {
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  FastifySchema,
  FastifySchemaCompiler,
  FastifySerializerCompiler,
  preValidationHookHandler,
} from 'fastify';
import type { z } from 'zod';
import { serializerCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorShapeForPath, type Actor } from '@momentum/contracts';
import { NO_BODY, zodValidatorCompiler } from './validation.js';
import { routeResponses } from './route-responses.js';
import { serveDocument } from './openapi.js';
import type { RouteRecord, RouteSpec } from './route-spec.js';

export type { RouteRecord, RouteSpec } from './route-spec.js';

export interface RouteInput<P, Q, B> {
  params: P;
  query: Q;
  body: B;
  actor: Actor;
  request: FastifyRequest;
  reply: FastifyReply;
}

type Out<S> = S extends z.ZodType ? z.output<S> : undefined;

const registries = new WeakMap<FastifyInstance, RouteRecord[]>();

/** The routes declared on an app with defineRoute, in declaration order. */
export function routesOf(app: FastifyInstance): readonly RouteRecord[] {
  return registries.get(app) ?? [];
}

/** The app's list, made (with the route that serves the app's document) on its first route. */
function declaredRoutes(app: FastifyInstance): RouteRecord[] {
  let list = registries.get(app);
  if (!list) {
    list = [];
    registries.set(app, list);
    serveDocument(app, list);
  }
  return list;
}

export function defineRoute<
  P extends z.ZodType = z.ZodUndefined,
  Q extends z.ZodType = z.ZodUndefined,
  B extends z.ZodType = z.ZodUndefined,
>(
  app: FastifyInstance,
  spec: RouteSpec<P, Q, B>,
  handler: (input: RouteInput<Out<P>, Out<Q>, Out<B>>) => Promise<unknown>,
): void {
  if (spec.internal && !spec.callers)
    throw new Error(`${spec.method} ${spec.url}: an internal route lists the callers it accepts`);
  const schema = routeSchema(spec as unknown as RouteSpec<z.ZodType, z.ZodType, z.ZodType>);
  declaredRoutes(app).push({
    spec: spec as unknown as RouteSpec<z.ZodType, z.ZodType, z.ZodType>,
    schema,
  });
  const preValidation: preValidationHookHandler[] = [];
  if (spec.internal) preValidation.push(systemOnly);
  if (spec.body) preValidation.push(markAbsentBody);
  const status = spec.response?.status ?? 200;

  app.withTypeProvider<ZodTypeProvider>().route({
    method: spec.method,
    url: spec.url,
    schema,
    ...(spec.callers ? { config: { callers: spec.callers } } : {}),
    // Fastify types a route's compilers by its schema object, which here holds zod schemas.
    validatorCompiler: zodValidatorCompiler as FastifySchemaCompiler<FastifySchema>,
    serializerCompiler: serializerCompiler as FastifySerializerCompiler<FastifySchema>,
    preValidation,
    handler: async (request, reply) => {
      const result = await handler({
        params: request.params as Out<P>,
        query: request.query as Out<Q>,
        body: request.body as Out<B>,
        actor: request.actor,
        request,
        reply,
      });
      if (reply.sent) return reply;
      if (status === 204) return reply.status(204).send();
      return reply.status(status).send(result);
    },
  });
}

function routeSchema(
  spec: RouteSpec<z.ZodType, z.ZodType, z.ZodType>,
): FastifySchema & Record<string, unknown> {
  return {
    ...(spec.operationId ? { operationId: spec.operationId } : {}),
    summary: spec.summary,
    ...(spec.description ? { description: spec.description } : {}),
    tags: spec.tags ?? [],
    ...(spec.params ? { params: spec.params } : {}),
    ...(spec.query ? { querystring: spec.query } : {}),
    ...(spec.body ? { body: spec.body } : {}),
    // Internal routes answer other services in whatever shape they agree on; undocumented.
    ...(spec.internal ? {} : { response: routeResponses(spec, errorShapeForPath(spec.url)) }),
  };
}

/** Internal routes look absent to anyone but another service. */
const systemOnly: preValidationHookHandler = async (request, reply) => {
  if (request.actor.type !== 'system') {
    return reply.status(404).send({ error: { code: 'NOT_FOUND', message: 'Not found' } });
  }
};

/** See NO_BODY: an absent body must reach the validator as absent, not as null. */
const markAbsentBody: preValidationHookHandler = async (request) => {
  if (request.body === undefined) (request as { body: unknown }).body = NO_BODY;
};
