import type { IncomingMessage } from 'node:http';

/**
 * The address of the client a request came from: the connection's, or, when the connection
 * is from a trusted proxy (TRUST_PROXY), the last address its X-Forwarded-For adds. A client
 * cannot choose it: what it sends itself in X-Forwarded-For is ignored unless it is a trusted
 * proxy. The gateway is sent this address (http-client.ts).
 */
export function clientAddressOf(req: IncomingMessage, trusted: readonly string[]): string {
  const peer = normalize(req.socket.remoteAddress ?? '');
  const forwarded = req.headers['x-forwarded-for'];
  if (!trusted.includes(peer) || typeof forwarded !== 'string') return peer;
  const last = forwarded.split(',').at(-1)?.trim();
  return last ? normalize(last) : peer;
}

/** `::ffff:10.0.0.1` (IPv4 on an IPv6 socket) as `10.0.0.1`. */
const normalize = (address: string) => address.replace(/^::ffff:/, '');
