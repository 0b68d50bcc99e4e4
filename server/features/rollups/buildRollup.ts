import { performance } from 'node:perf_hooks';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { DatasetRecord } from '../../../common/api/datasets';
import type { RollupShape } from '../../../common/api/rollups';
import type { Connector } from '../../engines/connector';
import { ApiError } from '../../errors';
import { messageOf, type JobHandle } from '../../jobs/jobQueue';
import { fromClause } from '../../query/compile/compileSemanticQuery';
import type { SqlDialect } from '../../engines/sqlDialect';
import { sqlDialectOf } from '../../engines';
import { checkShape, rollupSelect, ROWS_COLUMN } from '../../query/rollups/rollupShape';
import { loadDataset } from '../datasets/repository';
import { findSource } from '../sources/repository';
import {
  deleteRollup,
  findRollup,
  markBuilding,
  markBuilt,
  markFailed,
  rollupTableName,
  rollupsDue,
  shapeOf,
  type RollupRow,
} from './repository';

// Builds and refreshes a rollup's table in the tenant's warehouse, as a job. A rollup whose
// rows were replaced (stale) or never built is built whole; a ready one with a time field is
// refreshed from its last time partition on, after checking that the rows before it are
// still those it counted (else whole). Its cached chart results are then forgotten.

const BUILD = z.object({ accountId: z.number().int().positive(), rollupId: z.number().int() });
type BuildPayload = z.infer<typeof BUILD>;

/** A build reads every row of the dataset: it may take a while. */
const BUILD_TIMEOUT_MS = 30 * 60_000;
/** How often due refreshes are looked for. */
const SCHEDULE_EVERY_MS = 60_000;

async function scalar(connector: Connector, sql: string): Promise<unknown> {
  const result = await connector.run(sql, { timeoutMs: BUILD_TIMEOUT_MS, maxRows: 1 });
  return result.rows[0]?.[0];
}

interface BuildContext {
  connector: Connector;
  dialect: SqlDialect;
  shape: RollupShape;
  from: string;
  table: string;
}

/**
 * The partition a refresh starts from ('YYYY-MM-DD'): the rollup's last one, when the rows
 * before it still count as many as the rollup holds for them; else undefined (build whole).
 */
async function refreshStart(build: BuildContext): Promise<string | undefined> {
  const { connector, dialect, shape, from, table } = build;
  if (!shape.timeField || !shape.grain) return undefined;
  const time = dialect.quote(shape.timeField);
  const last = await scalar(connector, `SELECT MAX(${time}) FROM ${dialect.quote(table)}`);
  const since = last === null || last === undefined ? undefined : String(last).slice(0, 10);
  if (!since || !/^\d{4}-\d{2}-\d{2}$/.test(since)) return undefined;
  const partition = dialect.timeGrain(time, shape.grain);
  const before = (column: string) => `(${column} < CAST('${since}' AS DATE) OR ${column} IS NULL)`;
  const [kept, counted] = await Promise.all([
    scalar(
      connector,
      `SELECT SUM(${dialect.quote(ROWS_COLUMN)}) FROM ${dialect.quote(table)} WHERE ${before(time)}`,
    ),
    scalar(connector, `SELECT COUNT(*) FROM ${from} WHERE ${before(partition)}`),
  ]);
  return Number(kept ?? 0) === Number(counted ?? 0) ? since : undefined;
}

async function tableExists(app: FastifyInstance, accountId: number, table: string) {
  return app.sourceConnectors.useWarehouse(accountId, (warehouse) => warehouse.tableExists(table));
}

/** Writes the rollup's table whole. */
function writeTable(app: FastifyInstance, accountId: number, build: BuildContext) {
  const { dialect, shape, from, table } = build;
  return app.sourceConnectors.useWarehouse(accountId, (warehouse) =>
    warehouse.createTableAs(table, rollupSelect(shape, from, dialect)),
  );
}

