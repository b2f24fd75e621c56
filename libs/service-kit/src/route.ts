import type { FastifyInstance, FastifyReply, FastifyRequest, HTTPMethods } from 'fastify';
import { z } from 'zod';
import type { Actor } from '@momentum/contracts';
import { parseInput } from './validation.js';

/**
 * A route declared once: method, path, zod schemas for params, query and body, and a
 * handler that receives parsed, typed input. The same declaration feeds OpenAPI.
 */
export interface RouteSpec<P extends z.ZodType, Q extends z.ZodType, B extends z.ZodType> {
  method: HTTPMethods;
  url: string;
  summary: string;
  tags?: string[];
  params?: P;
  query?: Q;
  body?: B;
  /** Status and schema of the success reply, for the docs. */
  response?: { status: number; schema?: z.ZodType; description?: string };
  /** Routes reached only by other services with the system actor. */
  internal?: boolean;
}

export interface RouteInput<P, Q, B> {
  params: P;
  query: Q;
  body: B;
  actor: Actor;
  request: FastifyRequest;
  reply: FastifyReply;
}

type Out<S> = S extends z.ZodType ? z.output<S> : undefined;

export interface RouteRecord {
  spec: RouteSpec<z.ZodType, z.ZodType, z.ZodType>;
}

const registries = new WeakMap<FastifyInstance, RouteRecord[]>();

export function routesOf(app: FastifyInstance): RouteRecord[] {
  let list = registries.get(app);
  if (!list) {
    list = [];
    registries.set(app, list);
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
  routesOf(app).push({ spec: spec as unknown as RouteSpec<z.ZodType, z.ZodType, z.ZodType> });
  app.route({
    method: spec.method,
    url: spec.url,
    handler: async (request, reply) => {
      const actor = request.actor;
      if (spec.internal && actor.type !== 'system') {
        return reply.status(404).send({ error: { code: 'NOT_FOUND', message: 'Not found' } });
      }
      const input = {
        params: (spec.params ? parseInput(spec.params, request.params) : undefined) as Out<P>,
        query: (spec.query
          ? parseInput(spec.query, plainQuery(request.query))
          : undefined) as Out<Q>,
        body: (spec.body ? parseInput(spec.body, request.body) : undefined) as Out<B>,
        actor,
        request,
        reply,
      };
      const result = await handler(input);
      if (reply.sent) return reply;
      const status = spec.response?.status ?? 200;
      if (status === 204) return reply.status(204).send();
      return reply.status(status).send(result);
    },
  });
}

/**
 * Query strings are plain values: a repeated key or bracket syntax never becomes an
 * object or array that could reach the database as an operator.
 */
function plainQuery(query: unknown): Record<string, string> {
  const out: Record<string, string> = {};
  if (!query || typeof query !== 'object') return out;
  for (const [key, value] of Object.entries(query as Record<string, unknown>)) {
    if (typeof value === 'string') out[key] = value;
    else if (Array.isArray(value)) out[key] = String(value[value.length - 1]);
    // Anything else (a parsed object) is dropped — but a key with brackets is kept
    // as a plain unknown key so strict schemas can refuse it.
  }
  return out;
}
