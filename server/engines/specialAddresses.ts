import { BlockList, isIP } from 'node:net';
import { carriedIpv4 } from './embeddedIpv4';

// The special-purpose ranges a data source may not point at (docs/architecture.md §7): the IANA IPv4 and
// IPv6 Special-Purpose Address Registries' entries that are not globally reachable, plus
// multicast and broadcast. An IPv6 address carrying an IPv4 one (embeddedIpv4.ts) is also
// checked as that IPv4 address; IPv4-mapped addresses are read as IPv4 before they get here.

/** 'private': loopback, private-use or link-local; 'reserved': any other special purpose. */
export type SpecialPurpose = 'private' | 'reserved';

type Range = [address: string, prefix: number];

const PRIVATE_V4: Range[] = [
  ['0.0.0.0', 8], // "this network", RFC 791
  ['10.0.0.0', 8], // private-use, RFC 1918
  ['100.64.0.0', 10], // shared address space (carrier-grade NAT), RFC 6598
  ['127.0.0.0', 8], // loopback, RFC 1122
  ['169.254.0.0', 16], // link-local, RFC 3927
  ['172.16.0.0', 12], // private-use, RFC 1918
  ['192.168.0.0', 16], // private-use, RFC 1918
];

const RESERVED_V4: Range[] = [
  // IETF protocol assignments, RFC 6890. The registry marks 192.0.0.9 (PCP anycast) and
  // 192.0.0.10 (TURN anycast) global; they are refused too: an anycast address reaches the
  // nearest such server, which may be inside the operator's own network.
  ['192.0.0.0', 24],
  ['192.0.2.0', 24], // documentation (TEST-NET-1), RFC 5737
  ['192.88.99.0', 24], // 6to4 relay anycast, deprecated by RFC 7526 (192.88.99.2: as above)
  ['198.18.0.0', 15], // benchmarking, RFC 2544
  ['198.51.100.0', 24], // documentation (TEST-NET-2), RFC 5737
  ['203.0.113.0', 24], // documentation (TEST-NET-3), RFC 5737
  ['224.0.0.0', 4], // multicast, RFC 5771
  ['240.0.0.0', 4], // reserved, RFC 1112
  ['255.255.255.255', 32], // limited broadcast, RFC 919
];

const PRIVATE_V6: Range[] = [
  ['::', 128], // unspecified, RFC 4291
  ['::1', 128], // loopback, RFC 4291
  // Local-use IPv4/IPv6 translation, RFC 8215: where its IPv4 address sits depends on the
  // operator's prefix length, so the whole range is refused.
  ['64:ff9b:1::', 48],
  ['fc00::', 7], // unique-local, RFC 4193
  ['fe80::', 10], // link-local, RFC 4291
  ['fec0::', 10], // site-local, deprecated by RFC 3879
];

const RESERVED_V6: Range[] = [
  ['100::', 64], // discard-only, RFC 6666
  ['100:0:0:1::', 64], // dummy prefix, RFC 9780
  // IETF protocol assignments, RFC 2928, Teredo (2001::/32, RFC 4380) included; the
  // registry's globally reachable networks inside are GLOBAL_V6 below, its anycast
  // addresses (2001:1::1, ::2, ::3) are refused as 192.0.0.9 is.
  ['2001::', 23],
  ['2001:db8::', 32], // documentation, RFC 3849
  ['3fff::', 20], // documentation, RFC 9637
  ['5f00::', 16], // segment routing SIDs, RFC 9602
  ['ff00::', 8], // multicast, RFC 4291
];

/** Inside 2001::/23, the networks the registry marks globally reachable. */
const GLOBAL_V6: Range[] = [
  ['2001:3::', 32], // AMT, RFC 7450
  ['2001:4:112::', 48], // AS112-v6, RFC 7535
  ['2001:20::', 28], // ORCHIDv2, RFC 7343
  ['2001:30::', 28], // drone remote ID entity tags, RFC 9374
];

function blockList(v4: Range[], v6: Range[]): BlockList {
  const list = new BlockList();
  for (const [address, prefix] of v4) list.addSubnet(address, prefix, 'ipv4');
  for (const [address, prefix] of v6) list.addSubnet(address, prefix, 'ipv6');
  return list;
}

const PRIVATE = blockList(PRIVATE_V4, PRIVATE_V6);
const RESERVED = blockList(RESERVED_V4, RESERVED_V6);
const GLOBAL = blockList([], GLOBAL_V6);

function rangeOf(address: string, family: 'ipv4' | 'ipv6'): SpecialPurpose | null {
  if (PRIVATE.check(address, family)) return 'private';
  if (RESERVED.check(address, family) && !GLOBAL.check(address, family)) return 'reserved';
  return null;
}

/**
 * The special-purpose range `address` is in, or null when it is globally reachable; 'private'
 * wins over 'reserved' between an IPv6 address and the IPv4 address it carries. Anything that
 * is not an IP address is 'private'.
 */
export function specialPurposeOf(address: string): SpecialPurpose | null {
  const family = isIP(address);
  if (family === 0) return 'private';
  if (family === 4) return rangeOf(address, 'ipv4');
  const carried = carriedIpv4(address);
  const kinds = [carried && rangeOf(carried, 'ipv4'), rangeOf(address, 'ipv6')];
  if (kinds.includes('private')) return 'private';
  return kinds.includes('reserved') ? 'reserved' : null;
}
