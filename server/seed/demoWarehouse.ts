import { copyFile, link, rm } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type { DuckDBConnection } from '@duckdb/node-api';
import type { FastifyInstance } from 'fastify';
import type { DatasetField } from '../../common/analytics';
import { detectFields } from '../features/datasets/fieldDetection';
import { tableNameFrom } from '../features/uploads/uploadFormat';
import { findWarehouseSource } from '../features/sources/warehouseSourceService';
import { quoteIdentifier, stagingDir } from '../engines/duckdb/warehouse';
import type { TenantWarehouse } from '../engines/tenantWarehouse';
import { DEMO_TABLES, type DemoTable } from './demoDatasets';
import { findAccountRowBySite } from '../db/accounts';
import { nowIso } from '../db/schema';
import { inTransaction } from '../db/transactions';
import { insertSeedDataset, insertSeedSource } from './seedRepository';

// The demo warehouse of tenant acme (docs/architecture.md §3): the vega-datasets tables ingested into the
// account's warehouse (DuckDB, or ClickHouse with WAREHOUSE_URL: shaped by DuckDB either way), the "Demo warehouse" source and one dataset per table. Runs
// once: an account that already has its warehouse source is left alone, so later starts
// cost one query.

const DEMO_SOURCE_NAME = 'Demo warehouse';

function vegaDataDir(): string {
  const require = createRequire(import.meta.url);
  // The package exports only its JS entry (build/index.js); the files sit beside build/.
  return join(dirname(require.resolve('vega-datasets')), '..', 'data');
}

/** Puts the package file into the staging folder (a hard link when possible, else a copy). */
async function stage(source: string, staged: string): Promise<void> {
  try {
    await link(source, staged);
  } catch {
    await copyFile(source, staged);
  }
}

async function snakeCaseColumns(connection: DuckDBConnection, table: string): Promise<void> {
  const reader = await connection.runAndReadAll(
    `select column_name from duckdb_columns() where schema_name = 'main' and table_name = $1
     order by column_index`,
    [table],
  );
  for (const [column] of reader.getRowsJS()) {
    const name = tableNameFrom(String(column));
    if (name === column) continue;
    await connection.run(
      `ALTER TABLE ${quoteIdentifier(table)} RENAME COLUMN ${quoteIdentifier(String(column))} TO ${quoteIdentifier(name)}`,
    );
  }
}

/** The demo's renames and fixes, run by DuckDB on the table as read (DuckDB's SQL). */
function shapeOf(demo: DemoTable) {
  return async (connection: DuckDBConnection, table: string) => {
    if (!demo.keepColumnNames) await snakeCaseColumns(connection, table);
    if (demo.fixSql) await connection.run(demo.fixSql);
  };
}

async function ingestDemoTable(
  warehouse: TenantWarehouse,
  staging: string,
  demo: DemoTable,
): Promise<DatasetField[]> {
  const staged = join(staging, `demo-${demo.table}-${process.pid}.${demo.format}`);
  await stage(join(vegaDataDir(), demo.file), staged);
  try {
    await warehouse.ingestFile(staged, demo.table, demo.format, {
      replace: true,
      shape: shapeOf(demo),
    });
  } finally {
    await rm(staged, { force: true });
  }
  const { columns } = await warehouse.describeTable(demo.table);
  return detectFields(columns).map((field) => {
    const hints = demo.fields[field.name] ?? {};
    return { ...field, ...hints, role: hints.role ?? field.role };
  });
}

type IngestedDemo = { demo: DemoTable; fields: DatasetField[]; rowCount: number };

async function ingestDemoTables(
  warehouse: TenantWarehouse,
  staging: string,
): Promise<IngestedDemo[]> {
  const ingested: IngestedDemo[] = [];
  for (const demo of DEMO_TABLES) {
    const fields = await ingestDemoTable(warehouse, staging, demo);
    const { rowCount } = await warehouse.describeTable(demo.table);
    ingested.push({ demo, fields, rowCount });
  }
  return ingested;
}

/**
 * Seeds the demo warehouse of `accountId` once: tables first (idempotent, replaced), then
 * the source and the datasets in one metadata transaction. The warehouse is closed after:
 * start-up leaves none open.
 */
export async function seedDemoWarehouse(app: FastifyInstance, accountId: number): Promise<boolean> {
  if (await findWarehouseSource(app.db, accountId)) return false;
  const { dataDir } = app.analyticsSettings;
  const staging = stagingDir(dataDir, accountId);
  let ingested: IngestedDemo[];
  try {
    ingested = await app.sourceConnectors.useWarehouse(accountId, (warehouse) =>
      ingestDemoTables(warehouse, staging),
    );
  } finally {
    await app.sourceConnectors.warehouses.release(accountId);
  }
  await inTransaction(app.db, async (trx) => {
    const now = nowIso();
    const sourceId = await insertSeedSource(trx, {
      account_id: accountId,
      name: DEMO_SOURCE_NAME,
      type: 'duckdb',
      config_json: '{}',
      password_enc: null,
      created_at: now,
      updated_at: now,
    });
    for (const { demo, fields, rowCount } of ingested) {
      await insertSeedDataset(trx, {
        account_id: accountId,
        source_id: sourceId,
        name: demo.dataset,
        description: demo.description,
        table_name: demo.table,
        sql: null,
        fields_json: JSON.stringify(fields),
        row_count: rowCount,
        created_at: now,
        updated_at: now,
      });
    }
  });
  return true;
}

/** At start-up: the demo warehouse of tenant `site` (acme), when that account exists. */
export async function seedDemoWarehouseOf(app: FastifyInstance, site = 'acme'): Promise<void> {
  const account = await findAccountRowBySite(app.db, site);
  if (!account) return;
  const started = Date.now();
  if (await seedDemoWarehouse(app, account.id)) {
    app.log.info(`Demo warehouse of "${site}" seeded in ${Date.now() - started} ms.`);
  }
}
