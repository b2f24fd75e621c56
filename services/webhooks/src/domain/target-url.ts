import { isIP } from 'node:net';
import { isPublicAddress } from './address.js';

/**
 * The syntax check of a subscription's URL, at create and update time. It cannot know
 * where a host name will resolve when a delivery goes out; the sender checks that again
 * on every connection (delivery/safe-lookup.ts).
 */
export interface UrlProblem {
  rule: 'format' | 'https_required' | 'private_address' | 'credentials_not_allowed';
  message: string;
}

export function checkTargetUrl(raw: string, allowPrivate: boolean): UrlProblem | null {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return { rule: 'format', message: 'must be an absolute URL' };
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:')
    return { rule: 'format', message: 'must be an http(s) URL' };
  // A password in the URL would be stored and shown back with every read.
  if (url.username || url.password)
    return { rule: 'credentials_not_allowed', message: 'must not carry credentials' };
  if (allowPrivate) return null;
  if (url.protocol !== 'https:') return { rule: 'https_required', message: 'must use https' };
  const host = hostOf(url);
  if (isIP(host) ? !isPublicAddress(host) : isLocalName(host))
    return { rule: 'private_address', message: 'must not point to a private or local address' };
  return null;
}

/** The URL's host without IPv6 brackets. */
export function hostOf(url: URL): string {
  return url.hostname.replace(/^\[(.*)\]$/, '$1');
}

/** Names that are local by definition (RFC 6761 `localhost`), whatever a resolver says. */
function isLocalName(host: string): boolean {
  const name = host.toLowerCase().replace(/\.$/, '');
  return name === 'localhost' || name.endsWith('.localhost');
}
