import mysql from 'mysql2/promise';
import type { DataSourceConfig } from '../../../common/analytics';
import type { CheckedHost } from '../hostPolicy';
import { networkEngine } from '../networkEngine';
import { mysqlConnectionOptions, openMysqlConnector } from './connector';
import { mysqlDialect } from './dialect';
import { mysqlPrivileges } from './privileges';

// MySQL and MariaDB sources (registry.ts): a pooled connector, the dialect, the user check.

/** What the source's user holds beyond reading, or null when it could not connect. */
async function mysqlUserPrivileges(
  config: DataSourceConfig,
  checked: CheckedHost,
): Promise<string[] | null> {
  const connection = await mysql
    .createConnection(mysqlConnectionOptions(config, checked))
    .catch(() => null);
  if (!connection) return null;
  try {
    return await mysqlPrivileges(connection);
  } finally {
    await connection.end().catch(() => undefined);
  }
}

export const mysqlEngine = networkEngine({
  dialect: mysqlDialect,
  connect: openMysqlConnector,
  userPrivileges: mysqlUserPrivileges,
});
