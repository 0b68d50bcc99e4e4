import type { Kysely, Selectable } from 'kysely';
import type { DataSourceConfig, SourceType } from '../../../common/analytics';
import type { DataSourceRecord } from '../../../common/api/sources';
import { isSourceType, sourceTypeInfo } from '../../../common/sourceTypes';
import type { DataSourcesTable } from '../../db/analyticsSchema';
import { nowIso, type Database } from '../../db/schema';
import {
  accountNameTaken,
  findAccountRow,
  insertAccountRow,
  updateAccountRow,
} from '../../db/accountRows';
import type { Connector, ConnectorContext, SourceToOpen } from '../../engines/connector';
import { conflict } from '../../errors';
import type { AnalyticsSettings } from './analyticsSettings';
import { decryptSecret } from '../../services/secrets';
import type { WriteChecks } from '../../db/transactions';

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

export function toDataSource(row: DataSourceRow): DataSourceRecord {
  const config: DataSourceRecord['config'] = { ...parseStoredConfig(row) };
  delete (config as DataSourceConfig).password;
  if (isSourceType(row.type) && sourceTypeInfo(row.type).fields.includes('password')) {
    config.hasPassword = row.password_enc !== null;
  }
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
export function findSource(
  db: Kysely<Database>,
  accountId: number,
  sourceId: number,
): Promise<DataSourceRow> {
  return findAccountRow(db, 'data_sources', 'Data source', accountId, sourceId);
}

/** True when the account has another source named `name` (other than `exceptId`). */
export function sourceNameTaken(
  db: Kysely<Database>,
  accountId: number,
  name: string,
  exceptId?: number,
): Promise<boolean> {
  return accountNameTaken(db, 'data_sources', accountId, name, exceptId);
}

export type SourceColumns = Pick<DataSourceRow, 'name' | 'type' | 'config_json' | 'password_enc'>;

/** Inserts a source once `checks` passed, in one transaction. */
export function insertSource(
  db: Kysely<Database>,
  accountId: number,
  columns: SourceColumns,
  checks: WriteChecks,
): Promise<DataSourceRow> {
  return insertAccountRow(db, 'data_sources', accountId, columns, checks);
}

/** Updates a source once `checks` passed, in one transaction. */
export function updateSource(
  db: Kysely<Database>,
  accountId: number,
  id: number,
  columns: SourceColumns,
  checks: WriteChecks,
): Promise<DataSourceRow> {
  return updateAccountRow(db, 'data_sources', accountId, id, columns, checks);
}

/**
 * Deletes the account's source `id` unless datasets use it (409 naming them); answers the
 * deleted row. One transaction: a dataset added meanwhile cannot lose its source.
 */
export function deleteUnusedSource(
  db: Kysely<Database>,
  accountId: number,
  id: number,
): Promise<DataSourceRow> {
  return db.transaction().execute(async (trx) => {
    const source = await findSource(trx, accountId, id);
    const used = await datasetNamesOfSource(trx, accountId, id);
    if (used.length) {
      const names = used.map((name) => `"${name}"`).join(', ');
      throw conflict(`This data source is used by dataset${used.length > 1 ? 's' : ''} ${names}.`);
    }
    await trx.deleteFrom('data_sources').where('id', '=', id).execute();
    return source;
  });
}

/** Names of the account's datasets over source `sourceId`. */
export async function datasetNamesOfSource(
  db: Kysely<Database>,
  accountId: number,
  sourceId: number,
): Promise<string[]> {
  const rows = await db
    .selectFrom('datasets')
    .select('name')
    .where('source_id', '=', sourceId)
    .where('account_id', '=', accountId)
    .execute();
  return rows.map((row) => row.name);
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
    warehouseCache: settings.warehouseCache,
    allowPrivilegedUsers: settings.allowPrivilegedUsers,
  };
}

export interface SourceConnector {
  connector: Connector;
  sourceType: SourceType;
}

/** The account's first source of type duckdb (its warehouse). */
export function findFirstDuckdbSource(
  db: Kysely<Database>,
  accountId: number,
): Promise<DataSourceRow | undefined> {
  return db
    .selectFrom('data_sources')
    .selectAll()
    .where('account_id', '=', accountId)
    .where('type', '=', 'duckdb')
    .orderBy('id')
    .executeTakeFirst();
}

/** The names of the account's data sources. */
export async function findSourceNamesOfAccount(
  db: Kysely<Database>,
  accountId: number,
): Promise<string[]> {
  const rows = await db
    .selectFrom('data_sources')
    .select('name')
    .where('account_id', '=', accountId)
    .execute();
  return rows.map((row) => row.name);
}

/** Inserts the account's warehouse source (type duckdb, no settings) named `name`. */
export function insertWarehouseSource(
  db: Kysely<Database>,
  accountId: number,
  name: string,
): Promise<DataSourceRow> {
  const now = nowIso();
  return db
    .insertInto('data_sources')
    .values({
      account_id: accountId,
      name,
      type: 'duckdb',
      config_json: '{}',
      password_enc: null,
      created_at: now,
      updated_at: now,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}
