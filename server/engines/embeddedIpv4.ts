import { isIPv4, isIPv6 } from 'node:net';

// The IPv4 address an IPv6 address carries, so the private-address check reads
// [::ffff:127.0.0.1], [64:ff9b::7f00:1] or [2002:7f00:1::] as the 127.0.0.1 they reach.
// The 16 bytes are parsed once (:: expanded, a dotted tail read), then each form is a slice.

/** The 16 bytes of an IPv6 address (with or without a dotted IPv4 tail); null if not one. */
export function ipv6Bytes(address: string): Uint8Array | null {
  const bare = address.replace(/%.*$/, '');
  if (!isIPv6(bare)) return null;
  let text = bare.toLowerCase();
  const dotted = /(\d+\.\d+\.\d+\.\d+)$/.exec(text);
  if (dotted) {
    const [a, b, c, d] = dotted[1].split('.').map(Number);
    const hex = (high: number, low: number) => ((high << 8) | low).toString(16);
    text = `${text.slice(0, dotted.index)}${hex(a, b)}:${hex(c, d)}`;
  }
  const [head, tail] = text.includes('::') ? text.split('::') : [text, undefined];
  const headGroups = head ? head.split(':') : [];
  const tailGroups = tail ? tail.split(':') : [];
  const missing = 8 - headGroups.length - tailGroups.length;
  const groups = [
    ...headGroups,
    ...Array<string>(tail === undefined ? 0 : missing).fill('0'),
    ...tailGroups,
  ];
  if (groups.length !== 8) return null;
  const bytes = new Uint8Array(16);
  groups.forEach((group, index) => {
    const value = parseInt(group, 16);
    bytes[index * 2] = value >> 8;
    bytes[index * 2 + 1] = value & 0xff;
  });
  return bytes;
}

const startsWith = (bytes: Uint8Array, prefix: number[]) =>
  prefix.every((value, index) => bytes[index] === value);

const ZEROS_10 = Array<number>(10).fill(0);

function ipv4At(bytes: Uint8Array, offset: number, mask = 0): string {
  return [...bytes.slice(offset, offset + 4)].map((value) => value ^ mask).join('.');
}

/**
 * The IPv4 address carried by `address`, or null: IPv4-mapped (::ffff:a.b.c.d), IPv4-translated
 * (::ffff:0:a.b.c.d), IPv4-compatible (::a.b.c.d), NAT64 (64:ff9b::/96), 6to4 (2002:AABB:CCDD::)
 * and Teredo's client (2001:0::/32, the last four bytes inverted). An IPv4 address is itself.
 */
export function carriedIpv4(address: string): string | null {
  if (isIPv4(address)) return address;
  const bytes = ipv6Bytes(address);
  if (!bytes) return null;
  if (startsWith(bytes, [...ZEROS_10, 0xff, 0xff])) return ipv4At(bytes, 12);
  if (startsWith(bytes, [0, 0, 0, 0, 0, 0, 0, 0, 0xff, 0xff, 0, 0])) return ipv4At(bytes, 12);
  if (startsWith(bytes, [...ZEROS_10, 0, 0])) return ipv4At(bytes, 12);
  if (startsWith(bytes, [0, 0x64, 0xff, 0x9b, 0, 0, 0, 0, 0, 0, 0, 0])) return ipv4At(bytes, 12);
  if (startsWith(bytes, [0x20, 0x02])) return ipv4At(bytes, 2);
  if (startsWith(bytes, [0x20, 0x01, 0, 0])) return ipv4At(bytes, 12, 0xff);
  return null;
}
