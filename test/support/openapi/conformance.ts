import { OperationFinder, type MatchedOperation } from './operations.js';
import { DocumentSchemas, pointer } from './schemas.js';

type Json = Record<string, any>;

export interface Exchange {
  method: string;
  /** Path and query, as sent. */
  url: string;
  requestHeaders: Record<string, string>;
  /** The body as sent, or undefined. */
  requestBody?: string;
  status: number;
  responseHeaders: Headers;
  responseText: string;
}

/**
 * Checks real exchanges against an OpenAPI 3.1 document:
 * - the response: its status is documented for the operation, and its body (or its absence)
 *   and documented headers match what the document says for that status;
 * - the request: one the document calls invalid (parameters, body, missing key) must have
 *   been refused (4xx), and one the service accepted (2xx) must be valid by the document.
 * Exchanges with a path or method the document lacks (unknown routes, 405) are not
 * operations, so there is nothing to check them against.
 */
export class Conformance {
  private readonly finder: OperationFinder;
  private readonly schemas: DocumentSchemas;

  constructor(private readonly document: Json) {
    this.finder = new OperationFinder(document);
    this.schemas = new DocumentSchemas(document);
  }

  /** Problems found, each a sentence; [] when the exchange is as documented. */
  check(exchange: Exchange): string[] {
    const [path, query = ''] = exchange.url.split('?', 2) as [string, string?];
    const match = this.finder.find(exchange.method, path);
    if (!match) return [];
    const label = `${exchange.method} ${match.template} → ${exchange.status}`;
    const problems = [
      ...this.checkResponse(match, exchange),
      ...this.checkRequest(match, exchange, new URLSearchParams(query)),
    ];
    return problems.map((p) => `${label}: ${p}`);
  }

  private checkResponse(match: MatchedOperation, ex: Exchange): string[] {
    const responses: Json = match.operation.responses ?? {};
    const status = String(ex.status);
    const key = [status, `${status[0]}XX`, 'default'].find((k) => k in responses);
    if (!key)
      return [
        `status ${status} is not documented (documented: ${Object.keys(responses).join(', ')})`,
      ];
    const response = this.resolve(responses[key]);
    const at = pointer('paths', match.template, match.method, 'responses', key);
    const problems: string[] = [];
    const content: Json | undefined = response.content;
    if (!content) {
      if (ex.responseText !== '') problems.push('has a body, but the document says none');
    } else {
      const type = (ex.responseHeaders.get('content-type') ?? '').split(';')[0]!.trim();
      if (!(type in content)) problems.push(`content type "${type}" is not documented`);
      else if (type === 'application/json') {
        const body = parseJson(ex.responseText);
        if (body === NOT_JSON) problems.push('body is not JSON');
        else if (content[type].schema)
          problems.push(
            ...this.schemas
              .check(`/${at}/content/${pointer(type)}/schema`, body)
              .map((e) => `body ${e}`),
          );
      }
    }
    for (const [name, header] of Object.entries<Json>(response.headers ?? {})) {
      const value = ex.responseHeaders.get(name);
      if (value === null) continue;
      const schema = this.resolve(header).schema ?? {};
      const typed = coerce(value, schema);
      const headerAt = `/${at}/headers/${pointer(name)}`;
      problems.push(
        ...this.schemas
          .check(header.$ref ? `${header.$ref.slice(1)}/schema` : `${headerAt}/schema`, typed)
          .map((e) => `header ${name} ${e}`),
      );
    }
    return problems;
  }

  /** Why the document calls the request invalid, or [] when it is valid. */
  requestProblems(match: MatchedOperation, ex: Exchange, query: URLSearchParams): string[] {
    const op = match.operation;
    const at = pointer('paths', match.template, match.method);
    const problems: string[] = [];
    const security = op.security ?? this.document.security ?? [];
    if (security.length && !/^Bearer \S+$/i.test(headerOf(ex, 'authorization') ?? ''))
      problems.push('sends no bearer key');
    const parameters: Json[] = (op.parameters ?? []).map((p: Json) => this.resolve(p));
    parameters.forEach((p, i) => {
      const raw =
        p.in === 'path'
          ? match.params[p.name]
          : p.in === 'query'
            ? last(query, p.name)
            : headerOf(ex, p.name);
      if (raw === undefined || raw === null) {
        if (p.required) problems.push(`lacks ${p.in} parameter ${p.name}`);
        return;
      }
      const schemaAt = op.parameters[i].$ref
        ? `${op.parameters[i].$ref.slice(1)}/schema`
        : `/${at}/parameters/${i}/schema`;
      problems.push(
        ...this.schemas
          .check(schemaAt, coerce(raw, p.schema ?? {}))
          .map((e) => `${p.in} ${p.name} ${e}`),
      );
    });
    const body = op.requestBody ? this.resolve(op.requestBody) : undefined;
    if (body) {
      const sent = ex.requestBody !== undefined && ex.requestBody !== '';
      const type = (headerOf(ex, 'content-type') ?? '').split(';')[0]!.trim();
      if (!sent) {
        if (body.required) problems.push('sends no body');
      } else if (!(type in (body.content ?? {}))) problems.push(`sends a body of type "${type}"`);
      else {
        const value = parseJson(ex.requestBody!);
        if (value === NOT_JSON) problems.push('sends a body that is not JSON');
        else
          problems.push(
            ...this.schemas
              .check(`/${at}/requestBody/content/${pointer(type)}/schema`, value)
              .map((e) => `body ${e}`),
          );
      }
    }
    return problems;
  }

  /**
   * A request the document calls invalid must have been refused: a 4xx, or an answer that
   * does not depend on the request (503 at capacity). A 2xx to it means the document is
   * stricter than the service; a 500, that the service did not refuse it.
   */
  private checkRequest(match: MatchedOperation, ex: Exchange, query: URLSearchParams): string[] {
    const invalid = this.requestProblems(match, ex, query);
    const refused = (ex.status >= 400 && ex.status < 500) || ex.status === 503;
    return invalid.length && !refused
      ? [
          `was answered ${ex.status}, but the document calls the request invalid: ${invalid.join('; ')}`,
        ]
      : [];
  }

  private resolve(value: Json): Json {
    if (!value?.$ref) return value;
    const path = String(value.$ref).replace(/^#\//, '').split('/');
    return this.resolve(
      path.reduce(
        (node: Json, key) => node?.[key.replace(/~1/g, '/').replace(/~0/g, '~')],
        this.document,
      ),
    );
  }
}

const NOT_JSON = Symbol('not JSON');
function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return NOT_JSON;
  }
}

const last = (query: URLSearchParams, name: string) => {
  const all = query.getAll(name);
  return all.length ? all[all.length - 1] : undefined;
};

const headerOf = (ex: Exchange, name: string) =>
  Object.entries(ex.requestHeaders).find(([k]) => k.toLowerCase() === name.toLowerCase())?.[1];

/** A parameter or header as the value it stands for, by its schema's type (`limit=20` → 20). */
function coerce(raw: string, schema: Json): unknown {
  const types = [schema.type].flat();
  if (types.includes('integer') || types.includes('number')) {
    const n = Number(raw);
    return raw.trim() !== '' && Number.isFinite(n) ? n : raw;
  }
  if (types.includes('boolean')) return raw === 'true' ? true : raw === 'false' ? false : raw;
  return raw;
}
