import type { ApiClient, ApiResponse } from '@momentum/mcp-tools';

export { opensSession } from '@momentum/mcp-tools';

/**
 * Asks the gateway (GET /api/me) whether it accepts the caller's key. Checked when a
 * client connects, so a bad key is refused at connect time as on the gateway's own /mcp
 * rather than only as failing tool calls; later calls are checked by the gateway itself.
 * Returns the gateway's refusal (401/403 with its body), a 503 when it cannot be
 * reached, or null when the key is good.
 */
export async function keyRefusal(client: ApiClient): Promise<ApiResponse | null> {
  try {
    const res = await client.request('GET', '/api/me');
    return res.status === 401 || res.status === 403 ? res : null;
  } catch (err) {
    const message = `The Momentum API could not be reached: ${err instanceof Error ? err.message : String(err)}`;
    return { status: 503, body: { error: { code: 'SERVICE_UNAVAILABLE', message } } };
  }
}
