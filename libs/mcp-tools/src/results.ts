import { ErrorCodes } from '@momentum/contracts';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import type { ApiResponse } from './api-client.js';

export interface ToolError {
  code: string;
  message: string;
  details?: Record<string, unknown>;
  status?: number;
}

/** A successful result: the structured value plus the same as a JSON text block. */
export function okResult(structured: Record<string, unknown>): CallToolResult {
  return {
    content: [{ type: 'text', text: JSON.stringify(structured, null, 2) }],
    structuredContent: structured,
  };
}

/**
 * A failed call as a tool result (`isError: true`), never a protocol error: the text
 * block is `{"error":{code,message,details?,status?}}` so a model can read and act on it.
 */
export function errorResult(error: ToolError): CallToolResult {
  return { content: [{ type: 'text', text: JSON.stringify({ error }, null, 2) }], isError: true };
}

const codeForStatus = (status: number): string =>
  (Object.entries(ErrorCodes).find(([, s]) => s === status)?.[0] as string | undefined) ??
  (status >= 500 ? 'INTERNAL_ERROR' : 'BAD_REQUEST');

const isRecord = (v: unknown): v is Record<string, unknown> =>
  v !== null && typeof v === 'object' && !Array.isArray(v);

/** A REST error response (shape A `{error:{…}}` or shape B `{statusCode,message}`) as a ToolError. */
export function toToolError(res: ApiResponse): ToolError {
  const body = res.body;
  if (isRecord(body) && isRecord(body.error) && typeof body.error.code === 'string') {
    const { code, message, details } = body.error;
    return {
      code,
      message: typeof message === 'string' ? message : code,
      ...(isRecord(details) ? { details } : {}),
      status: res.status,
    };
  }
  const message =
    isRecord(body) && typeof body.message === 'string'
      ? body.message
      : `The API answered ${res.status}`;
  return { code: codeForStatus(res.status), message, status: res.status };
}

/** Shapes a paged list: the items under `key`, plus the API's paging `meta` when it sent one. */
export const pagedAs =
  (key: string) =>
  (data: unknown, meta: unknown): Record<string, unknown> => ({
    [key]: data,
    ...(meta === undefined ? {} : { meta }),
  });

/** What an openapi-fetch call resolves to: the parsed body of a 2xx, or of any other answer. */
export interface TypedCall {
  data?: unknown;
  error?: unknown;
  response: Response;
}

/** A request's answer, or the error result that stands for it (the API out of reach, a non-2xx). */
async function send(
  call: Promise<TypedCall>,
): Promise<{ res: ApiResponse } | { failed: CallToolResult }> {
  let answered: TypedCall;
  try {
    answered = await call;
  } catch (err) {
    const message = err instanceof Error ? err.message : String(err);
    return {
      failed: errorResult({
        code: 'SERVICE_UNAVAILABLE',
        message: `The Momentum API could not be reached: ${message}`,
      }),
    };
  }
  const { status, ok } = answered.response;
  if (!ok) return { failed: errorResult(toToolError({ status, body: answered.error })) };
  return { res: { status, body: answered.data } };
}

/**
 * Awaits a typed call (`api.GET('/api/tasks/{id}', …)`) and shapes a 2xx `{ data, meta? }`
 * body into the tool's structured result; any other answer, or a transport failure,
 * becomes an error result.
 */
export async function callApi(
  call: Promise<TypedCall>,
  shape: (data: unknown, meta: unknown) => Record<string, unknown>,
): Promise<CallToolResult> {
  const sent = await send(call);
  if ('failed' in sent) return sent.failed;
  const { res } = sent;
  if (!isRecord(res.body) || !('data' in res.body)) {
    return errorResult({
      code: 'BAD_GATEWAY',
      message: `The API answered ${res.status} without a data field`,
      status: res.status,
    });
  }
  return okResult(shape(res.body.data, res.body.meta));
}

/** Awaits a call answered 204 with nothing (a deletion): null when done, else the error result. */
export async function callApiForNothing(call: Promise<TypedCall>): Promise<CallToolResult | null> {
  const sent = await send(call);
  return 'failed' in sent ? sent.failed : null;
}
