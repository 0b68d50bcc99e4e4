import type { Kysely, Selectable } from 'kysely';
import type { Dashboard, DashboardFilter, DashboardTile } from '../../../src/model/charts';
import type { DashboardsTable } from '../../db/dashboardSchema';
import type { Database } from '../../db/schema';
import { notFound } from '../../http/errors';

// Dashboards of an account: rows -> API records and lookups.

type DashboardRow = Selectable<DashboardsTable>;
export type DashboardRecord = Dashboard & { createdAt: string; updatedAt: string };

function parseList<T>(json: string): T[] {
  try {
    const value: unknown = JSON.parse(json);
    return Array.isArray(value) ? (value as T[]) : [];
  } catch {
    return [];
  }
}

export function toDashboard(row: DashboardRow): DashboardRecord {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    tiles: parseList<DashboardTile>(row.tiles_json),
    filters: parseList<DashboardFilter>(row.filters_json),
    refreshSeconds: row.refresh_seconds,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

export async function findDashboardRow(
  db: Kysely<Database>,
  accountId: number,
  dashboardId: number,
): Promise<DashboardRow> {
  const row = await db
    .selectFrom('dashboards')
    .selectAll()
    .where('id', '=', dashboardId)
    .where('account_id', '=', accountId)
    .executeTakeFirst();
  if (!row) throw notFound('Dashboard');
  return row;
}

/** The chart ids a dashboard's tiles show. */
export function chartIdsOf(dashboard: Pick<Dashboard, 'tiles'>): number[] {
  return dashboard.tiles.flatMap((tile) =>
    tile.kind === 'chart' && tile.chartId !== undefined ? [tile.chartId] : [],
  );
}

/** The account's dashboards with a tile of chart `chartId`. */
export async function dashboardsUsingChart(
  db: Kysely<Database>,
  accountId: number,
  chartId: number,
): Promise<DashboardRecord[]> {
  const rows = await db
    .selectFrom('dashboards')
    .selectAll()
    .where('account_id', '=', accountId)
    .execute();
  return rows.map(toDashboard).filter((dashboard) => chartIdsOf(dashboard).includes(chartId));
}
