import type { Kysely } from 'kysely';
import type { DatasetField } from '../../../common/analytics';
import type { Dashboard, DashboardFilter } from '../../../common/charts';
import type { Database } from '../../db/schema';
import { badRequest } from '../../errors';
import { chartRefsByIds, dashboardsByIds, fieldsByDataset, type ChartRef } from './repository';

// A dashboard is saved only when its references hold: chart tiles show charts of the same
// account, and each filter binds charts on the dashboard to fields of their datasets (a date
// range to a date field), and a tile's link opens a dashboard of the account by one of its
// filters.

function checkBindings(
  filters: DashboardFilter[],
  charts: Map<number, ChartRef>,
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

async function checkLinks(
  db: Kysely<Database>,
  accountId: number,
  tiles: Dashboard['tiles'],
): Promise<void> {
  const targets = await dashboardsByIds(
    db,
    accountId,
    tiles.flatMap((tile) => (tile.link ? [tile.link.dashboardId] : [])),
  );
  tiles.forEach((tile, index) => {
    if (!tile.link) return;
    const where = `tiles.${index}.link`;
    const target = targets.get(tile.link.dashboardId);
    if (!target) {
      throw badRequest(
        `${where}.dashboardId: no dashboard ${tile.link.dashboardId} in this account.`,
        `${where}.dashboardId`,
      );
    }
    if (!target.filters.some((filter) => filter.id === tile.link!.filterId)) {
      throw badRequest(
        `${where}.filterId: the dashboard "${target.name}" has no filter "${tile.link.filterId}".`,
        `${where}.filterId`,
      );
    }
  });
}

export async function validateDashboard(
  db: Kysely<Database>,
  accountId: number,
  input: Pick<Dashboard, 'tiles' | 'filters'>,
): Promise<void> {
  const wanted = input.tiles.flatMap((tile) => (tile.chartId === undefined ? [] : [tile.chartId]));
  const charts = new Map(
    (await chartRefsByIds(db, accountId, wanted)).map((chart) => [chart.id, chart]),
  );
  input.tiles.forEach((tile, index) => {
    if (tile.chartId !== undefined && !charts.has(tile.chartId)) {
      throw badRequest(
        `tiles.${index}.chartId: no chart ${tile.chartId} in this account.`,
        `tiles.${index}.chartId`,
      );
    }
  });
  const datasetIds = [...charts.values()].map((chart) => chart.datasetId);
  checkBindings(input.filters, charts, await fieldsByDataset(db, accountId, datasetIds));
  await checkLinks(db, accountId, input.tiles);
}
