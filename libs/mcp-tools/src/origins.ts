import type { IncomingMessage, ServerResponse } from 'node:http';
import { sendJsonRpcError } from './http-handler.js';

/**
 * DNS-rebinding protection for the Streamable HTTP endpoints (MCP spec, transports,
 * "Security Warning": servers MUST validate Origin, and answer 403 to an invalid one). A
 * page on a host the attacker re-points at this server sends its own Origin; only the
 * allowed ones pass. A request without Origin (a non-browser client: the SDK, Claude Code,
 * curl) passes: a browser always sends one on the requests that could do harm. The Host
 * header is no guide here, since in a rebinding it names the attacker's host.
 *
 * Patterns as CORS_ORIGINS takes them: `*`, an exact origin (`https://app.example.com`), or
 * any port of one host (`http://localhost:*`).
 */
const ORIGIN =
  /^(https?):\/\/([a-z0-9](?:[a-z0-9-]*[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]*[a-z0-9])?)*|\[[0-9a-f:.]+\])(?::(\d{1,5}|\*))?$/i;

/** Whether an Origin header passes the patterns; throws, naming it, on a pattern that is no origin. */
export function originPolicy(patterns: readonly string[]): (origin: string) => boolean {
  const exact = new Set<string>();
  const anyPort: string[] = [];
  let any = false;
  for (const pattern of patterns) {
    if (pattern === '*') {
      any = true;
      continue;
    }
    const m = ORIGIN.exec(pattern);
    if (!m) throw new Error(`"${pattern}" is not an origin (scheme://host[:port|:*]) or *`);
    const base = `${m[1]!.toLowerCase()}://${m[2]!.toLowerCase()}`;
    if (m[3] === '*') anyPort.push(base);
    else exact.add(m[3] === undefined ? base : `${base}:${m[3]}`);
  }
  return (origin) => {
    if (any) return true;
    const value = origin.trim().toLowerCase();
    if (exact.has(value)) return true;
    return anyPort.some(
      (base) => value === base || new RegExp(`^${escape(base)}:\\d{1,5}$`).test(value),
    );
  };
}

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');

/**
 * The origins a server on `port` is its own under: the loopback names, and the address it
 * listens on when that is one host (not every interface).
 */
export function ownOrigins(host: string, port: number): string[] {
  const hosts = new Set(['127.0.0.1', 'localhost', '[::1]']);
  if (host && host !== '0.0.0.0' && host !== '::')
    hosts.add(host.includes(':') ? `[${host}]` : host);
  return [...hosts].map((h) => `http://${h}:${port}`);
}

/**
 * Answers 403 (a JSON-RPC error, nothing else read or run) when the request carries an
 * Origin the policy refuses; true when it did.
 */
export function refuseForeignOrigin(
  req: IncomingMessage,
  res: ServerResponse,
  allowed: (origin: string) => boolean,
): boolean {
  const origin = req.headers.origin;
  if (origin === undefined || allowed(origin)) return false;
  sendJsonRpcError(res, 403, `Forbidden: Origin ${origin.slice(0, 200)} is not allowed`);
  return true;
}
