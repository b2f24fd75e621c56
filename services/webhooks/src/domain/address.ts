import { BlockList, isIP } from 'node:net';

/**
 * Addresses a webhook may not reach in production: unspecified, loopback, private,
 * carrier-grade NAT, link-local, unique-local, multicast, reserved and documentation
 * ranges, for IPv4 and IPv6. IPv6 forms that embed an IPv4 address (mapped, NAT64, 6to4)
 * are judged by that address, so `::ffff:127.0.0.1` is loopback.
 */
const V4 = [
  ['0.0.0.0', 8], // "this network", unspecified
  ['10.0.0.0', 8],
  ['100.64.0.0', 10], // carrier-grade NAT
  ['127.0.0.0', 8],
  ['169.254.0.0', 16], // link-local, cloud metadata
  ['172.16.0.0', 12],
  ['192.0.0.0', 24], // IETF protocol assignments
  ['192.0.2.0', 24], // TEST-NET-1
  ['192.88.99.0', 24], // 6to4 relay anycast
  ['192.168.0.0', 16],
  ['198.18.0.0', 15], // benchmarking
  ['198.51.100.0', 24], // TEST-NET-2
  ['203.0.113.0', 24], // TEST-NET-3
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved, broadcast
] as const;

const V6 = [
  ['::', 128], // unspecified
  ['::1', 128], // loopback
  ['64:ff9b:1::', 48], // local-use NAT64
  ['100::', 64], // discard
  ['2001::', 23], // IETF protocol assignments (Teredo, ORCHID…)
  ['2001:db8::', 32], // documentation
  ['fc00::', 7], // unique-local
  ['fe80::', 10], // link-local
  ['fec0::', 10], // site-local (deprecated)
  ['ff00::', 8], // multicast
] as const;

const blocked = new BlockList();
for (const [net, prefix] of V4) blocked.addSubnet(net, prefix, 'ipv4');
for (const [net, prefix] of V6) blocked.addSubnet(net, prefix, 'ipv6');

/** Whether an IP address (v4 or v6, no brackets) is one a webhook may be sent to. */
export function isPublicAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 4) return !blocked.check(address, 'ipv4');
  if (family !== 6) return false;
  const embedded = embeddedIpv4(address);
  if (embedded) return isPublicAddress(embedded);
  return !blocked.check(address, 'ipv6');
}

/** The IPv4 address inside a mapped, translated, compatible, NAT64 or 6to4 address. */
function embeddedIpv4(address: string): string | null {
  const groups = expandIpv6(address);
  if (!groups) return null;
  const v4 = (hi: number, lo: number) => `${hi >> 8}.${hi & 255}.${lo >> 8}.${lo & 255}`;
  const zeros = (from: number, to: number) => groups.slice(from, to).every((g) => g === 0);
  // ::ffff:a.b.c.d (mapped, ::ffff:0:0/96), ::ffff:0:a.b.c.d (translated, RFC 2765) and
  // ::a.b.c.d (deprecated compatible; ::1 and :: stay IPv6).
  if (zeros(0, 5) && groups[5] === 0xffff) return v4(groups[6]!, groups[7]!);
  if (zeros(0, 4) && groups[4] === 0xffff && groups[5] === 0) return v4(groups[6]!, groups[7]!);
  if (zeros(0, 6) && (groups[6] !== 0 || groups[7]! > 1)) return v4(groups[6]!, groups[7]!);
  // 64:ff9b::a.b.c.d (well-known NAT64 prefix).
  if (groups[0] === 0x64 && groups[1] === 0xff9b && zeros(2, 6)) return v4(groups[6]!, groups[7]!);
  // 2002:AABB:CCDD::/48 (6to4).
  if (groups[0] === 0x2002) return v4(groups[1]!, groups[2]!);
  return null;
}

/** Eight 16-bit groups of an IPv6 address (dotted IPv4 tail and zone ids allowed). */
function expandIpv6(address: string): number[] | null {
  let text = address.split('%')[0]!.toLowerCase();
  const dotted = /(\d+\.\d+\.\d+\.\d+)$/.exec(text);
  if (dotted) {
    const parts = dotted[1]!.split('.').map(Number);
    const hi = ((parts[0]! << 8) | parts[1]!).toString(16);
    const lo = ((parts[2]! << 8) | parts[3]!).toString(16);
    text = text.slice(0, dotted.index) + `${hi}:${lo}`;
  }
  const [head, tail] = text.split('::');
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const fill = text.includes('::') ? 8 - left.length - right.length : 0;
  const groups = [...left, ...Array<string>(Math.max(fill, 0)).fill('0'), ...right].map((g) =>
    parseInt(g, 16),
  );
  return groups.length === 8 && groups.every((g) => g >= 0 && g <= 0xffff) ? groups : null;
}
