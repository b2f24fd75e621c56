import type {
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  FastifySchema,
  FastifySchemaCompiler,
  FastifySerializerCompiler,
  HTTPMethods,
  preValidationHookHandler,
} from 'fastify';
import { z } from 'zod';
import { serializerCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  AgentError,
  ApiError,
  ValidationFailure,
  errorShapeForPath,
  type Actor,
  type ErrorShape,
} from '@momentum/contracts';
import { NO_BODY, zodValidatorCompiler } from './validation.js';

// A route declared once (defineRoute): its spec, the Fastify schema and documented replies
// made from it, and what its config says of its callers (public, the signing callers it
// accepts). The OpenAPI document is generated from these records (openapi.ts).

// --- Who may call it -----------------------------------------------------------------

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * Answered without a caller (health checks, docs). Every other route, and the 404 of an
     * unknown path, needs one: a route that forgets to say is closed, not open.
     */
    public?: boolean;
    /**
     * The signing callers (caller names of signing-keys.ts) the route accepts: declared by
     * every internal route (defineRoute); any other route accepts the gateway alone.
     */
    callers?: readonly string[];
  }
}

/** Whether the matched route said it is public (`config: { public: true }`). */
export const isPublicRoute = (request: FastifyRequest): boolean =>
  request.routeOptions.config.public === true;

/** Route options for a public route: `app.get('/health', PUBLIC_ROUTE, handler)`. */
export const PUBLIC_ROUTE = { config: { public: true } } as const;

/** The caller name of the gateway's signing key: the only caller that speaks for people. */
export const GATEWAY_CALLER = 'gateway';

const GATEWAY_ONLY: readonly string[] = [GATEWAY_CALLER];

/** The callers the matched route accepts (the gateway alone unless it declared others). */
export const acceptedCallers = (request: FastifyRequest): readonly string[] =>
  request.routeOptions.config.callers ?? GATEWAY_ONLY;

/**
 * For an internal route no service calls over HTTP (an operator's tool): no caller with a
 * key of its own is accepted, only the shared INTERNAL_SECRET (`internal`).
 */
export const OPERATORS_ONLY: readonly string[] = [];

// --- The spec ------------------------------------------------------------------------

/**
 * A route declared once: method, path, zod schemas for params, query, body and the reply,
 * and a handler that receives parsed, typed input. Fastify validates with these schemas
 * (the docs/interface.md §7 details of `parseInput`), serializes replies through them, and
 * the OpenAPI document is generated from them.
 */
export interface RouteSpec<P extends z.ZodType, Q extends z.ZodType, B extends z.ZodType> {
  method: HTTPMethods;
  url: string;
  summary: string;
  /** Longer prose for the docs (Markdown). */
  description?: string;
  /** A unique, stable name for the operation: clients' method names come from it. */
  operationId?: string;
  tags?: string[];
  params?: P;
  query?: Q;
  body?: B;
  /** Status and schema of the success reply. */
  response?: { status: number; schema?: z.ZodType; description?: string };
  /**
   * Errors the handler itself can answer (403 forbidden, 404 on a route without an id,
   * 409 conflict, 422 a rule beyond the schema). Those that follow from the route's shape
   * (401, 404 for an id, invalid input, malformed or oversized bodies, 500, 503) are added.
   */
  errors?: DeclaredError[];
  /** Routes reached only by other services with the system actor. */
  internal?: boolean;
  /**
   * The callers (signing caller names: `gateway`, `projects`, …) the route accepts; an
   * internal route must list them. Any other route accepts the gateway alone.
   */
  callers?: readonly string[];
}

/** A route as defineRoute registered it: what the OpenAPI document is generated from. */
export interface RouteRecord {
  spec: RouteSpec<z.ZodType, z.ZodType, z.ZodType>;
  /** The Fastify schema the route was registered with; the document is generated from it. */
  schema: FastifySchema & Record<string, unknown>;
}

// --- Its documented replies ------------------------------------------------------------

/** Errors a handler answers by its own decision; the rest follow from the route's shape. */
export type DeclaredError = 403 | 404 | 409 | 422;

interface RouteShape {
  method: string | string[];
  params?: unknown;
  query?: unknown;
  body?: unknown;
  response?: { status: number; schema?: z.ZodType; description?: string };
  errors?: readonly DeclaredError[];
}

const WITH_BODY = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

const describeA: Record<number, string> = {
  400: 'Malformed request: a URL that does not decode, or JSON that does not parse, nests deeper than 64 levels or has `__proto__` keys',
  401: 'Missing, malformed, unknown or revoked API key',
  403: 'The caller may not do this (`FORBIDDEN`)',
  404: 'Not found, or not visible to the caller',
  409: 'Conflict with the current state (`CONFLICT`; `details.rule` says which), or a quota reached (`QUOTA_EXCEEDED`; `details.limit` says how many)',
  413: 'Body over 1 MiB (`PAYLOAD_TOO_LARGE`)',
  415: 'Body is not `application/json` (`UNSUPPORTED_MEDIA_TYPE`)',
  422: 'Invalid input (`VALIDATION_ERROR`); `details` names the field and the rule',
  500: 'Server-side failure (`INTERNAL_ERROR`); never with a stack trace',
  503: 'A service or its database is unavailable, or the service is at capacity; retry after `Retry-After` seconds',
};

/** Shape B has no 422: invalid input is a 400 whose message names the field. */
const describeB: Record<number, string> = {
  ...describeA,
  400: 'Malformed request or invalid input; the message names the field',
};

/**
 * The statuses a route answers with an error: those it declares, and those its shape implies
 * (an id that may not exist, input that may be invalid, a body that may be malformed).
 */
export function errorStatuses(route: RouteShape, shape: ErrorShape): number[] {
  const invalid = shape === 'A' ? 422 : 400;
  const statuses = new Set<number>([401, 500, 503, ...(route.errors ?? [])]);
  // An id may not exist, and a path that does not decode is refused before routing (400).
  if (route.params) statuses.add(404).add(invalid).add(400);
  if (route.query || route.body) statuses.add(invalid);
  if ([route.method].flat().some((m) => WITH_BODY.has(m.toUpperCase())))
    statuses.add(400).add(413).add(415);
  return [...statuses].sort((a, b) => a - b);
}

/** Fastify's `schema.response` of a public route: its success reply and every error. */
export function routeResponses(route: RouteShape, shape: ErrorShape): Record<string, unknown> {
  const responses: Record<string, unknown> = {};
  const { status = 200, schema, description } = route.response ?? {};
  if (status === 204) responses[204] = noContent(description ?? 'Done; no body');
  else if (schema) responses[status] = json(schema, description ?? 'Success');
  for (const code of errorStatuses(route, shape)) {
    const body = shape === 'B' ? AgentError : code === 422 ? ValidationFailure : ApiError;
    responses[code] = json(body, (shape === 'B' ? describeB : describeA)[code] ?? 'Error');
  }
  return responses;
}

const json = (schema: z.ZodType, description: string) => ({
  description,
  content: { 'application/json': { schema } },
});

const noContents = new Map<string, z.ZodType>();
/** A reply without a body, documented as such (`z.undefined()` becomes `type: null`). */
function noContent(description: string): z.ZodType {
  let schema = noContents.get(description);
  if (!schema) noContents.set(description, (schema = z.undefined().meta({ description })));
  return schema;
}

// --- Registration ----------------------------------------------------------------------

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

/** The app's list, made on its first route. */
function declaredRoutes(app: FastifyInstance): RouteRecord[] {
  let list = registries.get(app);
  if (!list) registries.set(app, (list = []));
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