async function refreshTable(
  app: FastifyInstance,
  accountId: number,
  row: RollupRow,
  build: BuildContext,
): Promise<void> {
  const { dialect, shape, from, table } = build;
  const incremental = row.status === 'ready' && (await tableExists(app, accountId, table));
  const since = incremental ? await refreshStart(build) : undefined;
  if (since === undefined) return writeTable(app, accountId, build);
  const where = `${dialect.quote(shape.timeField!)} >= CAST('${since}' AS DATE)`;
  await app.sourceConnectors.useWarehouse(accountId, (warehouse) =>
    warehouse.replaceRowsWhere(table, where, rollupSelect(shape, from, dialect, since)),
  );
}

/** The failure in words fit for the tenant: a 4xx's message; the engine's own is logged only. */
function failureOf(error: unknown): string {
  if (error instanceof ApiError) return error.message;
  return 'The warehouse could not build it; it is tried again at its next refresh.';
}

/** Builds or refreshes rollup `rollupId`; nothing when it or its dataset is gone. */
export async function buildRollup(app: FastifyInstance, accountId: number, rollupId: number) {
  const row = await findRollup(app.db, accountId, rollupId);
  if (!row) return;
  let dataset: DatasetRecord;
  try {
    dataset = await loadDataset(app.db, accountId, row.dataset_id);
  } catch (error) {
    if (!(error instanceof ApiError && error.statusCode === 404)) throw error;
    // Its dataset was deleted: the rollup and its table go too.
    await deleteRollup(app.db, row.id);
    await app.sourceConnectors.useWarehouse(accountId, (warehouse) =>
      warehouse.dropTable(rollupTableName(row.id)),
    );
    return;
  }
  const readVersion = await markBuilding(app.db, row);
  try {
    const source = await findSource(app.db, accountId, dataset.sourceId);
    if (source.type !== 'duckdb') {
      throw new ApiError(400, 'Rollups are built in the warehouse: its datasets only.');
    }
    const { connector, sourceType } = await app.sourceConnectors.forRow(source);
    const dialect = sqlDialectOf(sourceType);
    const shape = shapeOf(row);
    checkShape(shape, dataset);
    const table = rollupTableName(row.id);
    const build = { connector, dialect, shape, from: fromClause(dataset, dialect), table };
    const startedAt = performance.now();
    await refreshTable(app, accountId, row, build);
    const buildMs = Math.round(performance.now() - startedAt);
    const rowCount = Number(
      await scalar(connector, `SELECT COUNT(*) FROM ${dialect.quote(table)}`),
    );
    const sizeBytes = await app.sourceConnectors.useWarehouse(accountId, (warehouse) =>
      warehouse.tableBytes(table),
    );
    await markBuilt(app.db, row.id, {
      readVersion,
      rowCount,
      sizeBytes,
      buildMs,
      shapeJson: row.shape_json,
    });
    app.queryEngine.invalidateSource(accountId, dataset.sourceId);
  } catch (error) {
    await markFailed(app.db, row.id, failureOf(error));
    if (!(error instanceof ApiError)) {
      app.log.warn(
        { err: error, rollupId: row.id },
        `Rollup ${row.id} failed to build: ${messageOf(error)}`,
      );
      throw error;
    }
  }
}

export type RollupBuildJob = JobHandle<BuildPayload, void>;

const buildJobs = new WeakMap<FastifyInstance, RollupBuildJob>();

/** Queues a build of each rollup (one queued per rollup at a time). */
export async function queueRollupBuilds(app: FastifyInstance, rows: RollupRow[]): Promise<void> {
  const job = buildJobs.get(app);
  if (!job) throw new Error('The rollup build job is not defined in this app.');
  for (const row of rows) await job.enqueue({ accountId: row.account_id, rollupId: row.id });
}

/** The build job (one queued per rollup at a time) and the schedule of refreshes. */
export function defineRollupJobs(app: FastifyInstance): RollupBuildJob {
  const job = app.jobs.define({
    name: 'rollup-build',
    payload: BUILD,
    attempts: 2,
    keyOf: ({ rollupId }) => `rollup-build-${rollupId}`,
    run: ({ accountId, rollupId }) => buildRollup(app, accountId, rollupId),
  });
  buildJobs.set(app, job);
  app.jobs.every({
    name: 'rollup-refresh',
    everyMs: SCHEDULE_EVERY_MS,
    run: async () => queueRollupBuilds(app, await rollupsDue(app.db, Date.now())),
  });
  return job;
}
