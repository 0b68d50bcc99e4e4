import { randomBytes } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import type { ClickHouseClient } from '@clickhouse/client';
import type { UploadResult } from '../../../common/api/uploads';
import { ApiError, badRequest } from '../../errors';
import { quoteIdentifier as duckName, quoteLiteral } from '../duckdb/ingestion';
import { createScratchWarehouse } from '../duckdb/warehouse';
import type { IngestOptions, UploadFormat } from '../tenantWarehouse';

// An upload into a ClickHouse warehouse: DuckDB (in memory, locked down to the tenant's staging
// folder) reads the staged file exactly as the DuckDB warehouse would (readers, limits, type
// detection, text dates, the demo's shaping), writes its typed rows as CSV into the staging
// folder, and ClickHouse takes that CSV into a new MergeTree table under a temporary name,
// renamed to the upload's name only once complete: a failure leaves nothing behind, and a
// replaced table stays as it was until the new one is whole.

/** Date and DateTime of ClickHouse 18.16 hold 1970-01-02 to 2105 (day 0 reads 0000-00-00). */
const FIRST_DAY = '1970-01-02';
const LAST_DAY = '2105-12-31';

export function quoteName(name: string): string {
  return `\`${name.replace(/\\/g, '\\\\').replace(/`/g, '\\`')}\``;
}

interface ColumnPlan {
  name: string;
  /** The ClickHouse type (made Nullable). */
  type: string;
  /** The DuckDB expression written to the CSV. */
  value: string;
  quoted: boolean;
}

const INTEGERS: Record<string, string> = {
  TINYINT: 'Int8',
  SMALLINT: 'Int16',
  INTEGER: 'Int32',
  BIGINT: 'Int64',
  UTINYINT: 'UInt8',
  USMALLINT: 'UInt16',
  UINTEGER: 'UInt32',
  UBIGINT: 'UInt64',
};

/** The ClickHouse column for a DuckDB column; dates out of ClickHouse's range stay text. */
function planColumn(name: string, duckType: string, datesFit: boolean): ColumnPlan {
  const column = duckName(name);
  const type = duckType.toUpperCase();
  const plan = (chType: string, value: string, quoted = false) => ({
    name,
    type: `Nullable(${chType})`,
    value,
    quoted,
  });
  if (type === 'VARCHAR') return plan('String', column, true);
  if (type === 'BOOLEAN') return plan('UInt8', `CAST(${column} AS INTEGER)`);
  if (INTEGERS[type]) return plan(INTEGERS[type], column);
  if (type === 'FLOAT') return plan('Float32', column);
  if (type === 'DOUBLE') return plan('Float64', column);
  if (type === 'HUGEINT' || type === 'UHUGEINT' || type.startsWith('DECIMAL')) {
    return plan('Float64', `CAST(${column} AS DOUBLE)`);
  }
  if (type === 'DATE' && datesFit) return plan('Date', `strftime(${column}, '%Y-%m-%d')`);
  if (type.startsWith('TIMESTAMP') && datesFit) {
    return plan("DateTime('UTC')", `strftime(CAST(${column} AS TIMESTAMP), '%Y-%m-%d %H:%M:%S')`);
  }
  return plan('String', `CAST(${column} AS VARCHAR)`, true);
}

const isDateType = (type: string) => /^(DATE|TIMESTAMP)/i.test(type);

export interface ClickhouseTarget {
  client: ClickHouseClient;
  database: string;
  staging: string;
  /** DuckDB settings of the scratch instance (memory, threads, temp folder). */
  scratchSettings: Record<string, string>;
}

const qualified = (target: ClickhouseTarget, table: string) =>
  `${quoteName(target.database)}.${quoteName(table)}`;

export async function tableExistsIn(target: ClickhouseTarget, table: string): Promise<boolean> {
  const result = await target.client.query({
    query:
      'SELECT count() FROM system.tables WHERE database = ' +
      `${quoteLiteralCh(target.database)} AND name = ${quoteLiteralCh(table)}`,
    format: 'JSONCompact',
  });
  const { data } = (await result.json()) as { data: [[string | number]] };
  return Number(data[0][0]) > 0;
}

export function quoteLiteralCh(text: string): string {
  return `'${text.replace(/\\/g, '\\\\').replace(/'/g, "\\'")}'`;
}

/**
 * Puts the complete table `loaded` (a temporary name) in place of `table`: renamed, after the
 * table it replaces is renamed away (and then dropped).
 */
export async function putInPlace(target: ClickhouseTarget, loaded: string, table: string) {
  const { client } = target;
  if (await tableExistsIn(target, table)) {
    const old = temporaryName('old');
    await client.command({
      query:
        `RENAME TABLE ${qualified(target, table)} TO ${qualified(target, old)}, ` +
        `${qualified(target, loaded)} TO ${qualified(target, table)}`,
    });
    await client.command({ query: `DROP TABLE IF EXISTS ${qualified(target, old)}` });
  } else {
    await client.command({
      query: `RENAME TABLE ${qualified(target, loaded)} TO ${qualified(target, table)}`,
    });
  }
}

/** Refuses an append of a column `table` lacks, naming it (a column the file lacks stays empty). */
async function requireColumnsOf(target: ClickhouseTarget, table: string, columns: ColumnPlan[]) {
  // Literals, not query parameters: Debian's ClickHouse (18.16) has none.
  const result = await target.client.query({
    query:
      `SELECT name FROM system.columns WHERE database = ${quoteLiteralCh(target.database)} ` +
      `AND table = ${quoteLiteralCh(table)}`,
    format: 'JSONEachRow',
  });
  const known = new Set(((await result.json()) as { name: string }[]).map((row) => row.name));
  const unknown = columns.filter((column) => !known.has(column.name));
  if (unknown.length > 0) {
    const names = unknown.map((column) => `"${column.name}"`).join(', ');
    throw badRequest(
      `file: the table "${table}" has no column ${names}; append a file of its columns, or replace the table.`,
      'file',
    );
  }
}

