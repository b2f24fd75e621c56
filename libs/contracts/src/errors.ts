/**
 * The one catalogue of error codes. Every HTTP error the platform sends is an AppError
 * with one of these codes; @momentum/http's error handler turns it into shape A or B.
 */
export const ErrorCodes = {
  VALIDATION_ERROR: 422,
  BAD_REQUEST: 400,
  UNAUTHORIZED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  METHOD_NOT_ALLOWED: 405,
  CONFLICT: 409,
  /** A per-user or per-team limit (keys, agents, webhook subscriptions) is reached. */
  QUOTA_EXCEEDED: 409,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  RATE_LIMITED: 429,
  INTERNAL_ERROR: 500,
  BAD_GATEWAY: 502,
  SERVICE_UNAVAILABLE: 503,
} as const;

export type ErrorCode = keyof typeof ErrorCodes;

export type ErrorDetails = Record<string, unknown>;

export class AppError extends Error {
  readonly code: ErrorCode;
  readonly statusCode: number;
  readonly details: ErrorDetails | undefined;
  /** Extra response headers, e.g. Retry-After. */
  readonly headers: Record<string, string> | undefined;

  constructor(
    code: ErrorCode,
    message: string,
    details?: ErrorDetails,
    headers?: Record<string, string>,
  ) {
    super(message);
    this.name = 'AppError';
    this.code = code;
    this.statusCode = ErrorCodes[code];
    this.details = details;
    this.headers = headers;
  }
}

export const notFound = (what = 'Resource') => new AppError('NOT_FOUND', `${what} not found`);
export const forbidden = (message = 'You do not have access to this resource') =>
  new AppError('FORBIDDEN', message);
export const conflict = (message: string, details?: ErrorDetails) =>
  new AppError('CONFLICT', message, details);
/** 409 QUOTA_EXCEEDED with `details: { limit }`: delete one before making another. */
export const quotaExceeded = (what: string, limit: number) =>
  new AppError('QUOTA_EXCEEDED', `${what}: the limit of ${limit} is reached`, { limit });
/**
 * 429 RATE_LIMITED with `Retry-After`: `limit` of `what` per hour are used; the oldest frees a
 * slot in `retryAfterS` seconds.
 */
export const hourlyQuota = (what: string, limit: number, retryAfterS: number) =>
  new AppError(
    'RATE_LIMITED',
    `${what}: at most ${limit} an hour; retry later`,
    { limit },
    {
      'retry-after': String(Math.max(1, Math.ceil(retryAfterS))),
    },
  );
export const unauthorized = (message = 'Missing or invalid API key') =>
  new AppError('UNAUTHORIZED', message);
export const validationError = (message: string, details: ErrorDetails) =>
  new AppError('VALIDATION_ERROR', message, details);

/** Shape A: `{ error: { code, message, details? } }` — every path except /api/agents. */
export interface ErrorBodyA {
  error: { code: string; message: string; details?: ErrorDetails };
}
/** Shape B: `{ statusCode, message }` — the /api/agents paths. */
export interface ErrorBodyB {
  statusCode: number;
  message: string;
}
export type ErrorShape = 'A' | 'B';

export function errorBody(
  shape: ErrorShape,
  code: string,
  statusCode: number,
  message: string,
  details?: ErrorDetails,
): ErrorBodyA | ErrorBodyB {
  if (shape === 'B') return { statusCode, message };
  return details === undefined
    ? { error: { code, message } }
    : { error: { code, message, details } };
}

/** Which error shape a public path uses (docs/interface.md §7). */
export function errorShapeForPath(path: string): ErrorShape {
  return path === '/api/agents' ||
    path.startsWith('/api/agents/') ||
    path.startsWith('/api/agents?')
    ? 'B'
    : 'A';
}
