import type { FastifyInstance } from 'fastify';
import type {
  ClickhouseWarehouseConfig,
  Config,
  UploadLimits,
  WarehouseCacheSettings,
  WarehouseLimits,
} from '../../config';

// What the analytics routes need of the server's configuration (server/config.ts reads the
// environment: DATASOURCE_ALLOWED_HOSTS, UPLOAD_*, SEED_DEMO_WAREHOUSE, QUERY_*, DUCKDB_*), as
// app.analyticsSettings. Tests set limits through the config or assign other settings for a while.

export interface AnalyticsSettings {
  dataDir: string;
  appSecret: string;
  /** DATABASE_URL when PostgreSQL is the metadata store (a source may not point at it). */
  databaseUrl?: string;
  /** Loopback/private hosts a source may use (host, IP or host:port). */
  allowedHosts: string[];
  /** A PostgreSQL/MySQL source may connect as a user beyond reading (operator's choice). */
  allowPrivilegedUsers: boolean;
  /** Largest upload accepted, in bytes. */
  uploadMaxBytes: number;
  /** Depth, line, column and time limits of an upload. */
  uploadLimits: UploadLimits;
  /** Time limit of the statements run for datasets (describe, preview, row count). */
  statementTimeoutMs: number;
  /** Seed the demo warehouse of tenant acme at start-up. */
  seedDemoWarehouse: boolean;
  /** Memory, threads and temp space of each tenant's DuckDB warehouse. */
  warehouseLimits: WarehouseLimits;
  /** How many warehouses stay open, and for how long unused. */
  warehouseCache: WarehouseCacheSettings;
  /** WAREHOUSE_URL=clickhouse://…: the warehouses are ClickHouse databases (else DuckDB files). */
  clickhouseWarehouse?: ClickhouseWarehouseConfig;
}

type AnalyticsConfig = Pick<
  Config,
  | 'dataDir'
  | 'appSecret'
  | 'databaseUrl'
  | 'datasourceAllowedHosts'
  | 'datasourceAllowPrivilegedUsers'
  | 'uploadMaxBytes'
  | 'uploadLimits'
  | 'seedDemoWarehouse'
  | 'query'
  | 'warehouseLimits'
  | 'warehouseCache'
  | 'clickhouseWarehouse'
>;

function analyticsSettingsFrom(
  config: AnalyticsConfig,
  overrides: Partial<AnalyticsSettings> = {},
): AnalyticsSettings {
  return {
    dataDir: config.dataDir,
    appSecret: config.appSecret,
    databaseUrl: config.databaseUrl,
    allowedHosts: config.datasourceAllowedHosts,
    allowPrivilegedUsers: config.datasourceAllowPrivilegedUsers,
    uploadMaxBytes: config.uploadMaxBytes,
    uploadLimits: config.uploadLimits,
    statementTimeoutMs: config.query.timeoutMs,
    seedDemoWarehouse: config.seedDemoWarehouse,
    warehouseLimits: config.warehouseLimits,
    warehouseCache: config.warehouseCache,
    clickhouseWarehouse: config.clickhouseWarehouse,
    ...overrides,
  };
}

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * What the analytics routes read of the configuration. Read on every use, so a test may
     * assign other limits for a while.
     */
    analyticsSettings: AnalyticsSettings;
  }
}

/** Decorates `app.analyticsSettings`: from app.config, with the overrides buildApp was given. */
export function registerAnalyticsSettings(
  app: FastifyInstance,
  overrides: Partial<AnalyticsSettings> = {},
): void {
  app.decorate('analyticsSettings', analyticsSettingsFrom(app.config, overrides));
}
