import type { Kysely, Selectable } from 'kysely';
import { ROLLUP_SHAPE, type RollupInput, type RollupShape } from '../../../common/api/rollups';
import type { RollupsTable } from '../../db/analyticsSchema';
import { nowIso, type Database } from '../../db/schema';
import type { ChartSpec } from '../../../common/api/charts';
import type { DashboardFilter } from '../../../common/api/dashboards';
import type { ChartQuery } from '../../query/rollups/proposeRollup';
import type { KnownRollup } from '../../query/rollups/rollupUse';

// Rollups of datasets in the metadata store: their definitions and what their builds left.

export type RollupRow = Selectable<RollupsTable>;

/** The warehouse table of a rollup: a name no upload can take (uploads trim leading _). */
export const rollupTableName = (id: number) => `__rollup_${id}`;

export function shapeOf(row: Pick<RollupRow, 'shape_json'>): RollupShape {
  return ROLLUP_SHAPE.parse(JSON.parse(row.shape_json));
}

const numberOrNull = (value: number | string | null) => (value === null ? null : Number(value));
export const rowCountOf = (row: RollupRow) => numberOrNull(row.row_count);
export const sizeBytesOf = (row: RollupRow) => numberOrNull(row.size_bytes);

/** Past its freshness limit at `now` (or never built). */
export function pastFreshness(row: RollupRow, now: number): boolean {
  if (!row.last_refreshed_at) return true;
  return Date.parse(row.last_refreshed_at) + row.freshness_minutes * 60_000 <= now;
}

/** Whether queries may read it at `now`: built from the current rows, within its limit. */
export function usable(row: RollupRow, now: number): boolean {
  return row.status === 'ready' && !behindItsData(row) && !pastFreshness(row, now);
}

/** Ready, but rows were appended since it was built (its refresh is queued). */
export function behindItsData(row: RollupRow): boolean {
  return row.status === 'ready' && row.built_version !== row.data_version;
}

/** What a query may make of it: one behind its data is stale until its refresh. */
export function readinessOf(row: RollupRow): string {
  return behindItsData(row) ? 'stale' : row.status;
}

export function rollupsOfDataset(
  db: Kysely<Database>,
  accountId: number,
  datasetId: number,
): Promise<RollupRow[]> {
  return db
    .selectFrom('rollups')
    .selectAll()
    .where('account_id', '=', accountId)
    .where('dataset_id', '=', datasetId)
    .orderBy('id')
    .execute();
}

export async function findRollup(
  db: Kysely<Database>,
  accountId: number,
  id: number,
): Promise<RollupRow | undefined> {
  return db
    .selectFrom('rollups')
    .selectAll()
    .where('account_id', '=', accountId)
    .where('id', '=', id)
    .executeTakeFirst();
}

function definitionOf(input: RollupInput) {
  const shape: RollupShape = {
    dimensions: input.dimensions,
    timeField: input.timeField,
    grain: input.grain,
    measures: input.measures,
  };
  return {
    name: input.name,
    shape_json: JSON.stringify(shape),
    refresh_minutes: input.refreshMinutes,
    freshness_minutes: input.freshnessMinutes,
  };
}

