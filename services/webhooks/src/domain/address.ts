import { isIP } from 'node:net';
import ipaddr from 'ipaddr.js';

/**
 * Addresses a webhook may not reach in production: every range ipaddr.js names as special
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
