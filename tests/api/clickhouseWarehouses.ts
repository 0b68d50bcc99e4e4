import { readdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { ClickHouseLogLevel, createClient, type ClickHouseClient } from '@clickhouse/client';
import { ensureClickhouse } from '../../scripts/ensureServices.mjs';
import { clickhouseWarehouseFrom } from '../../server/config';
import {
  tenantIdentity,
  type TenantIdentity,
} from '../../server/engines/clickhouse/warehouseUsers';
import { clickhouseExec, clickhouseRowsOf } from './clickhouseDatabases';
import type { ExternalDatabaseConfig } from './externalDatabases';

// A server whose warehouses are in the test machine's real ClickHouse (Debian's 18.16 on
// 127.0.0.1:18123): WAREHOUSE_URL as the server's `default` user, the tenants' users written
// into the users.d folder the server reads, databases and users under a prefix of the run's
// own, all dropped afterwards.

export interface ClickhouseWarehouseRun {
  /** The environment that puts a server's warehouses in ClickHouse. */
  env: Record<string, string>;
  prefix: string;
  /** The server's administrator (fixtures and checks of server state). */
  admin: ExternalDatabaseConfig;
  /** The database and ClickHouse user of an account (what the server makes). */
  identityOf: (appSecret: string, accountId: number) => TenantIdentity;
  /** A client signed in as the account's own ClickHouse user, past Brandboard's checks. */
  tenantClient: (identity: TenantIdentity) => ClickHouseClient;
  /** Drops the run's databases and users files. */
  cleanup: () => Promise<void>;
}

export function clickhouseWarehouseRun(
  limits: Record<string, string> = {},
): ClickhouseWarehouseRun {
  const server = ensureClickhouse();
  const prefix = `bbwh${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
  const env = {
    WAREHOUSE_URL: `clickhouse://default:${encodeURIComponent(server.admin)}@127.0.0.1:${server.httpPort}`,
    WAREHOUSE_USERS_DIR: server.usersDir,
    WAREHOUSE_DATABASE_PREFIX: prefix,
    ...limits,
  };
  const config = clickhouseWarehouseFrom(env)!;
  const admin = {
    host: '127.0.0.1',
    port: server.httpPort,
    user: 'default',
    password: server.admin,
    database: 'default',
  };
  return {
    env,
    prefix,
    admin,
    identityOf: (appSecret, accountId) => tenantIdentity(config, appSecret, accountId),
    tenantClient: (identity) =>
      createClient({
        url: `http://127.0.0.1:${server.httpPort}`,
        username: identity.user,
        password: identity.password,
        database: identity.database,
        keep_alive: { enabled: false },
        log: { level: ClickHouseLogLevel.OFF },
      }),
    cleanup: async () => {
      const databases = await clickhouseRowsOf(
        admin,
        `SELECT name FROM system.databases WHERE startsWith(name, '${prefix}_')`,
      );
      await clickhouseExec(
        admin,
        databases.map(([name]) => `DROP DATABASE IF EXISTS \`${String(name)}\``),
      );
      for (const file of readdirSync(server.usersDir)) {
        if (file.startsWith(`${prefix}_`)) rmSync(join(server.usersDir, file), { force: true });
      }
    },
  };
}

/** Rows of `query` as `client` (JSONCompact arrays), or the server's error message. */
export async function rowsOrError(client: ClickHouseClient, query: string): Promise<unknown> {
  try {
    if (!/^\s*(select|show|with)\b/i.test(query)) {
      await client.command({ query });
      return [];
    }
    const result = await client.query({ query, format: 'JSONCompact' });
    return ((await result.json()) as { data: unknown[][] }).data;
  } catch (error) {
    return String((error as Error).message);
  }
}
