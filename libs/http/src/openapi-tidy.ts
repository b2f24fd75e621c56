// Finishing steps for a generated OpenAPI document, shared by the services and the gateway.

type Json = Record<string, unknown>;
type Doc = Json & {
  paths: Record<string, Record<string, Json>>;
  components?: Record<string, Json>;
};

const HTTP_METHODS = new Set(['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace']);

/** Headers an error response carries, by status: named in `components.headers`. */
export const ERROR_HEADERS: Record<string, Record<string, Json>> = {
  '401': { 'WWW-Authenticate': { $ref: '#/components/headers/WWW-Authenticate' } },
  '503': { 'Retry-After': { $ref: '#/components/headers/Retry-After' } },
};

export const COMMON_HEADERS: Record<string, Json> = {
  'Retry-After': {
    description: 'Seconds to wait before retrying',
    schema: { type: 'integer', minimum: 1 },
  },
  'WWW-Authenticate': {
    description:
      'The bearer challenge (RFC 6750), with `error="invalid_token"` when a key was refused',
    schema: { type: 'string' },
  },
};

/** Every operation of the document with its path and method. */
export function* operations(doc: Doc): Generator<[string, string, Json]> {
  for (const [path, item] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(item)) {
      if (HTTP_METHODS.has(method)) yield [path, method, op];
    }
  }
}

/** Adds `headers` to the responses of the given statuses, in every operation. */
export function addResponseHeaders(doc: Doc, byStatus: Record<string, Record<string, Json>>): void {
  for (const [, , op] of operations(doc)) {
    const responses = (op.responses ?? {}) as Record<string, Json>;
    for (const [status, headers] of Object.entries(byStatus)) {
      const response = responses[status];
      if (response) response.headers = { ...((response.headers as Json) ?? {}), ...headers };
    }
  }
}

/** Drops component schemas nothing reaches from the paths (zod's registry holds them all). */
export function pruneSchemas(doc: Doc): void {
  const schemas = (doc.components?.schemas ?? {}) as Record<string, unknown>;
  const prefix = '#/components/schemas/';
  const reached = new Set<string>();
  const visit = (value: unknown): void => {
    if (Array.isArray(value)) return value.forEach(visit);
    if (value === null || typeof value !== 'object') return;
    for (const [key, child] of Object.entries(value)) {
      if (key === '$ref' && typeof child === 'string' && child.startsWith(prefix)) {
        const name = decodeURIComponent(child.slice(prefix.length));
        if (!reached.has(name)) {
          reached.add(name);
          visit(schemas[name]);
        }
      } else visit(child);
    }
  };
  visit(doc.paths);
  for (const name of Object.keys(schemas)) if (!reached.has(name)) delete schemas[name];
}

/** A service's generated document, finished: error headers named, unused schemas dropped. */
export function finishDocument<D extends Doc>(doc: D): D {
  doc.components = { ...doc.components, headers: { ...COMMON_HEADERS } };
  addResponseHeaders(doc, ERROR_HEADERS);
  pruneSchemas(doc);
  return doc;
}
