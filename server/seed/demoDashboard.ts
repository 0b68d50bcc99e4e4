import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { DashboardFilter, DashboardTile } from '../../common/charts';
import { toDataset } from '../features/datasets/repository';
import { carsDashboard } from './demoCars';
import { flightsDashboard } from './demoFlights';
import type { DemoDashboard } from './demoSpecs';
import { findAccountRowBySite } from '../db/accounts';
import { nowIso, type Database } from '../db/schema';
import { inTransaction } from '../db/transactions';
import {
  datasetsNamed,
  hasNoChartsOrDashboards,
  insertSeedChart,
  insertSeedDashboard,
} from './seedRepository';

// The demo charts and dashboards of tenant acme (docs/architecture.md §3): a "Flights" dashboard of twelve
// charts over the 3M-row flights table, with a date range and an origin filter bound to every
// chart, and a smaller "Cars" dashboard. Seeded once, after the demo warehouse: an account
// that already has charts or dashboards is left alone.

async function insertDashboard(db: Kysely<Database>, accountId: number, demo: DemoDashboard) {
  const now = nowIso();
  const ids = new Map<string, number>();
  for (const chart of demo.charts) {
    const id = await insertSeedChart(db, {
      account_id: accountId,
      dataset_id: chart.spec.query.datasetId,
      name: chart.name,
      description: chart.description,
      spec_json: JSON.stringify(chart.spec),
      created_by: null,
      created_at: now,
      updated_at: now,
    });
    ids.set(chart.key, id);
  }
  const tiles: DashboardTile[] = demo.charts.map((chart) => ({
    id: chart.key,
    kind: 'chart',
    chartId: ids.get(chart.key),
    layout: chart.layout,
  }));
  if (demo.markdown) {
    tiles.unshift({
      id: 'intro',
      kind: 'text',
      markdown: demo.markdown.text,
      layout: demo.markdown.layout,
    });
  }
  const filters: DashboardFilter[] = demo.filters.map(({ field, ...filter }) => ({
    ...filter,
    bindings: demo.charts.map((chart) => ({ chartId: ids.get(chart.key) ?? 0, field })),
  }));
  await insertSeedDashboard(db, {
    account_id: accountId,
    name: demo.name,
    description: demo.description,
    tiles_json: JSON.stringify(tiles),
    filters_json: JSON.stringify(filters),
    refresh_seconds: 0,
    created_by: null,
    created_at: now,
    updated_at: now,
  });
}

/** Seeds the demo dashboards of `accountId` when it has its demo datasets and no charts yet. */
export async function seedDemoDashboards(
  db: Kysely<Database>,
  accountId: number,
): Promise<boolean> {
  const rows = await datasetsNamed(db, accountId, ['Flights', 'Cars']);
  const byName = new Map(rows.map((row) => [row.name, toDataset(row)]));
  const flights = byName.get('Flights');
  if (!flights || !(await hasNoChartsOrDashboards(db, accountId))) return false;
  const cars = byName.get('Cars');
  await inTransaction(db, async (trx) => {
    await insertDashboard(trx, accountId, flightsDashboard(flights));
    if (cars) await insertDashboard(trx, accountId, carsDashboard(cars));
  });
  return true;
}

/** At start-up: the demo dashboards of tenant `site` (acme), once its warehouse is seeded. */
export async function seedDemoDashboardsOf(app: FastifyInstance, site = 'acme'): Promise<void> {
  const account = await findAccountRowBySite(app.db, site);
  if (account && (await seedDemoDashboards(app.db, account.id))) {
    app.log.info(`Demo dashboards of "${site}" seeded.`);
  }
}
