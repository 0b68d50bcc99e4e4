import { lookup } from 'node:dns/promises';
import { BlockList, isIP } from 'node:net';
import { networkInterfaces } from 'node:os';
import type { DataSourceConfig } from '../../common/analytics';
import { badRequest } from '../errors';
import { carriedIpv4, ipv6Bytes } from './embeddedIpv4';
import { specialPurposeOf } from './specialAddresses';

// Where a network data source may point (docs/architecture.md §7): never at the metadata store, and at
// loopback, private, link-local or other special-purpose addresses (specialAddresses.ts) or at
// this machine's own addresses only when the operator lists the host in
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
  /** This machine's interfaces, read at each check (a new interface counts). */
  networkInterfaces?: () => NetworkInterfaces;
}

export type NetworkInterfaces = ReturnType<typeof networkInterfaces>;

/** The address the connector must connect to: the one that was checked (no DNS rebinding). */
export interface CheckedHost {
  address: string;
  port: number;
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

/** Loopback, private or link-local (specialAddresses.ts), also as the IPv4 address it carries. */
export function isPrivateAddress(address: string): boolean {
  return specialPurposeOf(normalizeAddress(address)) === 'private';
}

/** Whether `address`, or the IPv4 address it carries, is one of this machine's interfaces'. */
export function isOwnAddress(
  address: string,
  interfaces: NetworkInterfaces = networkInterfaces(),
): boolean {
  const own = new BlockList();
  for (const info of Object.values(interfaces).flat()) {
    if (info) own.addAddress(info.address, isIP(info.address) === 4 ? 'ipv4' : 'ipv6');
  }
  const normal = normalizeAddress(address);
  const carried = carriedIpv4(normal);
  if (carried && own.check(carried, 'ipv4')) return true;
  return isIP(normal) === 6 && own.check(normal, 'ipv6');
}

const REFUSALS = {
  private: 'is a loopback or private address',
  reserved: 'is a reserved/documentation address not reachable on the internet',
  own: "is this server's own address",
};

/**
 * Why a source may not point at `address` unless the operator allows its host, or null. A
 * special-purpose range names itself first: 127.0.0.1 is loopback before it is this machine's.
 */
export function addressRefusal(
  address: string,
  interfaces: NetworkInterfaces = networkInterfaces(),
): string | null {
  const purpose = specialPurposeOf(normalizeAddress(address));
  if (purpose) return REFUSALS[purpose];
  return isOwnAddress(address, interfaces) ? REFUSALS.own : null;
}

function firstRefusal(addresses: string[], interfaces: NetworkInterfaces) {
  for (const address of addresses) {
    const reason = addressRefusal(address, interfaces);
    if (reason) return { address, reason };
  }
  return undefined;
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
 * special-purpose or own address (addressRefusal) not listed in DATASOURCE_ALLOWED_HOSTS.
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
  const interfaces = (policy.networkInterfaces ?? networkInterfaces)();
  const refused = firstRefusal(addresses, interfaces);
  if (refused && !(await isAllowed(host, addresses, port, policy.allowedHosts))) {
    throw badRequest(
      `Host "${host}" (${refused.address}) ${refused.reason}; the operator must list it in ` +
        'DATASOURCE_ALLOWED_HOSTS.',
      'host',
    );
  }
  return { address: addresses[0], port };
}
