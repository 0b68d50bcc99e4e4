import { randomBytes } from 'node:crypto';
import { mkdirSync, realpathSync } from 'node:fs';
import { dirname, join, sep } from 'node:path';
import { DuckDBInstance, type DuckDBConnection } from '@duckdb/node-api';
import { ApiError, badRequest, conflict, notFound } from '../../errors';
import { withoutRowValues } from '../rowValues';
import { withoutServerPaths } from './errors';
import {
  appendRowsByName,
  sniffCsv,
  interruptAfter,
  quoteIdentifier,
  quoteLiteral,
  READERS,
  readerCall,
  requireParquetShape,
} from './ingestion';
import type {
  IngestOptions,
  TenantWarehouse,
  UploadFormat,
  WarehouseColumn,
} from '../tenantWarehouse';
import { appendRowOnce, countTables, replaceTable } from './tableRows';
import type { UploadResult } from '../../../common/api/uploads';
import { convertTextDates, textDateConversion, type TextDateColumn } from './textDates';
import { convertTextNumbers, prefersDecimalComma, textNumberConversion } from './textNumbers';
import type { WarehouseLimits } from '../../config';
import { limitSettings, warehouseTempDir } from './limits';
import { forgetStatements } from './preparedStatements';
import { createTableAs, replaceRowsWhere } from './derivedTables';

// The tenant's own DuckDB warehouse: one instance of the file
// DATA_DIR/warehouses/<accountId>.duckdb (warehouseRegistry.ts keeps never two on one file), locked
// down on open (no external access but the tenant's staging folder, no extension install or
// auto-load, its memory, threads and temp space limited, configuration locked), with a pool
// of connections: as many as one tenant may run queries at once.

export { quoteIdentifier };

/** Connections of a scratch warehouse (one upload read at a time, and its checks). */
const SCRATCH_CONNECTIONS = 2;
const IDENTIFIER = /^[A-Za-z_][A-Za-z0-9_]{0,62}$/;
const COLUMN_TYPE =
  /^(VARCHAR|TEXT|BOOLEAN|TINYINT|SMALLINT|INTEGER|BIGINT|HUGEINT|FLOAT|DOUBLE|DATE|TIME|TIMESTAMP|TIMESTAMPTZ|DECIMAL\(\d{1,2},\s*\d{1,2}\))$/i;

export type { UploadFormat } from '../tenantWarehouse';

/** A table as ingested or altered: the model's UploadResult (common/api/uploads.ts). */
type IngestedTable = UploadResult;

export function warehouseFile(dataDir: string, accountId: number): string {
  return join(dataDir, 'warehouses', `${accountId}.duckdb`);
}

/** Where uploads are staged before ingestion: the only folder the warehouse may read. */
export function stagingDir(dataDir: string, accountId: number): string {
  return join(dataDir, 'staging', String(accountId));
}

export function requireTableName(table: string): string {
  if (!IDENTIFIER.test(table)) {
    throw badRequest(
      'Table name must start with a letter or _ and hold only letters, digits and _ (at most 63).',
      'table',
    );
  }
  return table;
}

export class Warehouse implements TenantWarehouse {
  private idle: DuckDBConnection[] = [];
  private waiting: ((connection: DuckDBConnection) => void)[] = [];
  private opened = 0;
  private closed = false;
  private changes = 0;

  constructor(
    private readonly instance: DuckDBInstance,
    readonly file: string,
    readonly staging: string,
    private readonly connections: number,
  ) {}

  /** Takes `connection` (of this instance) into the pool as an idle one. */
  adopt(connection: DuckDBConnection): void {
    this.opened++;
    this.release(connection);
  }

  async acquire(): Promise<DuckDBConnection> {
    if (this.closed) throw new Error('The warehouse is closed.');
    const ready = this.idle.pop();
    if (ready) return ready;
    if (this.opened < this.connections) {
      this.opened++;
      return this.instance.connect();
    }
    return new Promise((resolve) => this.waiting.push(resolve));
  }

