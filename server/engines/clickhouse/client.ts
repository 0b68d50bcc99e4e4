import http from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import { ClickHouseLogLevel, createClient, type ClickHouseClient } from '@clickhouse/client';
import type { DataSourceConfig } from '../../../common/analytics';
import type { CheckedHost } from '../hostPolicy';

// The official client (@clickhouse/client, HTTP) for one source. Its URL keeps the host name
// (for the TLS certificate and SNI) while every connection goes to the address the host
// policy checked (no DNS rebinding). A fresh connection per request: ClickHouse closes idle
// ones after 3 s, and a pooled one it closed would fail the next query.

/** What the connector needs to know of the server, read once per connector. */
export interface ServerFacts {
  version: string;
  major: number;
  /** timezone(): the zone DateTime values without one of their own are written in. */
  zone: string;
  /** The user's readonly setting: 0 may write, 1 only reads, 2 reads and changes settings. */
  readonly: number;
}

/** Answers every name lookup with the checked address. */
function pinnedLookup(address: string): LookupFunction {
  const family = address.includes(':') ? 6 : 4;
  return ((_hostname, options, callback) => {
    if (options.all) callback(null, [{ address, family }]);
    else callback(null, address, family);
  }) as LookupFunction;
}

export function createClickhouseClient(
  config: DataSourceConfig,
  checked: CheckedHost,
): ClickHouseClient {
  const lookup = pinnedLookup(checked.address);
  const agent = config.ssl
    ? new https.Agent({ keepAlive: false, lookup, rejectUnauthorized: true })
    : new http.Agent({ keepAlive: false, lookup });
  return createClient({
    url: `${config.ssl ? 'https' : 'http'}://${config.host}:${checked.port}`,
    username: config.user,
    password: config.password ?? '',
    database: config.database,
    application: 'brandboard',
    http_agent: agent,
    keep_alive: { enabled: false },
    // Each call has its own deadline (the query's time limit), which aborts the request.
    request_timeout: 24 * 60 * 60 * 1000,
    compression: { request: false, response: false },
    log: { level: ClickHouseLogLevel.OFF },
  });
}

/** The JSONCompact answer: column names and types, rows as arrays. */
export interface JsonCompactAnswer {
  meta: { name: string; type: string }[];
  data: unknown[][];
}

/** How long the first answer of a server may take (a TLS handshake it never answers, say). */
const CONNECT_TIMEOUT_MS = 5000;

/**
 * The server's version, time zone and the user's readonly setting. No answer in time is an
 * ETIMEDOUT, as a driver's connect timeout is.
 */
export async function readServerFacts(client: ClickHouseClient): Promise<ServerFacts> {
  const signal = AbortSignal.timeout(CONNECT_TIMEOUT_MS);
  try {
    const result = await client.query({
      query:
        'SELECT version(), timezone(), ' +
        "(SELECT value FROM system.settings WHERE name = 'readonly')",
      format: 'JSONCompact',
      abort_signal: signal,
    });
    const [[version, zone, readonly]] = ((await result.json()) as JsonCompactAnswer).data as [
      [string, string, string],
    ];
    return { version, major: Number(version.split('.')[0]), zone, readonly: Number(readonly) };
  } catch (error) {
    if (!signal.aborted) throw error;
    throw Object.assign(new Error(`No answer within ${CONNECT_TIMEOUT_MS} ms.`), {
      code: 'ETIMEDOUT',
    });
  }
}
