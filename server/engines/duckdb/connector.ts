import {
  DOUBLE,
  type DuckDBConnection,
  type DuckDBMaterializedResult,
  type DuckDBPreparedStatement,
  DuckDBResultReader,
  type DuckDBType,
  type DuckDBValue,
} from '@duckdb/node-api';
import type { QueryResult } from '../../../common/analytics';
import type { Connector, ConnectorContext, RunOptions, SourceSchema } from '../connector';
import { duckdbQueryError, withoutServerPaths } from './errors';
import { forgetStatements, keptStatement } from './preparedStatements';
import { requireOnlyReads, requireReadingType } from './statementCheck';
import { duckdbColumns, duckdbRows } from './values';
import type { Warehouse } from './warehouse';
import { withWarehouse } from './warehouseRegistry';
import { cancelledError, QueryError, refusedError } from '../queryError';
import { elapsedSince, watchDeadline } from '../queryDeadline';

// User SQL on the tenant's warehouse: exactly one statement that only reads, as DuckDB's own
// parser tells (statementCheck.ts); interrupted on timeout or abort.

/** A prepared statement checked again by its own type (DuckDB's binder has seen it). */
async function preparedReading(prepare: () => Promise<DuckDBPreparedStatement>) {
  let prepared;
  try {
    prepared = await prepare();
  } catch (error) {
    throw duckdbQueryError(error);
  }
  try {
    requireReadingType(prepared.statementType);
    return prepared;
  } catch (error) {
    prepared.destroySync();
    throw error;
  }
}

/** User SQL: split (exactly one statement), checked, then prepared. */
async function prepareOne(connection: DuckDBConnection, sql: string) {
  let extracted;
  try {
    extracted = await connection.extractStatements(sql);
  } catch (error) {
    throw duckdbQueryError(error);
  }
  if (extracted.count === 0) throw refusedError('The query is empty.');
  if (extracted.count > 1) {
    throw refusedError(`Only one statement may run at a time; found ${extracted.count}.`);
  }
  await requireOnlyReads(connection, sql);
  return preparedReading(() => extracted.prepare(0));
}

/**
 * Compiled SQL: checked, prepared once per connection, then kept (see keptStatement). It
 * skips the statement split (a second parse): DuckDB's prepare itself refuses several
 * statements. A dataset's SQL is embedded in it, so the whole is checked.
 */
async function prepareCompiledChecked(connection: DuckDBConnection, sql: string) {
  await requireOnlyReads(connection, sql);
  return preparedReading(() => connection.prepare(sql));
}

function answerFrom(reader: DuckDBResultReader, maxRows: number, started: number): QueryResult {
  const rows = duckdbRows(reader, maxRows);
  return {
    columns: duckdbColumns(reader),
    rows,
    rowCount: rows.length,
    truncated: reader.currentRowCount > maxRows,
    cached: false,
    durationMs: elapsedSince(started),
  };
}

/** How often a compiled query is run again when writes keep overlapping it. */
const OVERLAPPED_RETRIES = 2;

/**
 * The result of compiled SQL. It always ends in LIMIT (row limit + 1), so its result is
 * materialised: the query is finished and freed before the answer goes out. A streamed
 * result would stay open on the pooled connection until its next statement, which then pays
 * for tearing it down (a few ms per chart query). It runs its kept statement; when a write to
 * the warehouse overlapped the run, the plan may not fit the rows read, so it runs again on a
 * fresh plan.
 */
async function runCompiled(
  connection: DuckDBConnection,
  sql: string,
  options: RunOptions,
  dataVersion: () => number,
): Promise<QueryResult> {
  for (let attempt = 0; ; attempt++) {
    const version = dataVersion();
    const answer = await runKept(connection, sql, options, version);
    if (dataVersion() === version || attempt === OVERLAPPED_RETRIES) return answer;
  }
}

/**
 * Whole numbers beyond int64 (a filter on 1e19) bound as doubles: DuckDB's default binding
 * makes them BIGINT, which refuses them.
 */
function bindParams(prepared: DuckDBPreparedStatement, params: unknown[]): void {
  const types = params.map((value): DuckDBType | undefined =>
    typeof value === 'number' && Number.isInteger(value) && !Number.isSafeInteger(value)
      ? DOUBLE
      : undefined,
  );
  prepared.bind(params as DuckDBValue[], types as DuckDBType[]);
}

/**
 * A materialised result whose chunks are read where they are, in memory: its own fetchChunk
 * takes a trip through libuv's pool for each chunk and one more for the end, which under load
 * cost the main thread about as much as the rest of a chart query's answer.
 */
function chunksFromMemory(result: DuckDBMaterializedResult): DuckDBMaterializedResult {
  const count = result.chunkCount;
  let next = 0;
  result.fetchChunk = async () => (next < count ? result.getChunk(next++) : null);
  return result;
}

