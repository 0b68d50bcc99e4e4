import { createClient } from '@clickhouse/client';
import { ensureClickhouse } from '../../scripts/ensureServices.mjs';
import type { ExternalDatabaseConfig } from './externalDatabases';

// Fresh, throw-away databases on the test machine's real ClickHouse (Debian's 18.16 on
// 127.0.0.1:18123, installed and started by scripts/ensureServices.mjs when missing, so these
// tests never skip). ClickHouse 18.16 has no SQL users: the users are those of
// scripts/clickhouse/users.xml, told apart by their profile's readonly (0, 1 and 2).

export interface ClickhouseDatabase {
  /** The server's `default` user on this database: fixtures only. */
  admin: ExternalDatabaseConfig;
  /** readonly=0: the connector makes each of its queries readonly=1. */
  reader: ExternalDatabaseConfig;
  /** readonly=1: may set no setting at all. */
  readonlyUser: ExternalDatabaseConfig;
  /** readonly=2: may change settings and call table functions; refused as a source user. */
  settingsUser: ExternalDatabaseConfig;
  drop: () => Promise<void>;
}

/** Minutes apt may take to install ClickHouse on a fresh machine (a beforeAll's timeout). */
export const CLICKHOUSE_SETUP_MS = 10 * 60 * 1000;

function adminClient(config: ExternalDatabaseConfig) {
  return createClient({
    url: `http://${config.host}:${config.port}`,
    username: config.user,
    password: config.password ?? '',
    database: config.database,
  });
}

/** Runs statements one by one as the administrator (ClickHouse takes one per request). */
export async function clickhouseExec(
  config: ExternalDatabaseConfig,
  statements: string[],
): Promise<void> {
  const client = adminClient(config);
  try {
    for (const query of statements) await client.command({ query });
  } finally {
    await client.close();
  }
}

/** Rows of a query as the administrator (JSONCompact arrays), for checks of server state. */
export async function clickhouseRowsOf(
  config: ExternalDatabaseConfig,
  query: string,
): Promise<unknown[][]> {
  const client = adminClient(config);
  try {
    const result = await client.query({ query, format: 'JSONCompact' });
    return ((await result.json()) as { data: unknown[][] }).data;
  } finally {
    await client.close();
  }
}

export async function createClickhouseDatabase(
  prefix = 'brandboard_test',
): Promise<ClickhouseDatabase> {
  const server = ensureClickhouse();
  const database = `${prefix}_${Date.now()}_${Math.floor(Math.random() * 1e6)}`;
  const base = { host: '127.0.0.1', port: server.httpPort };
  const admin = { ...base, user: 'default', password: server.admin, database: 'default' };
  await clickhouseExec(admin, [`CREATE DATABASE ${database}`]);
  const user = (name: string) => ({ ...base, database, user: name, password: server.reader });
  return {
    admin: { ...admin, database },
    reader: user('brandboard_reader'),
    readonlyUser: user('brandboard_readonly'),
    settingsUser: user('brandboard_settings'),
    drop: () => clickhouseExec(admin, [`DROP DATABASE IF EXISTS ${database}`]),
  };
}
