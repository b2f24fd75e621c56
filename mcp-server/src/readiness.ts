/**
 * Readiness of the HTTP mode: every tool calls the gateway, so a replica is ready while the
 * gateway answers its /health (the process, not the services behind it: one service down must
 * not take every MCP replica out of rotation). /health of this server stays the liveness: it
 * asks no one, so a gateway outage never restarts a healthy process.
 */
export const GATEWAY_CHECK_TIMEOUT_MS = 2000;

/** Whether the gateway at `baseUrl` answers `GET /health` with a 2xx within the timeout. */
export async function gatewayAnswers(
  baseUrl: string,
  timeoutMs = GATEWAY_CHECK_TIMEOUT_MS,
): Promise<boolean> {
  try {
    const res = await fetch(`${baseUrl.replace(/\/+$/, '')}/health`, {
      signal: AbortSignal.timeout(timeoutMs),
    });
    await res.body?.cancel();
    return res.ok;
  } catch {
    return false;
  }
}
