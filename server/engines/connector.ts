import type { DataSourceConfig, Dialect, QueryResult, SourceType } from '../../common/analytics';
import type { ConnectionTestResult, SourceSchema } from '../../common/api/sources';
import type { WarehouseCacheSettings, WarehouseLimits } from '../config';

// The one interface every source type implements (docs/architecture.md §6). A connector runs exactly one
// read-only statement per call, time-limited and cancellable, and answers JSON-safe rows.

export interface RunOptions {
  /** Bound values: `$1..` for postgres and duckdb, `?` for mysql and sqlite. */
  params?: unknown[];
  timeoutMs: number;
  /** At most this many rows come back; `truncated` says when the source had more. */
  maxRows: number;
  /** Aborting stops the query at the source. */
  signal?: AbortSignal;
  /**
   * The SQL comes from the query compiler (one SELECT, quoted identifiers, bound values), not
   * from a user: a connector may skip the checks it runs on user SQL before the source's own.
   * Its text ends in LIMIT maxRows + 1, so its whole result may be read at once.
   */
  compiled?: boolean;
}

/** What listSchema and test answer: the model's wire types (common/api/sources.ts). */
export type { ConnectionTestResult as TestAnswer, SourceSchema } from '../../common/api/sources';

export interface Connector {
  dialect: Dialect;
  test(): Promise<ConnectionTestResult>;
  listSchema(): Promise<SourceSchema>;
  /** One read-only statement; rows as arrays in column order; `cached` is always false. */
  run(sql: string, options: RunOptions): Promise<QueryResult>;
  close(): Promise<void>;
}

/** What openConnector needs of a data source: its type and config with the password decrypted. */
export interface SourceToOpen {
  type: SourceType;
  config: DataSourceConfig;
}

export interface ConnectorContext {
  dataDir: string;
  accountId: number;
  /**
   * DATASOURCE_ALLOWED_HOSTS as a list (host, IP, or host:port), from the server config.
   * When omitted no loopback or private host is allowed.
   */
  allowedHosts?: string[];
  /** DATABASE_URL when PostgreSQL is the metadata store (a source may not point at it). */
  metadataDatabaseUrl?: string;
  /** Limits of the tenant's DuckDB warehouse (default: from the machine). */
  warehouseLimits?: WarehouseLimits;
  /** How many warehouses stay open, and for how long unused (default: from the machine). */
  warehouseCache?: WarehouseCacheSettings;
  /** DATASOURCE_ALLOW_PRIVILEGED_USERS: a PostgreSQL/MySQL user beyond reading may be used. */
  allowPrivilegedUsers?: boolean;
}