  release(connection: DuckDBConnection): void {
    const next = this.waiting.shift();
    if (next) next(connection);
    else if (this.closed) {
      forgetStatements(connection);
      connection.closeSync();
    } else this.idle.push(connection);
  }

  /**
   * Moves on when work that may write starts and again when it ends. Equal readings before and
   * after a read mean no write overlapped it (kept query plans rely on this).
   */
  get dataVersion(): number {
    return this.changes;
  }

  /** A pooled connection for work that may write: the data version moves around it. */
  async withConnection<T>(work: (connection: DuckDBConnection) => Promise<T>): Promise<T> {
    this.changes++;
    try {
      return await this.withReadConnection(work);
    } finally {
      this.changes++;
    }
  }

  /** A pooled connection for work that only reads (queries, schema, counts). */
  async withReadConnection<T>(work: (connection: DuckDBConnection) => Promise<T>): Promise<T> {
    const connection = await this.acquire();
    try {
      return await work(connection);
    } finally {
      this.release(connection);
    }
  }

  async tableExists(table: string): Promise<boolean> {
    return this.withReadConnection(async (connection) => {
      const reader = await connection.runAndReadAll(
        "select count(*) from duckdb_tables() where schema_name = 'main' and table_name = $1",
        [table],
      );
      return Number(reader.getRowsJS()[0][0]) > 0;
    });
  }

  async describeTable(table: string): Promise<IngestedTable> {
    return this.withReadConnection(async (connection) => {
      const columns = await connection.runAndReadAll(
        `select column_name, data_type from duckdb_columns()
         where schema_name = 'main' and table_name = $1 order by column_index`,
        [table],
      );
      const rows = columns.getRowsJS();
      if (rows.length === 0) throw notFound(`Table "${table}"`);
      const count = await connection.runAndReadAll(
        `select count(*) from main.${quoteIdentifier(table)}`,
      );
      return {
        table,
        columns: rows.map(([name, type]) => ({ name: String(name), type: String(type) })),
        rowCount: Number(count.getRowsJS()[0][0]),
      };
    });
  }

  /**
   * Creates `table` from a staged file (types detected automatically), all or nothing: in one
   * transaction, so a failed, refused or interrupted read leaves no table and a replaced table
   * as it was. The file must be inside the tenant's staging folder; the caller deletes it
   * afterwards. Uploads pass `limits`: DuckDB is interrupted after `timeoutMs`.
   */
  async ingestFile(
    stagedPath: string,
    table: string,
    format: UploadFormat,
    options: IngestOptions = {},
  ): Promise<IngestedTable> {
    requireTableName(table);
    const file = this.requireStaged(stagedPath);
    if (!READERS[format]) throw badRequest('Format must be csv, parquet or json.', 'format');
    const exists = await this.tableExists(table);
    if (options.append && !exists) throw notFound(`Table "${table}"`);
    if (!options.replace && !options.append && exists) {
      throw conflict(`A table named "${table}" already exists.`, 'table');
    }
    const create = options.replace ? 'create or replace table' : 'create table';
    // Appended rows are read into a table of their own first, converted as any upload is.
    const readInto = options.append ? `__append_${randomBytes(6).toString('hex')}` : table;
    const { limits, numbers = {} } = options;
    let datesFromText: TextDateColumn[] = [];
    await this.withConnection(async (connection) => {
      const deadline = interruptAfter(connection, limits?.timeoutMs);
      await connection.run('begin transaction');
      try {
        if (format === 'parquet' && limits) await requireParquetShape(connection, file, limits);
        const dialect =
          format === 'csv' && limits ? await sniffCsv(connection, file, limits) : undefined;
        const decimalComma = prefersDecimalComma(numbers, dialect?.delimiter ?? ',');
        const doubledQuotes = dialect?.quote === '"' && dialect.escape === "'";
        const reader = readerCall(file, format, limits, { decimalComma, doubledQuotes });
        await connection.run(
          `${create} main.${quoteIdentifier(readInto)} as select * from ${reader}`,
        );
        if (limits) {
          datesFromText = await convertTextDates(connection, readInto);
          await convertTextNumbers(connection, readInto, numbers, decimalComma);
        }
        if (options.shape) await options.shape(connection, readInto);
        if (options.append) await appendRowsByName(connection, readInto, table);
        deadline.stop();
        if (deadline.passed) throw new Error('interrupted');
        await connection.run('commit');
      } catch (error) {
        deadline.stop();
        await connection.run('rollback').catch(() => undefined);
        if (deadline.passed) {
          const seconds = (options.limits?.timeoutMs ?? 0) / 1000;
          throw badRequest(`file: reading the file took longer than ${seconds} s.`, 'file');
        }
        if (error instanceof ApiError) throw error;
        const reason = firstLine(error).replaceAll(file, 'the file');
        throw badRequest(`The file could not be read as ${format}: ${reason}`, 'file');
      }
    });
    const described = await this.describeTable(table);
    return datesFromText.length ? { ...described, datesFromText } : described;
  }

