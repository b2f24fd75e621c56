/**
 * Redirect URIs (OAuth 2.1 §2.3.1, RFC 8252): which may be registered, and whether a
 * presented one is a registered one. Matching is exact, character for character, except
 * that a loopback URI (`http://127.0.0.1`, `http://[::1]`, `http://localhost`) matches on any
 * port, since a native client listens on whichever port it is given (RFC 8252 §7.3).
 */

const LOOPBACK_HOSTS = new Set(['127.0.0.1', '[::1]', 'localhost']);
/** Schemes a redirect may never use, however registered. */
const FORBIDDEN_SCHEMES = new Set([
  'javascript:',
  'data:',
  'file:',
  'blob:',
  'vbscript:',
  'about:',
]);

function parse(uri: string): URL | null {
  try {
    return new URL(uri);
  } catch {
    return null;
  }
}

export const isLoopback = (url: URL) =>
  url.protocol === 'http:' && LOOPBACK_HOSTS.has(url.hostname);

/**
 * Why a URI may not be registered as a redirect URI, or null when it may: absolute, no
 * fragment, and HTTPS, loopback HTTP, or a native app's private-use scheme (`com.example.app:`).
 */
export function redirectUriProblem(uri: string): string | null {
  const url = parse(uri);
  if (!url) return 'is not an absolute URI';
  if (url.hash || uri.includes('#')) return 'has a fragment';
  if (url.username || url.password) return 'carries credentials';
  if (FORBIDDEN_SCHEMES.has(url.protocol)) return `uses the ${url.protocol} scheme`;
  if (url.protocol === 'https:' || isLoopback(url)) return null;
  if (url.protocol === 'http:') return 'is http but not loopback';
  // A private-use scheme: a reverse domain name (RFC 8252 §7.1), with a dot.
  return url.protocol.includes('.') ? null : 'uses a scheme that is not a reverse domain name';
}

/** Whether `presented` is one of `registered`, exactly (loopback: any port). */
export function redirectUriMatches(registered: readonly string[], presented: string): boolean {
  if (registered.includes(presented)) return true;
  const url = parse(presented);
  if (!url || !isLoopback(url)) return false;
  const withoutPort = (u: URL) => `${u.protocol}//${u.hostname}${u.pathname}${u.search}`;
  return registered.some((r) => {
    const reg = parse(r);
    return reg !== null && isLoopback(reg) && withoutPort(reg) === withoutPort(url);
  });
}
