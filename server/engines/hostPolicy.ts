import { lookup } from 'node:dns/promises';
import { BlockList, isIP } from 'node:net';
import type { DataSourceConfig } from '../../src/model/analytics';
import { badRequest } from '../http/errors';
import { carriedIpv4, ipv6Bytes } from './embeddedIpv4';

// Where a network data source may point (DESIGN §7): never at the metadata store, and at
// loopback, private or link-local addresses only when the operator lists the host in
// DATASOURCE_ALLOWED_HOSTS.

export interface MetadataDatabase {
  host: string;
  port: number;
  database: string;
}

export interface HostPolicy {
  /** Entries of DATASOURCE_ALLOWED_HOSTS: host name, IP, or host:port ([v6]:port). */
  allowedHosts: string[];
  /** The PostgreSQL metadata store, when DATABASE_URL is set. */
  metadataDatabase?: MetadataDatabase;
}

/** The address the connector must connect to: the one that was checked (no DNS rebinding). */
export interface CheckedHost {
  address: string;
  port: number;
}

const PRIVATE_RANGES = new BlockList();
PRIVATE_RANGES.addSubnet('0.0.0.0', 8, 'ipv4');
PRIVATE_RANGES.addSubnet('127.0.0.0', 8, 'ipv4');
PRIVATE_RANGES.addSubnet('10.0.0.0', 8, 'ipv4');
PRIVATE_RANGES.addSubnet('172.16.0.0', 12, 'ipv4');
PRIVATE_RANGES.addSubnet('192.168.0.0', 16, 'ipv4');
PRIVATE_RANGES.addSubnet('169.254.0.0', 16, 'ipv4');
PRIVATE_RANGES.addSubnet('100.64.0.0', 10, 'ipv4');
PRIVATE_RANGES.addAddress('::1', 'ipv6');
PRIVATE_RANGES.addAddress('::', 'ipv6');
PRIVATE_RANGES.addSubnet('fc00::', 7, 'ipv6');
PRIVATE_RANGES.addSubnet('fe80::', 10, 'ipv6');
PRIVATE_RANGES.addSubnet('fec0::', 10, 'ipv6');
PRIVATE_RANGES.addSubnet('ff00::', 8, 'ipv6');
// Local-use NAT64 (RFC 8215): where its IPv4 sits depends on the operator's prefix length.
PRIVATE_RANGES.addSubnet('64:ff9b:1::', 48, 'ipv6');

export function parseAllowedHosts(raw: string | undefined): string[] {
  return (raw ?? '')
    .split(',')
    .map((entry) => entry.trim().toLowerCase())
    .filter(Boolean);
}

export function metadataDatabaseFromUrl(url: string | undefined): MetadataDatabase | undefined {
  if (!url) return undefined;
  try {
    const parsed = new URL(url);
    if (!/^postgres(ql)?:$/.test(parsed.protocol)) return undefined;
    return {
      host: parsed.hostname.replace(/^\[|\]$/g, '') || 'localhost',
      port: Number(parsed.port || 5432),
      database: decodeURIComponent(parsed.pathname.slice(1)) || 'postgres',
    };
  } catch {
    return undefined;
  }
}

/** IPv4-mapped IPv6 (::ffff:10.0.0.1, ::ffff:a00:1) is the IPv4 address it maps. */
function normalizeAddress(address: string): string {
  const bytes = ipv6Bytes(address);
  const mapped = bytes && bytes.slice(0, 12).join() === '0,0,0,0,0,0,0,0,0,0,255,255';
  return (mapped ? carriedIpv4(address)! : address).toLowerCase();
}

/**
 * Loopback, private, link-local or otherwise local; an IPv6 address carrying an IPv4 one
 * (embeddedIpv4.ts) is also checked as that IPv4 address.
 */
export function isPrivateAddress(address: string): boolean {
  const normal = normalizeAddress(address);
  const family = isIP(normal);
  if (family === 0) return true;
  if (family === 4) return PRIVATE_RANGES.check(normal, 'ipv4');
  const carried = carriedIpv4(normal);
  if (carried && PRIVATE_RANGES.check(carried, 'ipv4')) return true;
  return PRIVATE_RANGES.check(normal, 'ipv6');
}

async function resolveAll(host: string): Promise<string[]> {
  const bare = host.replace(/^\[|\]$/g, '');
  if (isIP(bare)) return [normalizeAddress(bare)];
  try {
    const answers = await lookup(bare, { all: true, verbatim: true });
    return answers.map((answer) => normalizeAddress(answer.address));
  } catch {
    throw badRequest(`Host "${host}" was not found (DNS lookup failed).`, 'host');
  }
}

function splitEntry(entry: string): { host: string; port?: number } {
  const v6 = /^\[([^\]]+)\](?::(\d+))?$/.exec(entry);
  if (v6) return { host: v6[1], port: v6[2] ? Number(v6[2]) : undefined };
  const hostPort = /^([^:]+):(\d+)$/.exec(entry);
  if (hostPort) return { host: hostPort[1], port: Number(hostPort[2]) };
  return { host: entry };
}

async function isAllowed(
  host: string,
  addresses: string[],
  port: number,
  allowedHosts: string[],
): Promise<boolean> {
  for (const entry of allowedHosts) {
    const allowed = splitEntry(entry);
    if (allowed.port !== undefined && allowed.port !== port) continue;
    if (allowed.host === host.toLowerCase()) return true;
    if (isIP(allowed.host) && addresses.includes(normalizeAddress(allowed.host))) return true;
  }
  return false;
}

async function pointsAtMetadataStore(
  addresses: string[],
  port: number,
  database: string,
  metadata: MetadataDatabase | undefined,
): Promise<boolean> {
  if (!metadata || metadata.port !== port || metadata.database !== database) return false;
  const metadataAddresses = await resolveAll(metadata.host).catch(() => [metadata.host]);
  const local = (list: string[]) =>
    list.some((a) => (carriedIpv4(a) ?? '').startsWith('127.') || a === '::1');
  return (
    addresses.some((a) => metadataAddresses.includes(a)) ||
    (local(addresses) && local(metadataAddresses))
  );
}

/**
 * Refuses (400, field `host`) a network source pointing at the metadata store, or at a
 * loopback/private/link-local address not listed in DATASOURCE_ALLOWED_HOSTS.
 */
export async function checkSourceHost(
  config: DataSourceConfig,
  policy: HostPolicy,
  defaultPort = 5432,
): Promise<CheckedHost> {
  const host = (config.host ?? '').trim();
  if (!host) throw badRequest('Host is required.', 'host');
  const port = config.port ?? defaultPort;
  const addresses = await resolveAll(host);
  if (addresses.length === 0) throw badRequest(`Host "${host}" has no address.`, 'host');
  if (
    await pointsAtMetadataStore(addresses, port, config.database ?? '', policy.metadataDatabase)
  ) {
    throw badRequest('A data source may not point at the metadata database.', 'host');
  }
  const privateAddress = addresses.find(isPrivateAddress);
  if (privateAddress && !(await isAllowed(host, addresses, port, policy.allowedHosts))) {
    throw badRequest(
      `Host "${host}" (${privateAddress}) is a loopback or private address; the operator must ` +
        'list it in DATASOURCE_ALLOWED_HOSTS.',
      'host',
    );
  }
  return { address: addresses[0], port };
}