  /** Changes column types in one transaction: all or nothing. */
  async alterColumnTypes(
    table: string,
    changes: { name: string; type: string }[],
  ): Promise<IngestedTable> {
    requireTableName(table);
    for (const change of changes) {
      if (!COLUMN_TYPE.test(change.type.trim())) {
        throw badRequest(`Unsupported column type "${change.type}".`, 'type');
      }
    }
    const current = await this.describeTable(table);
    for (const change of changes) {
      if (!current.columns.some((column) => column.name === change.name)) {
        throw badRequest(`Table "${table}" has no column "${change.name}".`, 'name');
      }
    }
    await this.withConnection(async (connection) => {
      await connection.run('begin transaction');
      let changing: { name: string; type: string } | undefined;
      try {
        for (const change of changes) {
          const from = current.columns.find((column) => column.name === change.name)!.type;
          const type = change.type.trim().toUpperCase();
          changing = { name: change.name, type };
          const using =
            (await textDateConversion(connection, table, change.name, from, type)) ||
            (await textNumberConversion(connection, table, change.name, from, type));
          await connection.run(
            `alter table main.${quoteIdentifier(table)} alter column ${quoteIdentifier(change.name)} ` +
              `type ${type}${using}`,
          );
        }
        await connection.run('commit');
      } catch (error) {
        await connection.run('rollback');
        throw badRequest(typeChangeFailure(error, changing), 'type');
      }
    });
    return this.describeTable(table);
  }

  async dropTable(table: string): Promise<void> {
    requireTableName(table);
    await this.withConnection((connection) =>
      connection.run(`drop table if exists main.${quoteIdentifier(table)}`).then(() => undefined),
    );
  }

  countTables(): Promise<number> {
    return this.withReadConnection(countTables);
  }

  createTableAs(table: string, select: string): Promise<void> {
    return this.withConnection((connection) => createTableAs(connection, table, select));
  }

  replaceRowsWhere(table: string, where: string, select: string): Promise<void> {
    return this.withConnection((connection) => replaceRowsWhere(connection, table, where, select));
  }

  /** DuckDB stores tables in shared blocks: a table's own bytes are not told. */
  tableBytes(): Promise<number | null> {
    return Promise.resolve(null);
  }

  replaceTable(table: string, columns: WarehouseColumn[], rows: unknown[][]): Promise<void> {
    requireTableName(table);
    return this.withConnection((connection) => replaceTable(connection, table, columns, rows));
  }

  appendRowOnce(
    table: string,
    columns: WarehouseColumn[],
    row: unknown[],
    key: string,
  ): Promise<boolean> {
    requireTableName(table);
    return this.withConnection((connection) => appendRowOnce(connection, table, columns, row, key));
  }

  /** A connection is lent out or awaited: closing now would break a running query. */
  get inUse(): boolean {
    return this.opened > this.idle.length || this.waiting.length > 0;
  }

