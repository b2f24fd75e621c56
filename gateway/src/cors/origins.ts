/**
 * Allowed browser origins, as configured (CORS_ORIGINS): `*` for any origin, an exact origin
 * (`https://app.example.com`, `http://127.0.0.1:5173`), or any port of one host
 * (`http://localhost:*`). Paths, wildcard hosts and other schemes are refused at startup:
 * an origin is a scheme, a host and a port, nothing else.
 */
const ORIGIN =
  /^(https?):\/\/([a-z0-9](?:[a-z0-9-]*[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]*[a-z0-9])?)*|\[[0-9a-f:.]+\])(?::(\d{1,5}|\*))?$/i;

export type OriginMatcher = string | RegExp;

/** One pattern as @fastify/cors matches it; throws, naming the pattern, when it is not one. */
export function originMatcher(pattern: string): OriginMatcher {
  if (pattern === '*') return '*';
  const m = ORIGIN.exec(pattern);
  if (!m) throw new Error(`"${pattern}" is not an origin (scheme://host[:port|:*]) or *`);
  const [, scheme, host, port] = m;
  const base = `${scheme!.toLowerCase()}://${host!.toLowerCase()}`;
  if (port !== '*') return port === undefined ? base : `${base}:${port}`;
  const escaped = base.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
  return new RegExp(`^${escaped}(?::\\d{1,5})?$`);
}

/** A comma-separated list of patterns (blank entries ignored), each checked. */
export const parseOrigins = (list: string): string[] =>
  list
    .split(',')
    .map((entry) => entry.trim())
    .filter((entry) => entry !== '');
