import { isDeepStrictEqual } from 'node:util';
import { operations, type OpenApiDocument } from '@momentum/http';

type Json = Record<string, unknown>;
type Paths = Record<string, Record<string, Json>>;

export interface ServiceDocument {
  service: string;
  doc: OpenApiDocument;
}

export interface Merged {
  paths: Paths;
  schemas: Record<string, unknown>;
  headers: Record<string, unknown>;
  /** OpenAPI 3.1 `webhooks`: the calls Momentum makes to its subscribers (the webhooks service's). */
  webhooks: Record<string, unknown>;
  /** Component names two services define differently (a deployment of mixed versions). */
  conflicts: string[];
}

/**
 * One set of paths and components from every service's document. Where two services serve
 * the same path and method (`/api/tasks`: tasks and issues), the operation documents both
 * variants; the gateway picks the service per request (routing/task-router.ts).
 */
export function mergeDocuments(documents: readonly ServiceDocument[]): Merged {
  const merged: Merged = { paths: {}, schemas: {}, headers: {}, webhooks: {}, conflicts: [] };
  for (const { service, doc } of documents) {
    for (const [path, method, op] of operations(doc)) {
      const target = (merged.paths[path] ??= {});
      const tagged = { ...op, 'x-service': service };
      target[method] = target[method] ? mergeVariants(target[method], tagged) : tagged;
    }
    mergeNamed(merged.schemas, doc.components?.schemas ?? {}, merged.conflicts);
    mergeNamed(merged.headers, doc.components?.headers ?? {}, merged.conflicts);
    mergeNamed(merged.webhooks, (doc.webhooks ?? {}) as Json, merged.conflicts);
  }
  return merged;
}

function mergeNamed(into: Record<string, unknown>, from: Json, conflicts: string[]): void {
  for (const [name, value] of Object.entries(from)) {
    if (!(name in into)) into[name] = value;
    else if (!isDeepStrictEqual(into[name], value) && !conflicts.includes(name))
      conflicts.push(name);
  }
}

/** Two services' operations on one path and method, as one operation with both variants. */
export function mergeVariants(a: Json, b: Json): Json {
  const body = [a, b].map(bodySchema).filter((s) => s !== undefined);
  return {
    operationId: combinedId(String(a.operationId ?? ''), String(b.operationId ?? '')),
    summary: `${String(a.summary)} — or — ${String(b.summary)}`,
    description: [a, b]
      .map((op) =>
        `**${String(op.summary)}** (${String(op['x-service'])}). ${String(op.description ?? '')}`.trim(),
      )
      .join('\n\n'),
    tags: [...new Set([...tagsOf(a), ...tagsOf(b)])],
    'x-service': [a['x-service'], b['x-service']].flat(),
    ...mergeParameters(a, b),
    ...(body.length
      ? {
          requestBody: {
            required: true,
            // anyOf, not oneOf: `{title}` updates a task or an issue alike (the id decides).
            content: {
              'application/json': { schema: body.length > 1 ? { anyOf: body } : body[0] },
            },
          },
        }
      : {}),
    responses: mergeResponses(a.responses as Json, b.responses as Json),
  };
}

const tagsOf = (op: Json) => (op.tags as string[] | undefined) ?? [];

const bodySchema = (op: Json) =>
  (op.requestBody as { content?: Record<string, { schema?: unknown }> } | undefined)?.content?.[
    'application/json'
  ]?.schema;

/** `listTasks` + `listIssues` → `listTasksOrIssues`; `archiveTask` + `deleteIssue` → `archiveTaskOrDeleteIssue`. */
export function combinedId(a: string, b: string): string {
  const words = (s: string) => s.split(/(?=[A-Z])/);
  const [wa, wb] = [words(a), words(b)];
  let shared = 0;
  while (shared < Math.min(wa.length, wb.length) - 1 && wa[shared] === wb[shared]) shared++;
  const rest = wb.slice(shared).join('');
  return `${a}Or${rest.charAt(0).toUpperCase()}${rest.slice(1)}`;
}

/**
 * Parameters of both. One of the same name and place accepts what either accepts, and is
 * required only when both variants require it (the variant is chosen by the parameters sent).
 */
function mergeParameters(a: Json, b: Json): { parameters?: Json[] } {
  const params = (op: Json) => (op.parameters as Json[] | undefined) ?? [];
  const keyOf = (p: Json) => `${String(p.in)}:${String(p.name)}`;
  const merged = new Map<string, Json>();
  for (const p of [...params(a), ...params(b)]) {
    const key = keyOf(p);
    const [pa, pb] = [a, b].map((op) => params(op).find((q) => keyOf(q) === key));
    if (merged.has(key)) continue;
    const schema =
      pa && pb && !isDeepStrictEqual(pa.schema, pb.schema)
        ? { anyOf: [pa.schema, pb.schema] }
        : p.schema;
    merged.set(key, {
      ...p,
      schema,
      required: Boolean(pa?.required && pb?.required) || p.in === 'path',
    });
  }
  return merged.size ? { parameters: [...merged.values()] } : {};
}

/** Per status: one response when both agree, else either body (anyOf: empty lists fit both). */
function mergeResponses(a: Json = {}, b: Json = {}): Json {
  const out: Json = { ...a };
  for (const [status, rb] of Object.entries(b) as [string, Json][]) {
    const ra = out[status] as Json | undefined;
    if (!ra || isDeepStrictEqual(ra, rb)) {
      out[status] = rb;
      continue;
    }
    const [sa, sb] = [ra, rb].map(
      (r) =>
        (r.content as Record<string, { schema?: unknown }> | undefined)?.['application/json']
          ?.schema,
    );
    out[status] = {
      description:
        ra.description === rb.description
          ? ra.description
          : `${String(ra.description)} / ${String(rb.description)}`,
      ...(ra.headers || rb.headers
        ? { headers: { ...(ra.headers as Json), ...(rb.headers as Json) } }
        : {}),
      ...(sa || sb
        ? {
            content: {
              'application/json': {
                schema: sa && sb && !isDeepStrictEqual(sa, sb) ? { anyOf: [sa, sb] } : (sa ?? sb),
              },
            },
          }
        : {}),
    };
  }
  return out;
}
