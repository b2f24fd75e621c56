import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { routesOf } from './route.js';

/** OpenAPI 3.1 paths built from the routes' own zod schemas; the gateway merges them. */
export function openApiPaths(app: FastifyInstance): Record<string, Record<string, unknown>> {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const { spec } of routesOf(app)) {
    if (spec.internal) continue;
    const path = spec.url.replace(/:([A-Za-z]+)/g, '{$1}');
    const op: Record<string, unknown> = { summary: spec.summary, tags: spec.tags ?? [] };
    const parameters: unknown[] = [];
    for (const [where, schema] of [
      ['path', spec.params],
      ['query', spec.query],
    ] as const) {
      const json = schema ? jsonSchema(schema, 'input') : undefined;
      const props = (json?.properties ?? {}) as Record<string, unknown>;
      const required = new Set((json?.required as string[] | undefined) ?? []);
      for (const [name, s] of Object.entries(props)) {
        parameters.push({
          name,
          in: where,
          required: where === 'path' || required.has(name),
          schema: s,
        });
      }
    }
    if (parameters.length) op.parameters = parameters;
    if (spec.body) {
      op.requestBody = {
        required: true,
        content: { 'application/json': { schema: jsonSchema(spec.body, 'input') } },
      };
    }
    const status = String(spec.response?.status ?? 200);
    op.responses = {
      [status]: spec.response?.schema
        ? {
            description: spec.response.description ?? 'Success',
            content: { 'application/json': { schema: jsonSchema(spec.response.schema, 'output') } },
          }
        : { description: spec.response?.description ?? 'Success' },
    };
    (paths[path] ??= {})[spec.method.toString().toLowerCase()] = op;
  }
  return paths;
}

function jsonSchema(schema: z.ZodType, io: 'input' | 'output'): Record<string, unknown> {
  try {
    return z.toJSONSchema(schema, {
      io,
      unrepresentable: 'any',
      target: 'draft-2020-12',
    }) as Record<string, unknown>;
  } catch {
    return {};
  }
}
