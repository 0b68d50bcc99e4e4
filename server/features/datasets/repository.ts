import type { Kysely, Selectable, Updateable } from 'kysely';
import type { DatasetField, DatasetRecord } from '../../../common/api/datasets';
import type { DatasetsTable } from '../../db/analyticsSchema';
import type { Database } from '../../db/schema';
import {
  deleteAccountRow,
  insertAccountRow,
  findAccountRow,
  accountNameTaken,
  updateAccountRow,
} from '../../db/accountRows';
import { inTransaction, type WriteChecks } from '../../db/transactions';

// Datasets of an account: rows -> API records, and the lookup the query engine uses.

export type DatasetRow = Selectable<DatasetsTable>;

export type { DatasetRecord };

function parseFields(json: string): DatasetField[] {
  try {
    const value: unknown = JSON.parse(json);
    return Array.isArray(value) ? (value as DatasetField[]) : [];
  } catch {
    return [];
  }
}

/** The stored drill paths over fields that still exist (a refresh may drop a column). */
function parseDrillPaths(json: string | undefined, fields: DatasetField[]): string[][] {
  const names = new Set(fields.map((field) => field.name));
  try {
    const value: unknown = JSON.parse(json ?? '[]');
    if (!Array.isArray(value)) return [];
    return value
      .filter((path): path is string[] => Array.isArray(path))
      .map((path) => path.filter((name) => names.has(name)))
      .filter((path) => path.length >= 2);
  } catch {
    return [];
  }
}

export function toDataset(row: DatasetRow): DatasetRecord {
  const fields = parseFields(row.fields_json);
  const dataset: DatasetRecord = {
    id: row.id,
    sourceId: row.source_id,
    name: row.name,
    description: row.description,
    fields,
    drillPaths: parseDrillPaths(row.drill_paths_json, fields),
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
  if (row.table_name !== null) dataset.table = row.table_name;
  if (row.sql !== null) dataset.sql = row.sql;
  if (row.row_count !== null) dataset.rowCount = Number(row.row_count);
  return dataset;
}

export function findDatasetRow(
  db: Kysely<Database>,
  accountId: number,
  datasetId: number,
): Promise<DatasetRow> {
  return findAccountRow(db, 'datasets', 'Dataset', accountId, datasetId);
}

/** The account's dataset `datasetId`; 404 when it does not exist or belongs to another account. */
export async function loadDataset(
  db: Kysely<Database>,
  accountId: number,
  datasetId: number,
): Promise<DatasetRecord> {
  return toDataset(await findDatasetRow(db, accountId, datasetId));
}

/** True when the account has another dataset named `name` (other than `exceptId`). */
export function datasetNameTaken(
  db: Kysely<Database>,
  accountId: number,
  name: string,
  exceptId?: number,
): Promise<boolean> {
  return accountNameTaken(db, 'datasets', accountId, name, exceptId);
}

export type DatasetColumns = Pick<
  DatasetRow,
  'source_id' | 'name' | 'description' | 'table_name' | 'sql' | 'fields_json' | 'row_count'
> & { drill_paths_json?: string };

/** Inserts a dataset once `checks` passed, in one transaction. */
export function insertDataset(
  db: Kysely<Database>,
  accountId: number,
  columns: DatasetColumns,
  checks: WriteChecks,
): Promise<DatasetRow> {
  return insertAccountRow(db, 'datasets', accountId, columns, checks);
}

/** Updates a dataset, once `checks` passed in the same transaction when given. */
export function updateDataset(
  db: Kysely<Database>,
  accountId: number,
  id: number,
  columns: Updateable<DatasetsTable>,
  checks?: WriteChecks,
): Promise<DatasetRow> {
  return updateAccountRow(db, 'datasets', accountId, id, columns, checks);
}

/**
 * Deletes the dataset with its own row policies (a SQL dataset's); the policies of a table
 * stay with the table.
 */
export function deleteDataset(db: Kysely<Database>, accountId: number, id: number): Promise<void> {
  return inTransaction(db, async (trx) => {
    await trx
      .deleteFrom('row_policies')
      .where('account_id', '=', accountId)
      .where('dataset_id', '=', id)
      .where('table_key', 'is', null)
      .execute();
    await deleteAccountRow(trx, 'datasets', accountId, id);
  });
}

/** Names of (at most `limit` of) the account's saved charts over dataset `datasetId`. */
export async function chartNamesOfDataset(
  db: Kysely<Database>,
  accountId: number,
  datasetId: number,
  limit: number,
): Promise<string[]> {
  const charts = await db
    .selectFrom('charts')
    .select('name')
    .where('account_id', '=', accountId)
    .where('dataset_id', '=', datasetId)
    .orderBy('name')
    .limit(limit)
    .execute();
  return charts.map((chart) => chart.name);
}
