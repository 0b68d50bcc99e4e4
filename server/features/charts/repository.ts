import type { Kysely, Selectable } from 'kysely';
import type { ChartSpec } from '../../../common/charts';
import type { ChartInput, ChartRecord } from '../../../common/api/charts';
import type { ChartsTable } from '../../db/dashboardSchema';
import type { Database } from '../../db/schema';
import { parseTranslations, translationsColumn } from '../../../common/contentTranslations';
import {
  deleteAccountRow,
  insertAccountRow,
  findAccountRow,
  updateAccountRow,
} from '../../db/accountRows';
export { inTransaction } from '../../db/transactions';

// Saved charts of an account: rows -> API records and lookups.

type ChartRow = Selectable<ChartsTable>;

export function toSavedChart(row: ChartRow): ChartRecord {
  const translations = parseTranslations(row.translations_json);
  return {
    id: row.id,
    datasetId: row.dataset_id,
    name: row.name,
    description: row.description,
    spec: JSON.parse(row.spec_json) as ChartSpec,
    ...(translations ? { translations } : {}),
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

export function findChartRow(
  db: Kysely<Database>,
  accountId: number,
  chartId: number,
): Promise<ChartRow> {
  return findAccountRow(db, 'charts', 'Chart', accountId, chartId);
}

/** The account's charts among `ids` (others' and missing ones are left out). */
export async function chartsByIds(
  db: Kysely<Database>,
  accountId: number,
  ids: number[],
): Promise<ChartRecord[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .selectFrom('charts')
    .selectAll()
    .where('account_id', '=', accountId)
    .where('id', 'in', [...new Set(ids)])
    .execute();
  return rows.map(toSavedChart);
}

/** The columns a chart body writes (the rest are the account, author and stamps). */
export type ChartValues = Pick<ChartRow, 'dataset_id' | 'name' | 'description' | 'spec_json'> & {
  translations_json?: string | null;
};

export function toChartValues(input: ChartInput): ChartValues {
  return {
    dataset_id: input.datasetId,
    name: input.name,
    description: input.description,
    spec_json: JSON.stringify(input.spec),
    // Omitted translations are kept (a client that does not know them leaves them be).
    ...(input.translations ? { translations_json: translationsColumn(input.translations) } : {}),
  };
}

/** The dialect of the source a dataset reads, or undefined when its source is gone. */
export async function sourceTypeOf(
  db: Kysely<Database>,
  accountId: number,
  sourceId: number,
): Promise<string | undefined> {
  const source = await db
    .selectFrom('data_sources')
    .select('type')
    .where('id', '=', sourceId)
    .where('account_id', '=', accountId)
    .executeTakeFirst();
  return source?.type;
}

/** Inserts a chart of the user's account; `id`: under the id a deleted chart had (its restore). */
export function insertChart(
  db: Kysely<Database>,
  user: { id: number; accountId: number },
  values: ChartValues,
  id?: number,
): Promise<ChartRow> {
  const columns = { ...values, created_by: user.id, ...(id === undefined ? {} : { id }) };
  return insertAccountRow(db, 'charts', user.accountId, columns);
}

export function updateChart(
  db: Kysely<Database>,
  accountId: number,
  chartId: number,
  values: ChartValues,
): Promise<ChartRow> {
  return updateAccountRow(db, 'charts', accountId, chartId, values);
}

export function deleteChart(
  db: Kysely<Database>,
  accountId: number,
  chartId: number,
): Promise<void> {
  return deleteAccountRow(db, 'charts', accountId, chartId);
}
