import pg from 'pg';
import type { DataSourceConfig } from '../../../common/analytics';
import type { CheckedHost } from '../hostPolicy';
import { networkEngine } from '../networkEngine';
import { openPostgresConnector, postgresClientConfig } from './connector';
import { postgresDialect } from './dialect';
import { postgresPrivileges } from './privileges';

// PostgreSQL sources (registry.ts): a pooled connector, the dialect, the user check.

/** What the source's user holds beyond reading, or null when it could not connect. */
async function postgresUserPrivileges(
  config: DataSourceConfig,
  checked: CheckedHost,
): Promise<string[] | null> {
  const client = new pg.Client(postgresClientConfig(config, checked));
  client.on('error', () => undefined);
  try {
    await client.connect();
  } catch {
    return null;
  }
  try {
    return await postgresPrivileges(client);
  } finally {
    await client.end().catch(() => undefined);
  }
}

export const postgresEngine = networkEngine({
  dialect: postgresDialect,
  connect: openPostgresConnector,
  userPrivileges: postgresUserPrivileges,
});
