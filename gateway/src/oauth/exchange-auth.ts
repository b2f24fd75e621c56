import { timingSafeEqual } from 'node:crypto';
import type { FastifyRequest } from 'fastify';

/**
 * Whether a token exchange comes from a Momentum MCP server: HTTP Basic (RFC 6749 §2.3.1)
 * with the client secret OAUTH_EXCHANGE_SECRET, whatever the client id. No secret
 * configured: no exchange.
 */
export function exchangeClientAuthenticated(request: FastifyRequest, secret: string | undefined) {
  if (!secret) return false;
  const m = /^Basic\s+([A-Za-z0-9+/=]+)$/i.exec(request.headers.authorization ?? '');
  if (!m) return false;
  const decoded = Buffer.from(m[1]!, 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  if (colon < 0) return false;
  let password: string;
  try {
    password = decodeURIComponent(decoded.slice(colon + 1));
  } catch {
    return false;
  }
  const given = Buffer.from(password);
  const expected = Buffer.from(secret);
  return given.length === expected.length && timingSafeEqual(given, expected);
}
