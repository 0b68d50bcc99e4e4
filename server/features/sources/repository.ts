import type { Kysely, Selectable } from 'kysely';
import type { DataSource, DataSourceConfig, SourceType } from '../../../src/model/analytics';
import type { DataSourcesTable } from '../../db/analyticsSchema';
import type { Database } from '../../db/schema';
import type { Connector, ConnectorContext, SourceToOpen } from '../../engines/connector';
import { notFound } from '../../http/errors';
import type { AnalyticsSettings } from './analyticsSettings';
import { decryptSecret } from './secrets';

// Data sources of an account: rows -> API records, lookups that answer 404 across accounts,
// and what opening a source's connector needs (sourceConnectors.ts keeps the open ones).

export type DataSourceRow = Selectable<DataSourcesTable>;

/** The stored config (never holds the password). */
function parseStoredConfig(row: Pick<DataSourceRow, 'config_json'>): DataSourceConfig {
  try {
    const value: unknown = JSON.parse(row.config_json);
    return value && typeof value === 'object' ? (value as DataSourceConfig) : {};
  } catch {
    return {};
  }
}

export function toDataSource(row: DataSourceRow): DataSource & {
  createdAt: string;
  updatedAt: string;
} {
  const config: DataSource['config'] = { ...parseStoredConfig(row) };
  delete (config as DataSourceConfig).password;
  if (row.type === 'postgres' || row.type === 'mysql')
    config.hasPassword = row.password_enc !== null;
  return {
    id: row.id,
    name: row.name,
    type: row.type as SourceType,
    config,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

/** The account's source `sourceId`; 404 when it does not exist or belongs to another account. */
export async function findSource(
  db: Kysely<Database>,
  accountId: number,
  sourceId: number,
): Promise<DataSourceRow> {
  const row = await db
    .selectFrom('data_sources')
    .selectAll()
    .where('id', '=', sourceId)
    .where('account_id', '=', accountId)
    .executeTakeFirst();
  if (!row) throw notFound('Data source');
  return row;
}

/** Type and config with the password decrypted, as a connector needs them. */
export function sourceToOpen(
  row: Pick<DataSourceRow, 'type' | 'config_json' | 'password_enc'>,
  appSecret: string,
): SourceToOpen {
  const config = parseStoredConfig(row);
  if (row.password_enc) config.password = decryptSecret(row.password_enc, appSecret);
  return { type: row.type as SourceType, config };
}

export function connectorContext(settings: AnalyticsSettings, accountId: number): ConnectorContext {
  return {
    dataDir: settings.dataDir,
    accountId,
    allowedHosts: settings.allowedHosts,
    metadataDatabaseUrl: settings.databaseUrl,
    warehouseLimits: settings.warehouseLimits,
    allowPrivilegedUsers: settings.allowPrivilegedUsers,
  };
}

export interface SourceConnector {
  connector: Connector;
  sourceType: SourceType;
}
