import type { FastifySchema, HTTPMethods } from 'fastify';
import type { z } from 'zod';
import type { DeclaredError } from './route-responses.js';

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
