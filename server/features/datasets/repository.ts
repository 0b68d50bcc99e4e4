import type { Kysely, Selectable } from 'kysely';
import type { Dataset, DatasetField } from '../../../src/model/analytics';
import type { DatasetsTable } from '../../db/analyticsSchema';
import type { Database } from '../../db/schema';
import { notFound } from '../../http/errors';

// Datasets of an account: rows -> API records, and the lookup the query engine uses.

export type DatasetRow = Selectable<DatasetsTable>;

export type DatasetRecord = Dataset & { createdAt: string; updatedAt: string };

function parseFields(json: string): DatasetField[] {
  try {
    const value: unknown = JSON.parse(json);
    return Array.isArray(value) ? (value as DatasetField[]) : [];
  } catch {
    return [];
  }
}

export function toDataset(row: DatasetRow): DatasetRecord {
  const dataset: DatasetRecord = {
    id: row.id,
    sourceId: row.source_id,
    name: row.name,
    description: row.description,
    fields: parseFields(row.fields_json),
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
  if (row.table_name !== null) dataset.table = row.table_name;
  if (row.sql !== null) dataset.sql = row.sql;
  if (row.row_count !== null) dataset.rowCount = Number(row.row_count);
  return dataset;
}

export async function findDatasetRow(
  db: Kysely<Database>,
  accountId: number,
  datasetId: number,
): Promise<DatasetRow> {
  const row = await db
    .selectFrom('datasets')
    .selectAll()
    .where('id', '=', datasetId)
    .where('account_id', '=', accountId)
    .executeTakeFirst();
  if (!row) throw notFound('Dataset');
  return row;
}

/** The account's dataset `datasetId`; 404 when it does not exist or belongs to another account. */
export async function loadDataset(
  db: Kysely<Database>,
  accountId: number,
  datasetId: number,
): Promise<DatasetRecord> {
  return toDataset(await findDatasetRow(db, accountId, datasetId));
}
