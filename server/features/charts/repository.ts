import type { Kysely, Selectable } from 'kysely';
import type { ChartSpec, SavedChart } from '../../../src/model/charts';
import type { ChartsTable } from '../../db/dashboardSchema';
import { nowIso, type Database } from '../../db/schema';
import { notFound } from '../../http/errors';
export { inTransaction } from '../../db/transactions';

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

/** The columns a chart body writes (the rest are the account, author and stamps). */
export type ChartValues = Pick<ChartRow, 'dataset_id' | 'name' | 'description' | 'spec_json'>;

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

export async function insertChart(
  db: Kysely<Database>,
  user: { id: number; accountId: number },
  values: ChartValues,
): Promise<ChartRow> {
  const now = nowIso();
  return db
    .insertInto('charts')
    .values({
      ...values,
      account_id: user.accountId,
      created_by: user.id,
      created_at: now,
      updated_at: now,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function updateChart(
  db: Kysely<Database>,
  accountId: number,
  chartId: number,
  values: ChartValues,
): Promise<ChartRow> {
  return db
    .updateTable('charts')
    .set({ ...values, updated_at: nowIso() })
    .where('id', '=', chartId)
    .where('account_id', '=', accountId)
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function deleteChart(
  db: Kysely<Database>,
  accountId: number,
  chartId: number,
): Promise<void> {
  await db
    .deleteFrom('charts')
    .where('id', '=', chartId)
    .where('account_id', '=', accountId)
    .execute();
}