async function runKept(
  connection: DuckDBConnection,
  sql: string,
  options: RunOptions,
  dataVersion: number,
): Promise<QueryResult> {
  const started = performance.now();
  const prepared = await keptStatement(connection, sql, dataVersion, prepareCompiledChecked);
  try {
    if (options.params?.length) bindParams(prepared, options.params);
    else prepared.clearBindings();
    const reader = new DuckDBResultReader(chunksFromMemory(await prepared.run()));
    await reader.readUntil(options.maxRows + 1);
    return answerFrom(reader, options.maxRows, started);
  } catch (error) {
    forgetStatements(connection);
    throw error;
  }
}

/** The result of explorer SQL, which may have no limit: streamed, only the rows kept read. */
async function runExplorer(
  connection: DuckDBConnection,
  sql: string,
  options: RunOptions,
): Promise<QueryResult> {
  const started = performance.now();
  const prepared = await prepareOne(connection, sql);
  try {
    if (options.params?.length) bindParams(prepared, options.params);
    const reader = await prepared.streamAndReadUntil(options.maxRows + 1);
    return answerFrom(reader, options.maxRows, started);
  } finally {
    prepared.destroySync();
  }
}

const INTERRUPT_REPEAT_MS = 25;

async function runOnConnection(
  connection: DuckDBConnection,
  sql: string,
  options: RunOptions,
  dataVersion: () => number,
): Promise<QueryResult> {
  // An interrupt reaches only a statement already running: a stop that lands during the
  // checks or the prepare before it is repeated until the query is over.
  let repeat: NodeJS.Timeout | undefined;
  const deadline = watchDeadline(options, () => {
    connection.interrupt();
    repeat ??= setInterval(() => connection.interrupt(), INTERRUPT_REPEAT_MS);
  });
  try {
    if (options.signal?.aborted) throw cancelledError();
    return options.compiled
      ? await runCompiled(connection, sql, options, dataVersion)
      : await runExplorer(connection, sql, options);
  } catch (error) {
    if (deadline.stopped) throw deadline.error(deadline.stopped);
    if (error instanceof QueryError) throw error;
    throw duckdbQueryError(error);
  } finally {
    clearInterval(repeat);
    deadline.dispose();
  }
}

async function listWarehouseSchema(warehouse: Warehouse): Promise<SourceSchema> {
  return warehouse.withReadConnection(async (connection) => {
    const tables = (
      await connection.runAndReadAll(
        `select schema_name, table_name, estimated_size from duckdb_tables() where not internal
         union all
         select schema_name, view_name, null from duckdb_views() where not internal
         order by 1, 2`,
      )
    ).getRowsJS();
    const columns = (
      await connection.runAndReadAll(
        `select schema_name, table_name, column_name, data_type from duckdb_columns()
         where not internal order by schema_name, table_name, column_index`,
      )
    ).getRowsJS();
    const qualified = (schema: unknown, table: unknown) =>
      schema === 'main' ? String(table) : `${String(schema)}.${String(table)}`;
    return {
      tables: tables.map(([schema, table, size]) => ({
        name: qualified(schema, table),
        columns: columns
          .filter(([s, t]) => s === schema && t === table)
          .map(([, , name, type]) => ({ name: String(name), type: String(type) })),
        ...(size === null ? {} : { rowCount: Number(size) }),
      })),
    };
  });
}

/**
 * The tenant's warehouse as a source. It keeps no warehouse: each call takes it from the
 * registry (warehouseRegistry.ts), which reopens one closed while idle.
 */
export async function openDuckdbConnector(context: ConnectorContext): Promise<Connector> {
  const { dataDir, accountId } = context;
  if (!Number.isInteger(accountId) || accountId <= 0) {
    throw new Error(`Bad account id ${accountId}.`);
  }
  const policy = { limits: context.warehouseLimits, cache: context.warehouseCache };
  const inWarehouse = <T>(work: (warehouse: Warehouse) => Promise<T>) =>
    withWarehouse(dataDir, accountId, policy, work);
  return {
    dialect: 'duckdb',
    async test() {
      try {
        const schema = await inWarehouse(listWarehouseSchema);
        return {
          ok: true,
          message: `Connected to the DuckDB warehouse (${schema.tables.length} tables).`,
        };
      } catch (error) {
        return { ok: false, message: withoutServerPaths((error as Error).message) };
      }
    },
    listSchema: () => inWarehouse(listWarehouseSchema),
    run: (sql, options) =>
      inWarehouse((warehouse) =>
        warehouse.withReadConnection((connection) =>
          runOnConnection(connection, sql, options, () => warehouse.dataVersion),
        ),
      ),
    // The registry closes the warehouse when idle or beyond its cap.
    close: async () => undefined,
  };
}
