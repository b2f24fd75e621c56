import { errorShapeForPath } from '@momentum/contracts';
import { operations, type OpenApiDocument } from '@momentum/http';

// What the gateway adds to every operation it forwards, documented where it applies: the
// bearer key, rate limiting (limits/rate-limit.ts) and Idempotency-Key (idempotency/plugin.ts).

type Json = Record<string, unknown>;

const header = (name: string) => ({ $ref: `#/components/headers/${name}` });
const schema = (name: string) => ({ $ref: `#/components/schemas/${name}` });

/** Sent on every response to a rate-limited request (when limiting is on). */
const RATE_LIMIT_HEADERS = {
  'X-RateLimit-Limit': header('X-RateLimit-Limit'),
  'X-RateLimit-Remaining': header('X-RateLimit-Remaining'),
  'X-RateLimit-Reset': header('X-RateLimit-Reset'),
};

export const GATEWAY_HEADERS: Json = {
  'X-RateLimit-Limit': {
    description:
      'Requests allowed per window for this key (per client address without a valid key)',
    schema: { type: 'integer', minimum: 1 },
  },
  'X-RateLimit-Remaining': {
    description: 'Requests left in the current window',
    schema: { type: 'integer', minimum: 0 },
  },
  'X-RateLimit-Reset': {
    description: 'Seconds until the window resets',
    schema: { type: 'integer', minimum: 0 },
  },
  'Idempotent-Replayed': {
    description:
      'Present (`true`) when this is the stored response to an earlier request with the same Idempotency-Key',
    schema: { type: 'string', enum: ['true'] },
  },
};

export const GATEWAY_PARAMETERS: Json = {
  'Idempotency-Key': {
    name: 'Idempotency-Key',
    in: 'header',
    required: false,
    description:
      'Makes a retry safe: a repeat with the same key, method, path and body within 24 h gets the first status and body again (`Idempotent-Replayed: true`); the same key with another request is 422; a repeat while the first still runs is 409 with `Retry-After`. A reply that carried a raw API key or a webhook signing secret (`whsec_…`) is never stored, so its repeat is 409 and shows neither again. Keys are remembered per caller by the gateway instance that served them.',
    schema: { type: 'string', pattern: '^[\\x21-\\x7e]{1,255}$' },
  },
};

const errorBody = (path: string, status: number) =>
  errorShapeForPath(path) === 'B'
    ? schema('AgentError')
    : status === 422
      ? schema('ValidationFailure')
      : schema('ApiError');

const errorResponse = (path: string, status: number, description: string, headers?: Json) => ({
  description,
  ...(headers ? { headers } : {}),
  content: { 'application/json': { schema: errorBody(path, status) } },
});

/** Adds the gateway's parameters, responses and headers to every /api operation. */
export function addGatewayConcerns(doc: OpenApiDocument): void {
  for (const [path, method, op] of operations(doc)) {
    if (!path.startsWith('/api/')) continue;
    const responses = (op.responses ??= {}) as Record<string, Json>;
    responses['429'] ??= errorResponse(
      path,
      429,
      'Rate limited (`RATE_LIMITED`); retry after `Retry-After` seconds',
      {
        'Retry-After': header('Retry-After'),
      },
    );
    if (method === 'post') addIdempotency(path, op, responses);
    for (const response of Object.values(responses)) {
      response.headers = { ...RATE_LIMIT_HEADERS, ...((response.headers as Json) ?? {}) };
    }
  }
}

function addIdempotency(path: string, op: Json, responses: Record<string, Json>): void {
  op.parameters = [
    ...((op.parameters as Json[] | undefined) ?? []),
    { $ref: '#/components/parameters/Idempotency-Key' },
  ];
  for (const [status, response] of Object.entries(responses)) {
    if (Number(status) < 500)
      response.headers = {
        ...((response.headers as Json) ?? {}),
        'Idempotent-Replayed': header('Idempotent-Replayed'),
      };
  }
  responses['400'] ??= errorResponse(
    path,
    400,
    'Malformed request, or an Idempotency-Key that is not 1–255 visible ASCII characters',
  );
  responses['409'] ??= errorResponse(path, 409, 'Conflict');
  responses['409'].description =
    `${String(responses['409'].description)}; or a request with this Idempotency-Key is still running (with \`Retry-After\`), or already succeeded with a reply that held a key`;
  responses['409'].headers = {
    ...((responses['409'].headers as Json) ?? {}),
    'Retry-After': header('Retry-After'),
  };
  responses['422'] ??= errorResponse(path, 422, 'Invalid input');
  responses['422'].description =
    `${String(responses['422'].description)}; or this Idempotency-Key was used with a different request`;
}
