/**
 * How the tools reach the REST API. The registry knows no transport: the gateway's
 * in-app endpoint passes a client over `app.inject`, the standalone server one over
 * fetch. `body` is the parsed JSON response (undefined when there is none).
 */
export type HttpMethod = 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';

export interface ApiResponse {
  status: number;
  body: unknown;
}

export interface ApiClient {
  request(method: HttpMethod, path: string, body?: unknown): Promise<ApiResponse>;
}

/** Parses a response text as JSON; a non-JSON text is kept as a string. */
export function parseJsonBody(text: string): unknown {
  if (text === '') return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}
