import type { Kysely } from 'kysely';
import type { DatasetField } from '../../../src/model/analytics';
import type { Dashboard, DashboardFilter } from '../../../src/model/charts';
import type { Database } from '../../db/schema';
import { badRequest } from '../../http/errors';
import { toDataset } from '../datasets/repository';
import { chartsByIds, type ChartRecord } from '../charts/repository';

// A dashboard is saved only when its references hold: chart tiles show charts of the same
// account, and each filter binds charts on the dashboard to fields of their datasets (a date
// range to a date field).

async function fieldsByDataset(
  db: Kysely<Database>,
  accountId: number,
  charts: ChartRecord[],
): Promise<Map<number, DatasetField[]>> {
  const ids = [...new Set(charts.map((chart) => chart.datasetId))];
  if (ids.length === 0) return new Map();
  const rows = await db
    .selectFrom('datasets')
    .selectAll()
    .where('account_id', '=', accountId)
    .where('id', 'in', ids)
    .execute();
  return new Map(rows.map((row) => [row.id, toDataset(row).fields]));
}

function checkBindings(
  filters: DashboardFilter[],
  charts: Map<number, ChartRecord>,
  fields: Map<number, DatasetField[]>,
): void {
  filters.forEach((filter, filterIndex) => {
    filter.bindings.forEach((binding, bindingIndex) => {
      const where = `filters.${filterIndex}.bindings.${bindingIndex}`;
      const chart = charts.get(binding.chartId);
      if (!chart) {
        throw badRequest(
          `${where}.chartId: chart ${binding.chartId} is not on this dashboard.`,
          `${where}.chartId`,
        );
      }
      const field = fields.get(chart.datasetId)?.find((f) => f.name === binding.field);
      if (!field) {
        throw badRequest(
          `${where}.field: the dataset of chart "${chart.name}" has no field "${binding.field}".`,
          `${where}.field`,
        );
      }
      if (filter.type === 'dateRange' && field.type !== 'date') {
        throw badRequest(
          `${where}.field: a date range needs a date field; "${field.name}" is ${field.type}.`,
          `${where}.field`,
        );
      }
    });
  });
}

export async function validateDashboard(
  db: Kysely<Database>,
  accountId: number,
  input: Pick<Dashboard, 'tiles' | 'filters'>,
): Promise<void> {
  const wanted = input.tiles.flatMap((tile) => (tile.chartId === undefined ? [] : [tile.chartId]));
  const charts = new Map(
    (await chartsByIds(db, accountId, wanted)).map((chart) => [chart.id, chart]),
  );
  input.tiles.forEach((tile, index) => {
    if (tile.chartId !== undefined && !charts.has(tile.chartId)) {
      throw badRequest(
        `tiles.${index}.chartId: no chart ${tile.chartId} in this account.`,
        `tiles.${index}.chartId`,
      );
    }
  });
  checkBindings(input.filters, charts, await fieldsByDataset(db, accountId, [...charts.values()]));
}
