import type { Kysely, Selectable } from 'kysely';
import type {
  Dashboard,
  DashboardFilter,
  DashboardTab,
  DashboardTile,
} from '../../../common/charts';
import type { DashboardInput, DashboardRecord } from '../../../common/api/dashboards';
import type { ChartRecord } from '../../../common/api/charts';
import type { DashboardsTable } from '../../db/dashboardSchema';
import type { DatasetField } from '../../../common/analytics';
import type { Database } from '../../db/schema';
import { findAccountRow, insertAccountRow, updateAccountRow } from '../../db/accountRows';
import { assertWithinPlan } from '../plans/planLimitsService';
import { toDataset } from '../datasets/repository';
import { parseTranslations, translationsColumn } from '../../../common/contentTranslations';

// Dashboards of an account: rows -> API records and lookups.

type DashboardRow = Selectable<DashboardsTable>;

function parseList<T>(json: string): T[] {
  try {
    const value: unknown = JSON.parse(json);
    return Array.isArray(value) ? (value as T[]) : [];
  } catch {
    return [];
  }
}

export function toDashboard(row: DashboardRow): DashboardRecord {
  const translations = parseTranslations(row.translations_json);
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    tiles: parseList<DashboardTile>(row.tiles_json),
    tabs: parseList<DashboardTab>(row.tabs_json),
    filters: parseList<DashboardFilter>(row.filters_json),
    refreshSeconds: row.refresh_seconds,
    ...(translations ? { translations } : {}),
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

export function findDashboardRow(
  db: Kysely<Database>,
  accountId: number,
  dashboardId: number,
): Promise<DashboardRow> {
  return findAccountRow(db, 'dashboards', 'Dashboard', accountId, dashboardId);
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

/** The columns a dashboard body writes (the rest are the account, author and stamps). */
export type DashboardValues = Pick<
  DashboardRow,
  'name' | 'description' | 'tiles_json' | 'tabs_json' | 'filters_json' | 'refresh_seconds'
> & { translations_json?: string | null };

export function toDashboardValues(input: DashboardInput): DashboardValues {
  return {
    name: input.name,
    description: input.description,
    tiles_json: JSON.stringify(input.tiles),
    tabs_json: JSON.stringify(input.tabs),
    filters_json: JSON.stringify(input.filters),
    refresh_seconds: input.refreshSeconds,
    // Omitted translations are kept (a client that does not know them leaves them be).
    ...(input.translations ? { translations_json: translationsColumn(input.translations) } : {}),
  };
}

/**
 * Inserts a dashboard of the user's account if its plan has room for one more; `id`: under
 * the id a deleted dashboard had (its restore).
 */
export function insertDashboard(
  db: Kysely<Database>,
  user: { id: number; accountId: number },
  values: DashboardValues,
  id?: number,
): Promise<DashboardRow> {
  const columns = { ...values, created_by: user.id, ...(id === undefined ? {} : { id }) };
  const checks = (trx: Kysely<Database>) => assertWithinPlan(trx, user.accountId, 'dashboards');
  return insertAccountRow(db, 'dashboards', user.accountId, columns, checks);
}

export function updateDashboard(
  db: Kysely<Database>,
  accountId: number,
  dashboardId: number,
  values: DashboardValues,
): Promise<DashboardRow> {
  return updateAccountRow(db, 'dashboards', accountId, dashboardId, values);
}

/** Deletes a dashboard with its share links. */
export async function deleteDashboard(db: Kysely<Database>, accountId: number, id: number) {
  await db.transaction().execute(async (trx) => {
    await trx
      .deleteFrom('share_links')
      .where('dashboard_id', '=', id)
      .where('account_id', '=', accountId)
      .execute();
    await trx
      .deleteFrom('dashboards')
      .where('id', '=', id)
      .where('account_id', '=', accountId)
      .execute();
  });
}

/** The fields of the account's datasets among `datasetIds`, by dataset id. */
export async function fieldsByDataset(
  db: Kysely<Database>,
  accountId: number,
  datasetIds: number[],
): Promise<Map<number, DatasetField[]>> {
  const ids = [...new Set(datasetIds)];
  if (ids.length === 0) return new Map();
  const rows = await db
    .selectFrom('datasets')
    .selectAll()
    .where('account_id', '=', accountId)
    .where('id', 'in', ids)
    .execute();
  return new Map(rows.map((row) => [row.id, toDataset(row).fields]));
}

/** What a dashboard's checks need of a chart it shows: its name and its dataset. */
/** What a dashboard needs of its charts: a slice of the wire record, not a second copy. */
export type ChartRef = Pick<ChartRecord, 'id' | 'name' | 'datasetId'>;

/** The account's charts among `ids` (others' and missing ones are left out). */
export async function chartRefsByIds(
  db: Kysely<Database>,
  accountId: number,
  ids: number[],
): Promise<ChartRef[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .selectFrom('charts')
    .select(['id', 'name', 'dataset_id'])
    .where('account_id', '=', accountId)
    .where('id', 'in', [...new Set(ids)])
    .execute();
  return rows.map((row) => ({ id: row.id, name: row.name, datasetId: row.dataset_id }));
}

/** The account's dashboards among `ids` with their filters (what a tile's link may name). */
export async function dashboardsByIds(
  db: Kysely<Database>,
  accountId: number,
  ids: number[],
): Promise<Map<number, DashboardRecord>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .selectFrom('dashboards')
    .selectAll()
    .where('account_id', '=', accountId)
    .where('id', 'in', [...new Set(ids)])
    .execute();
  return new Map(rows.map((row) => [row.id, toDashboard(row)]));
}
