import { createMomentumClient, type MomentumClient } from '@momentum/client';
import type { ApiClient, HttpMethod } from './api-client.js';

/** Never contacted: requests go through the tool's transport, which knows only paths. */
const ORIGIN = 'http://momentum.invalid';

/** Statuses whose response has no body (the Response constructor refuses one). */
const NO_BODY = new Set([204, 205, 304]);

/**
 * The typed client of the API (`@momentum/client`, generated from the gateway's document)
 * over a tool's transport: each path, parameter and body a tool sends is checked against
 * the document at compile time, so a change of the API that breaks a tool fails type-checking.
 * Lists are sent comma-separated (`labels=a,b`), as the API reads them.
 */
export function typedApi(client: ApiClient): MomentumClient {
  return createMomentumClient({
    baseUrl: ORIGIN,
    querySerializer: { array: { style: 'form', explode: false } },
    fetch: async (request: Request) => {
      const url = new URL(request.url);
      const text = await request.text();
      const res = await client.request(
        request.method as HttpMethod,
        `${url.pathname}${url.search}`,
        text === '' ? undefined : (JSON.parse(text) as unknown),
      );
      const body = NO_BODY.has(res.status) || res.body === undefined ? null : res.body;
      return new Response(body === null ? null : JSON.stringify(body), {
        status: res.status,
        headers: { 'content-type': 'application/json' },
      });
    },
  });
}
