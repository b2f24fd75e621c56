import { z } from 'zod';

/**
 * How a value is documented when the JSON Schema zod derives from its validator would describe
 * the wrong thing. A query-string integer is validated as the digits the URL carries (so
 * `?page[$gt]=1` is refused), yet a client builds `limit=20` from a number: the document says
 * `integer`. @momentum/http's OpenAPI generation reads this registry; validation never does.
 */
export const documentedAs = z.registry<{ jsonSchema: Record<string, unknown> }>();

export function documentAs<S extends z.ZodType>(schema: S, jsonSchema: Record<string, unknown>): S {
  documentedAs.add(schema, { jsonSchema });
  return schema;
}

/** Where the named schemas of the OpenAPI document live: `#/components/schemas/<id>`. */
export const componentRef = (id: string) => `#/components/schemas/${id}`;