  /**
   * Refuses new work at once, then closes. DuckDB's close is synchronous and writes the
   * checkpoint; running it first as a statement keeps that write off the event loop, so many
   * warehouses close in parallel.
   */
  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    const idle = this.idle.splice(0);
    if (idle.length > 0) await idle[0].run('CHECKPOINT').catch(() => undefined);
    for (const connection of idle) {
      forgetStatements(connection);
      connection.closeSync();
    }
    this.instance.closeSync();
  }

  private requireStaged(stagedPath: string): string {
    let real: string;
    try {
      real = realpathSync(stagedPath);
    } catch {
      throw badRequest('The staged file does not exist.', 'file');
    }
    if (!real.startsWith(realpathSync(this.staging) + sep)) {
      throw badRequest('Only files in the tenant staging folder can be ingested.', 'file');
    }
    return real;
  }
}

function firstLine(error: unknown): string {
  return withoutServerPaths(String((error as Error).message ?? error).split('\n')[0]);
}

/** Why a column type change failed, in words: a value that will not convert is not quoted. */
function typeChangeFailure(error: unknown, change?: { name: string; type: string }): string {
  const reason = firstLine(error);
  if (change && /^Conversion Error/.test(reason)) {
    return `The column types could not be changed: some values of "${change.name}" cannot be read as ${change.type}.`;
  }
  return `The column types could not be changed: ${withoutRowValues(reason)}`;
}

/**
 * Locks the instance's settings (one round trip: the first query of a reopened warehouse waits
 * for it); answers the connection it used, the warehouse's first pooled one.
 */
async function lockDown(instance: DuckDBInstance, staging: string): Promise<DuckDBConnection> {
  const connection = await instance.connect();
  try {
    const allowed = realpathSync(staging) + sep;
    await connection.run(
      `SET allowed_directories=[${quoteLiteral(allowed)}];
       SET enable_external_access=false;
       SET lock_configuration=true;`,
    );
    return connection;
  } catch (error) {
    connection.closeSync();
    throw error;
  }
}

/**
 * An in-memory warehouse that may read the tenant's staging folder only, locked down as the
 * tenant's own: it reads an upload for a warehouse on another engine (clickhouse/ingestion.ts)
 * with the very same readers, limits and type detection. Closed by the caller.
 */
export async function createScratchWarehouse(
  staging: string,
  settings: Record<string, string>,
): Promise<Warehouse> {
  mkdirSync(staging, { recursive: true });
  // DuckDB makes its spill folder itself, but not the folder that holds it.
  if (settings.temp_directory) mkdirSync(dirname(settings.temp_directory), { recursive: true });
  return openLockedDown(':memory:', staging, settings, SCRATCH_CONNECTIONS);
}

/** A DuckDB instance at `path` with `settings`, extensions off, locked down to `staging`. */
async function openLockedDown(
  path: string,
  staging: string,
  settings: Record<string, string>,
  connections: number,
): Promise<Warehouse> {
  const instance = await DuckDBInstance.create(path, {
    autoinstall_known_extensions: 'false',
    autoload_known_extensions: 'false',
    ...settings,
  });
  let first: DuckDBConnection;
  try {
    first = await lockDown(instance, staging);
  } catch (error) {
    instance.closeSync();
    throw error;
  }
  const warehouse = new Warehouse(instance, path, staging, Math.max(1, connections));
  warehouse.adopt(first);
  return warehouse;
}

/**
 * Opens the tenant's warehouse (limited and locked down). One instance per file in the process:
 * warehouseRegistry.ts opens, shares and closes them.
 */
export async function createWarehouse(
  dataDir: string,
  accountId: number,
  limits: WarehouseLimits,
): Promise<Warehouse> {
  const file = warehouseFile(dataDir, accountId);
  const staging = stagingDir(dataDir, accountId);
  mkdirSync(join(dataDir, 'warehouses'), { recursive: true });
  mkdirSync(staging, { recursive: true });
  const settings = limitSettings(limits, warehouseTempDir(dataDir, accountId));
  return openLockedDown(file, staging, settings, limits.connections);
}
