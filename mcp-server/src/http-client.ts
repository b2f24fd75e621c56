import { parseJsonBody, type ApiClient } from '@momentum/mcp-tools';

export interface HttpClientOptions {
  /** The gateway, e.g. http://127.0.0.1:3000 (a path prefix is kept). */
  baseUrl: string;
  /** The Authorization header value sent with every call (`Bearer svc_…`). */
  authorization: string;
  timeoutMs?: number;
}

/** The standalone server's ApiClient: plain fetch to the gateway with the caller's key. */
export function httpApiClient({
  baseUrl,
  authorization,
  timeoutMs = 30_000,
}: HttpClientOptions): ApiClient {
  const base = baseUrl.replace(/\/+$/, '');
  return {
    async request(method, path, body) {
      const res = await fetch(`${base}${path}`, {
        method,
        headers: {
          authorization,
          accept: 'application/json',
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
        signal: AbortSignal.timeout(timeoutMs),
      });
      return { status: res.status, body: parseJsonBody(await res.text()) };
    },
  };
}