/**
 * Moves the rows loaded into `loaded` (made AS `table`) into `table` part by part (hard
 * links: no copy), then drops `loaded`: queries see none of them or all of a partition.
 */
async function attachRows(target: ClickhouseTarget, loaded: string, table: string) {
  const result = await target.client.query({
    query:
      'SELECT DISTINCT partition_id FROM system.parts ' +
      `WHERE database = ${quoteLiteralCh(target.database)} AND table = ${quoteLiteralCh(loaded)} AND active`,
    format: 'JSONEachRow',
  });
  for (const { partition_id: id } of (await result.json()) as { partition_id: string }[]) {
    await target.client.command({
      query:
        `ALTER TABLE ${qualified(target, table)} ATTACH PARTITION ID ${quoteLiteralCh(id)} ` +
        `FROM ${qualified(target, loaded)}`,
    });
  }
  await target.client.command({ query: `DROP TABLE IF EXISTS ${qualified(target, loaded)}` });
}

/** A name no upload can take (table names start with a letter or one _). */
export const temporaryName = (what: string) => `__bb_${what}_${randomBytes(6).toString('hex')}`;

/** Columns whose dates all fit ClickHouse's Date and DateTime. */
async function datesFitting(
  scratch: Awaited<ReturnType<typeof createScratchWarehouse>>,
  table: string,
  columns: { name: string; type: string }[],
): Promise<Set<string>> {
  const fitting = new Set<string>();
  const dated = columns.filter((column) => isDateType(column.type));
  if (dated.length === 0) return fitting;
  await scratch.withReadConnection(async (connection) => {
    for (const column of dated) {
      const day = `CAST(${duckName(column.name)} AS DATE)`;
      const reader = await connection.runAndReadAll(
        `select coalesce(min(${day}) >= DATE ${quoteLiteral(FIRST_DAY)} and ` +
          `max(${day}) <= DATE ${quoteLiteral(LAST_DAY)}, true) from main.${duckName(table)}`,
      );
      if (reader.getRowsJS()[0][0] === true) fitting.add(column.name);
    }
  });
  return fitting;
}

function firstLine(error: unknown): string {
  return String((error as Error).message ?? error)
    .split('\n')[0]
    .replace(/, e\.what\(\) = DB::Exception$/, '');
}

/**
 * Reads the staged file with DuckDB and stores it as `table` in the target's database.
 * Answers what DuckDB read (its datesFromText); the caller describes the stored table.
 */
export async function ingestIntoClickhouse(
  target: ClickhouseTarget,
  stagedPath: string,
  table: string,
  format: UploadFormat,
  options: IngestOptions,
): Promise<Pick<UploadResult, 'datesFromText'>> {
  const scratch = await createScratchWarehouse(target.staging, target.scratchSettings);
  const csv = join(target.staging, `${temporaryName('rows')}.csv`);
  const loading = temporaryName('load');
  let read: UploadResult;
  let columns: ColumnPlan[];
  try {
    read = await scratch.ingestFile(stagedPath, table, format, {
      ...options,
      replace: false,
      append: false,
    });
    const fitting = await datesFitting(scratch, table, read.columns);
    columns = read.columns.map((c) => planColumn(c.name, c.type, fitting.has(c.name)));
    const selected = columns.map((c) => `${c.value} AS ${duckName(c.name)}`).join(', ');
    const quoted = columns.filter((c) => c.quoted).map((c) => duckName(c.name));
    const forceQuote = quoted.length ? `, FORCE_QUOTE (${quoted.join(', ')})` : '';
    await scratch.withReadConnection((connection) =>
      connection.run(
        `COPY (SELECT ${selected} FROM main.${duckName(table)}) TO ${quoteLiteral(csv)} ` +
          `(FORMAT CSV, HEADER false, NULLSTR '\\N'${forceQuote})`,
      ),
    );
  } catch (error) {
    await rm(csv, { force: true });
    throw error;
  } finally {
    await scratch.close();
  }
  const definition = columns.map((c) => `${quoteName(c.name)} ${c.type}`).join(', ');
  try {
    if (options.append) await requireColumnsOf(target, table, columns);
    await target.client.command({
      query: options.append
        ? `CREATE TABLE ${qualified(target, loading)} AS ${qualified(target, table)}`
        : `CREATE TABLE ${qualified(target, loading)} (${definition}) ` +
          'ENGINE = MergeTree ORDER BY tuple()',
    });
    await target.client.insert({
      table: qualified(target, loading),
      values: createReadStream(csv),
      format: 'CSV',
      columns: options.append ? (columns.map((c) => c.name) as [string, ...string[]]) : undefined,
    });
    if (options.append) await attachRows(target, loading, table);
    else await putInPlace(target, loading, table);
  } catch (error) {
    if (error instanceof ApiError) {
      await target.client
        .command({ query: `DROP TABLE IF EXISTS ${qualified(target, loading)}` })
        .catch(() => undefined);
      throw error;
    }
    await target.client
      .command({ query: `DROP TABLE IF EXISTS ${qualified(target, loading)}` })
      .catch(() => undefined);
    throw badRequest(`The file could not be stored in the warehouse: ${firstLine(error)}`, 'file');
  } finally {
    await rm(csv, { force: true });
  }
  return read.datesFromText ? { datesFromText: read.datesFromText } : {};
}
