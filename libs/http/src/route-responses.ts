import { z } from 'zod';
import { AgentError, ApiError, ValidationFailure, type ErrorShape } from '@momentum/contracts';

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
