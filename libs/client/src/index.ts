import createClient, { type Client, type ClientOptions, type FetchOptions } from 'openapi-fetch';
import type { components, operations, paths } from './generated/openapi.js';

export type { components, operations, paths };

/** The named schemas of the document (`Task`, `Issue`, `ApiError`, …). */
export type Schemas = components['schemas'];

export type MomentumClient = Client<paths>;

/** The body an operation takes, as the client checks it: `RequestBody<'/api/tasks', 'post'>`. */
export type RequestBody<P extends keyof paths, M extends keyof paths[P]> = NonNullable<
  FetchOptions<paths[P][M]>['body']
>;

export interface MomentumClientOptions extends Omit<ClientOptions, 'headers'> {
  /** The gateway, e.g. `http://127.0.0.1:3000`. */
  baseUrl: string;
  /** A user's or an agent's key, `svc_…`; sent as `Authorization: Bearer …`. */
  apiKey?: string;
  headers?: Record<string, string>;
}

/**
 * A typed client of the Momentum API: paths, parameters, bodies and replies come from the
 * gateway's /openapi.json (openapi-typescript), requests go through openapi-fetch.
 *
 *   const api = createMomentumClient({ baseUrl, apiKey });
 *   const { data, error } = await api.GET('/api/tasks/{id}', { params: { path: { id } } });
 */
export function createMomentumClient({
  apiKey,
  headers,
  ...options
}: MomentumClientOptions): MomentumClient {
  return createClient<paths>({
    ...options,
    headers: { ...(apiKey ? { authorization: `Bearer ${apiKey}` } : {}), ...headers },
  });
}
