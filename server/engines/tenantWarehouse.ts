import type { DuckDBConnection } from '@duckdb/node-api';
import type { UploadResult } from '../../common/api/uploads';
import type { Connector } from './connector';
import type { NumberSeparatorsChoice } from './duckdb/textNumbers';

// The tenant's warehouse as the features use it, whichever engine holds it: an embedded
// DuckDB file per tenant (duckdb/warehouse.ts, the default) or one ClickHouse database per
// tenant (clickhouse/warehouse.ts, with WAREHOUSE_URL=clickhouse://…). The choice is made once
// from the configuration (warehouseStores.ts). Uploads are read by DuckDB on both: the same
// readers, limits and type detection; ClickHouse then receives the typed rows.

export type UploadFormat = 'csv' | 'parquet' | 'json';

/** Limits of an upload's read: reader options, shape of a Parquet file, and time. */
export interface IngestLimits {
  maxJsonDepth: number;
  maxLineBytes: number;
  maxColumns: number;
  timeoutMs: number;
}

/** Column types of the tables the server writes itself (survey answers). */
export type WarehouseColumnType = 'text' | 'double' | 'date' | 'timestamp' | 'bigint';

export interface WarehouseColumn {
  name: string;
  type: WarehouseColumnType;
}

/**
 * DuckDB SQL run on the freshly read table before it is stored (the demo tables' renames and
 * fixes): on the warehouse itself for DuckDB, on the in-memory copy for ClickHouse.
 */
export type ShapeTable = (connection: DuckDBConnection, table: string) => Promise<void>;

export interface IngestOptions {
  replace?: boolean;
  /** Adds the rows to the existing table (by column name) instead of creating it. */
  append?: boolean;
  /** Uploads only: the server's own files (the demo warehouse) are read without limits. */
  limits?: IngestLimits;
  shape?: ShapeTable;
  /** Uploads only: the decimal and thousands separators of numbers written as text. */
  numbers?: NumberSeparatorsChoice;
}

/** What the features do with a tenant's warehouse (one use: not to be kept after). */
export interface TenantWarehouse {
  tableExists(table: string): Promise<boolean>;
  /** Columns (the engine's type names) and row count; 404 when there is no such table. */
  describeTable(table: string): Promise<UploadResult>;
  countTables(): Promise<number>;
  /**
   * Creates `table` from a staged file in the tenant's staging folder (or appends its rows),
   * all or nothing: a failed read leaves no table, and a replaced or appended one as it was.
   */
  ingestFile(
    stagedPath: string,
    table: string,
    format: UploadFormat,
    options?: IngestOptions,
  ): Promise<UploadResult>;
  /** Column types given by DuckDB's names (VARCHAR, DOUBLE, DATE …), all or nothing. */
  alterColumnTypes(table: string, changes: { name: string; type: string }[]): Promise<UploadResult>;
  dropTable(table: string): Promise<void>;
  /** (Re)creates `table` as the rows of `select`, SQL the server wrote itself (rollups). */
  createTableAs(table: string, select: string): Promise<void>;
  /** Replaces the rows of `table` where `where` holds with those of `select` (server SQL). */
  replaceRowsWhere(table: string, where: string, select: string): Promise<void>;
  /** Bytes the table takes on disk, where the engine tells (ClickHouse); else null. */
  tableBytes(table: string): Promise<number | null>;
  /** (Re)creates `table` with these columns and rows (rows as arrays in column order). */
  replaceTable(table: string, columns: WarehouseColumn[], rows: unknown[][]): Promise<void>;
  /**
   * Appends `row` unless a row with its value of column `key` (a bigint, added to the table
   * when missing) is there. False when the table does not exist.
   */
  appendRowOnce(
    table: string,
    columns: WarehouseColumn[],
    row: unknown[],
    key: string,
  ): Promise<boolean>;
}

/** Where the tenants' warehouses live: the DuckDB files or a ClickHouse server. */
export interface WarehouseStore {
  readonly engine: 'duckdb' | 'clickhouse';
  /** Runs `work` on the account's warehouse (opened or created on first use). */
  use<T>(accountId: number, work: (warehouse: TenantWarehouse) => Promise<T>): Promise<T>;
  /** The connector the account's warehouse source queries through. */
  openConnector(accountId: number): Promise<Connector>;
  /** Bytes the account's warehouse takes (plan storage limits). */
  storageBytes(accountId: number): Promise<number>;
  /** Lets go of what this process holds of the account's warehouse (an open file). */
  release(accountId: number): Promise<void>;
  /** The account was deleted: its warehouse goes (file, or database and user). */
  remove(accountId: number): Promise<void>;
  /** Shutdown: releases the accounts this process used. */
  close(accountIds: number[]): Promise<void>;
}
