import { lookup } from 'node:dns/promises';
import { isIP, type LookupFunction } from 'node:net';
import ipaddr from 'ipaddr.js';

/**
 * The guard against server-side request forgery for outgoing requests to URLs others name:
 * webhook deliveries (services/webhooks) and OAuth client metadata documents (gateway).
 */

export interface ResolvedAddress {
  address: string;
  family: 4 | 6;
}

/** Every address a host name resolves to; tests pass a fixed table instead of DNS. */
export type Resolve = (hostname: string) => Promise<ResolvedAddress[]>;

export const systemResolve: Resolve = async (hostname) =>
  (await lookup(hostname, { all: true, verbatim: true })).map((a) => ({
    address: a.address,
    family: a.family === 6 ? 6 : 4,
  }));

/**
 * Addresses an outgoing request to a URL someone else gave (a webhook target, a client metadata
 * document) may not reach in production: every range ipaddr.js names as special
 * (unspecified, loopback, private, carrier-grade NAT, link-local, unique-local, multicast,
 * reserved, documentation, benchmarking…), for IPv4 and IPv6. IPv6 forms that embed an IPv4
 * address (mapped, translated, compatible, NAT64, 6to4) are judged by that address, so
 * `::ffff:127.0.0.1` is loopback.
 */
export function isPublicAddress(address: string): boolean {
  // node's isIP first: ipaddr.js also reads forms such as `127.1` or `0x7f000001`.
  const family = isIP(address);
  if (family === 4) return ipaddr.IPv4.parse(address).range() === 'unicast';
  if (family !== 6) return false;
  let ip: ipaddr.IPv6;
  try {
    ip = ipaddr.IPv6.parse(address);
  } catch {
    return false; // a zone id ipaddr.js does not read: refused, as anything unclear is
  }
  return (embeddedIpv4(ip) ?? ip).range() === 'unicast';
}

const WELL_KNOWN_NAT64 = ipaddr.parseCIDR('64:ff9b::/96');

/** The IPv4 address inside a mapped, translated, compatible, NAT64 or 6to4 address. */
function embeddedIpv4(ip: ipaddr.IPv6): ipaddr.IPv4 | null {
  const p = ip.parts;
  const v4 = (hi = 0, lo = 0) => new ipaddr.IPv4([hi >> 8, hi & 255, lo >> 8, lo & 255]);
  switch (ip.range()) {
    case 'ipv4Mapped': // ::ffff:a.b.c.d
    case 'rfc6145': // ::ffff:0:a.b.c.d (translated)
      return v4(p[6], p[7]);
    case '6to4': // 2002:AABB:CCDD::/48
      return v4(p[1], p[2]);
    case 'rfc6052': // 64:ff9b::a.b.c.d; the local-use 64:ff9b:1::/48 stays special
      return ip.match(WELL_KNOWN_NAT64) ? v4(p[6], p[7]) : null;
    case 'unicast': // ::a.b.c.d (deprecated compatible; :: and ::1 have ranges of their own)
      return p.slice(0, 6).every((x) => x === 0) ? v4(p[6], p[7]) : null;
    default:
      return null;
  }
}

/** The code of the error that refuses a forbidden address. */
export const FORBIDDEN_ADDRESS = 'WEBHOOK_FORBIDDEN_ADDRESS';

/**
 * What a refused target is reported as (the webhooks' delivery log), and of a name that does not resolve, alike:
 * the log is shown to the subscription's owner, who must learn neither what an internal name
 * resolved to nor, by telling "not allowed" from "does not resolve", which internal names
 * exist.
 */
export const ADDRESS_NOT_ALLOWED = 'address not allowed or does not resolve';

export class ForbiddenAddressError extends Error {
  readonly code = FORBIDDEN_ADDRESS;
  constructor() {
    super(ADDRESS_NOT_ALLOWED);
  }
}

/**
 * The `lookup` the sender's sockets use: the host is resolved here, every address is
 * checked, and the socket connects to exactly the addresses checked. Checking in a
 * separate step before connecting would let DNS answer differently the second time
 * (rebinding). A host with any forbidden address is refused, not filtered: a name that
 * mixes public and private addresses is not one to trust.
 */
export function safeLookup(resolve: Resolve, allowPrivate: boolean): LookupFunction {
  return (hostname, options, callback) => {
    resolve(hostname)
      .then((all) => {
        const addresses = options.family ? all.filter((a) => a.family === options.family) : all;
        const forbidden = allowPrivate ? undefined : all.find((a) => !isPublicAddress(a.address));
        if (forbidden) throw new ForbiddenAddressError();
        const first = addresses[0];
        if (!first)
          throw Object.assign(new Error(`${hostname} did not resolve`), { code: 'ENOTFOUND' });
        if (options.all) callback(null, addresses);
        else callback(null, first.address, first.family);
      })
      .catch((err: NodeJS.ErrnoException) => callback(err, '', 0));
  };
}
