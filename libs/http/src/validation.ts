import type { FastifySchemaCompiler } from 'fastify';
import { z } from 'zod';
import { AppError, type ErrorDetails } from '@momentum/contracts';

/**
 * Parses input with a zod schema and turns the first problem into the exact 422
 * details of docs/interface.md §7: `{field, rule:"required"}`, `{field, value, allowed}`, or a
 * custom rule such as `{field:"schedule", rule:"required_for_dailies"}`.
 */
export function parseInput<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const result = schema.safeParse(input, { reportInput: true });
  if (result.success) return result.data;
  throw validationErrorFrom(result.error);
}

/**
 * Stands for "no body was sent". Fastify hands a validator `null` for an absent body, which
 * would read as a JSON `null` ({rule:"type"}) instead of {field:"body", rule:"required"}; the
 * route marks the absence with this before validation (see route.ts).
 */
export const NO_BODY: unique symbol = Symbol('no body');

/**
 * Fastify's validator compiler for zod schemas: the same parse and the same
 * docs/interface.md §7 details as `parseInput`. A refusal is the AppError itself, so the
 * error handler answers it as it always did (422, or the route's own mapping).
 */
export const zodValidatorCompiler: FastifySchemaCompiler<z.ZodType> = ({ schema, httpPart }) => {
  const prepare =
    httpPart === 'querystring'
      ? plainQuery
      : httpPart === 'body'
        ? (data: unknown) => (data === NO_BODY ? undefined : data)
        : (data: unknown) => data;
  return (data: unknown) => {
    try {
      return { value: parseInput(schema, prepare(data)) };
    } catch (err) {
      return { error: err as Error };
    }
  };
};

/**
 * Query strings are plain values: a repeated key or bracket syntax never becomes an
 * object or array that could reach the database as an operator.
 */
export function plainQuery(query: unknown): Record<string, string> {
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

export function validationErrorFrom(error: z.ZodError): AppError {
  const issue = error.issues[0];
  if (!issue) return new AppError('VALIDATION_ERROR', 'Invalid input', {});
  const field = issue.path.length ? issue.path.map(String).join('.') : 'body';
  const details = detailsOf(issue, field);
  // details.field, not field: an unknown key names itself, not the object holding it.
  const message = `${String(details.field)}: ${messageOf(issue, details)}`;
  return new AppError('VALIDATION_ERROR', message, details);
}

type Issue = z.core.$ZodIssue & { input?: unknown };

function detailsOf(issue: Issue, field: string): ErrorDetails {
  switch (issue.code) {
    case 'invalid_type':
      if (issue.input === undefined || (issue.input === null && issue.expected !== 'null'))
        return issue.input === undefined
          ? { field, rule: 'required' }
          : { field, rule: 'type', expected: issue.expected };
      return { field, rule: 'type', expected: issue.expected };
    case 'invalid_value':
      // A missing enum field is "required", not a wrong value (docs/interface.md §7).
      if (issue.input === undefined) return { field, rule: 'required' };
      return { field, value: shortValue(issue.input), allowed: issue.values };
    case 'too_big':
      return { field, rule: ruleForSize('max', issue.origin), max: Number(issue.maximum) };
    case 'too_small':
      return { field, rule: ruleForSize('min', issue.origin), min: Number(issue.minimum) };
    case 'invalid_format':
      return { field, rule: 'format', format: issue.format };
    case 'unrecognized_keys':
      return { field: issue.keys[0] ?? field, rule: 'unknown_field' };
    case 'custom': {
      const params = (issue.params ?? {}) as Record<string, unknown>;
      return { field, rule: 'invalid', ...params };
    }
    default:
      return { field, rule: 'invalid' };
  }
}

function ruleForSize(kind: 'min' | 'max', origin: string): string {
  if (origin === 'string') return `${kind}_length`;
  if (origin === 'array' || origin === 'set') return `${kind}_items`;
  return kind;
}

function messageOf(issue: Issue, details: ErrorDetails): string {
  if (details.rule === 'required') return 'is required';
  if (details.rule === 'unknown_field') return 'is not a known field';
  if ('allowed' in details) return `must be one of ${(details.allowed as unknown[]).join(', ')}`;
  return issue.message;
}

/** Echo a refused value back without echoing a megabyte of it. */
function shortValue(value: unknown): unknown {
  if (typeof value === 'string' && value.length > 100) return `${value.slice(0, 100)}…`;
  if (value !== null && typeof value === 'object') return undefined;
  return value;
}
