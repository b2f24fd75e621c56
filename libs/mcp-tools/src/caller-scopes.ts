import type { ApiClient } from './api-client.js';

/**
 * The calling key's scopes, as `GET /api/me` reports them (every key may call it). Null when
 * they cannot be had: every tool is then listed, and the gateway still refuses each call
 * outside the key's scopes.
 */
export async function callerScopes(client: ApiClient): Promise<readonly string[] | null> {
  try {
    const res = await client.request('GET', '/api/me');
    const scopes = (res.body as { data?: { scopes?: unknown } } | undefined)?.data?.scopes;
    if (res.status !== 200 || !Array.isArray(scopes)) return null;
    return scopes.filter((s): s is string => typeof s === 'string');
  } catch {
    return null;
  }
}

/** Whether a JSON-RPC body (one message or a batch) asks for the tool list. */
export const listsTools = (body: unknown): boolean =>
  (Array.isArray(body) ? body : [body]).some(
    (m) =>
      m !== null && typeof m === 'object' && (m as { method?: unknown }).method === 'tools/list',
  );
