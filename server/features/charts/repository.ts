import type { Kysely, Selectable } from 'kysely';
import type { ChartSpec, SavedChart } from '../../../src/model/charts';
import type { ChartsTable } from '../../db/dashboardSchema';
import type { Database } from '../../db/schema';
import { notFound } from '../../http/errors';

// Saved charts of an account: rows -> API records and lookups.

type ChartRow = Selectable<ChartsTable>;
export type ChartRecord = SavedChart & { createdAt: string; updatedAt: string };

export function toSavedChart(row: ChartRow): ChartRecord {
  return {
    id: row.id,
    datasetId: row.dataset_id,
    name: row.name,
    description: row.description,
    spec: JSON.parse(row.spec_json) as ChartSpec,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

export async function findChartRow(
  db: Kysely<Database>,
  accountId: number,
  chartId: number,
): Promise<ChartRow> {
  const row = await db
    .selectFrom('charts')
    .selectAll()
    .where('id', '=', chartId)
    .where('account_id', '=', accountId)
    .executeTakeFirst();
  if (!row) throw notFound('Chart');
  return row;
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
