import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config';
import type { WarehouseLimits } from '../../engines/duckdbLimits';
import type { UploadLimits } from '../uploads/uploadLimits';

// What the analytics routes need of the server's configuration (server/config.ts reads the
// environment: DATASOURCE_ALLOWED_HOSTS, UPLOAD_*, SEED_DEMO_WAREHOUSE, QUERY_*, DUCKDB_*). Tests
// override single settings through buildApp.

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
>;

function appConfig(app: FastifyInstance): AnalyticsConfig {
  const config = (app as unknown as { config?: Config }).config;
  if (!config) throw new Error('app.config must be decorated before the analytics routes.');
  return config;
}

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
    ...overrides,
  };
}

const settingsByApp = new WeakMap<FastifyInstance, AnalyticsSettings>();

/** Fixes the settings of `app` (buildApp; tests pass small limits). */
export function setAnalyticsSettings(app: FastifyInstance, settings: AnalyticsSettings): void {
  settingsByApp.set(app, settings);
}

/** The settings of this app: as set, else from app.config. */
export function settingsOf(app: FastifyInstance): AnalyticsSettings {
  let settings = settingsByApp.get(app);
  if (!settings) {
    settings = analyticsSettingsFrom(appConfig(app));
    settingsByApp.set(app, settings);
  }
  return settings;
}