export function insertRollup(
  db: Kysely<Database>,
  owner: { accountId: number; datasetId: number; createdBy: number },
  input: RollupInput,
): Promise<RollupRow> {
  const now = nowIso();
  return db
    .insertInto('rollups')
    .values({
      account_id: owner.accountId,
      dataset_id: owner.datasetId,
      ...definitionOf(input),
      status: 'pending',
      created_by: owner.createdBy,
      created_at: now,
      updated_at: now,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** A new definition: the table holds the old shape, so it waits for its next build. */
export function updateRollup(db: Kysely<Database>, id: number, input: RollupInput) {
  return db
    .updateTable('rollups')
    .set({ ...definitionOf(input), status: 'pending', updated_at: nowIso() })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function deleteRollup(db: Kysely<Database>, id: number): Promise<void> {
  await db.deleteFrom('rollups').where('id', '=', id).execute();
}

/** A build starts: answers the data version it reads. */
export async function markBuilding(db: Kysely<Database>, row: RollupRow): Promise<number> {
  await db
    .updateTable('rollups')
    .set({ status: row.status === 'ready' ? 'ready' : 'building' })
    .where('id', '=', row.id)
    .execute();
  return row.data_version;
}

export interface BuildOutcome {
  readVersion: number;
  rowCount: number;
  sizeBytes: number | null;
  buildMs: number;
  /** The same definition it was built for (it may have changed during the build). */
  shapeJson: string;
}

/**
 * The build is done: ready, unless the rows or the definition changed while it read (then it
 * stays stale or pending, and the change queued another build). Answers whether it counts.
 */
export async function markBuilt(
  db: Kysely<Database>,
  id: number,
  outcome: BuildOutcome,
): Promise<boolean> {
  const result = await db
    .updateTable('rollups')
    .set({
      status: 'ready',
      built_version: outcome.readVersion,
      row_count: outcome.rowCount,
      size_bytes: outcome.sizeBytes,
      build_ms: outcome.buildMs,
      last_refreshed_at: nowIso(),
      error: null,
    })
    .where('id', '=', id)
    .where('data_version', '=', outcome.readVersion)
    .where('shape_json', '=', outcome.shapeJson)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

export async function markFailed(db: Kysely<Database>, id: number, error: string): Promise<void> {
  await db.updateTable('rollups').set({ status: 'failed', error }).where('id', '=', id).execute();
}

/** How a table's rows change: replaced (or retyped), or more appended. */
export type DataChange = 'replaced' | 'appended';

/**
 * The rows of these datasets change: their rollups are never read until refreshed (after a
 * replacement rebuilt whole and stale; after an append, still ready, refreshed from their
 * last time partition where the rows before it are those they counted). Answers the rollups
 * touched.
 */
export async function markDataChanged(
  db: Kysely<Database>,
  accountId: number,
  datasetIds: number[],
  change: DataChange = 'replaced',
): Promise<RollupRow[]> {
  if (datasetIds.length === 0) return [];
  const rows = await db
    .selectFrom('rollups')
    .selectAll()
    .where('account_id', '=', accountId)
    .where('dataset_id', 'in', datasetIds)
    .execute();
  for (const row of rows) {
    await db
      .updateTable('rollups')
      .set((eb) => ({
        data_version: eb('data_version', '+', 1),
        status: row.status === 'ready' && change === 'replaced' ? 'stale' : row.status,
      }))
      .where('id', '=', row.id)
      .execute();
  }
  return rows;
}

/** Rollups whose refresh is due at `now` (never built, or their interval passed). */
export async function rollupsDue(db: Kysely<Database>, now: number): Promise<RollupRow[]> {
  const rows = await db
    .selectFrom('rollups')
    .selectAll()
    .where('status', '!=', 'building')
    .execute();
  return rows.filter(
    (row) =>
      !row.last_refreshed_at ||
      row.status !== 'ready' ||
      behindItsData(row) ||
      Date.parse(row.last_refreshed_at) + row.refresh_minutes * 60_000 <= now,
  );
}

/** The dataset's rollups as the query engine reads them (query/rollups/rollupUse.ts). */
export async function knownRollupsOf(
  db: Kysely<Database>,
  accountId: number,
  datasetId: number,
): Promise<KnownRollup[]> {
  const rows = await rollupsOfDataset(db, accountId, datasetId);
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    tableName: rollupTableName(row.id),
    shape: shapeOf(row),
    status: readinessOf(row),
    rowCount: rowCountOf(row),
    freshUntil: row.last_refreshed_at
      ? Date.parse(row.last_refreshed_at) + row.freshness_minutes * 60_000
      : null,
  }));
}

/** The charts over the dataset, with the fields their dashboards' value filters set on them. */
export async function chartQueriesOf(
  db: Kysely<Database>,
  accountId: number,
  datasetId: number,
): Promise<ChartQuery[]> {
  const charts = await db
    .selectFrom('charts')
    .select(['id', 'name', 'spec_json'])
    .where('account_id', '=', accountId)
    .where('dataset_id', '=', datasetId)
    .execute();
  const dashboards = await db
    .selectFrom('dashboards')
    .select('filters_json')
    .where('account_id', '=', accountId)
    .execute();
  const filterFields = new Map<number, string[]>();
  for (const dashboard of dashboards) {
    for (const filter of JSON.parse(dashboard.filters_json) as DashboardFilter[]) {
      if (filter.type !== 'values') continue;
      for (const binding of filter.bindings) {
        filterFields.set(binding.chartId, [
          ...(filterFields.get(binding.chartId) ?? []),
          binding.field,
        ]);
      }
    }
  }
  return charts.map((chart) => ({
    id: chart.id,
    name: chart.name,
    query: (JSON.parse(chart.spec_json) as ChartSpec).query,
    filterFields: filterFields.get(chart.id) ?? [],
  }));
}

/** The account's datasets over a table of source `sourceId`. */
export async function tableDatasetsOfSource(
  db: Kysely<Database>,
  accountId: number,
  sourceId: number,
): Promise<{ id: number; table: string }[]> {
  const rows = await db
    .selectFrom('datasets')
    .select(['id', 'table_name'])
    .where('account_id', '=', accountId)
    .where('source_id', '=', sourceId)
    .where('table_name', 'is not', null)
    .execute();
  return rows.map((row) => ({ id: row.id, table: row.table_name! }));
}
