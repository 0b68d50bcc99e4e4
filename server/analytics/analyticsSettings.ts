import type { FastifyInstance } from 'fastify';
import type { Config } from '../config';
import { parseAllowedHosts } from '../engines/hostPolicy';

// What the analytics routes need of the server's configuration, plus their own knobs read
// from the environment: DATASOURCE_ALLOWED_HOSTS, UPLOAD_MAX_MB.

export interface AnalyticsSettings {
  dataDir: string;
  appSecret: string;
  /** DATABASE_URL when PostgreSQL is the metadata store (a source may not point at it). */
  databaseUrl?: string;
  /** Loopback/private hosts a source may use (host, IP or host:port). */
  allowedHosts: string[];
  /** Largest upload accepted, in bytes. */
  uploadMaxBytes: number;
  /** Time limit of the statements run for datasets (describe, preview, row count). */
  statementTimeoutMs: number;
  /** Seed the demo warehouse of tenant acme at start-up (SEED_DEMO_WAREHOUSE=false: never). */
  seedDemoWarehouse: boolean;
}

const MB = 1024 * 1024;

function appConfig(app: FastifyInstance): Pick<Config, 'dataDir' | 'appSecret' | 'databaseUrl'> {
  const config = (app as unknown as { config?: Config }).config;
  if (!config) throw new Error('app.config must be decorated before the analytics routes.');
  return config;
}

export function analyticsSettingsFrom(
  config: Pick<Config, 'dataDir' | 'appSecret' | 'databaseUrl'>,
  env: NodeJS.ProcessEnv = process.env,
  overrides: Partial<AnalyticsSettings> = {},
): AnalyticsSettings {
  const uploadMb = Number(env.UPLOAD_MAX_MB || 200);
  if (!Number.isFinite(uploadMb) || uploadMb <= 0) {
    throw new Error(`UPLOAD_MAX_MB must be a positive number, got "${env.UPLOAD_MAX_MB}".`);
  }
  return {
    dataDir: config.dataDir,
    appSecret: config.appSecret,
    databaseUrl: config.databaseUrl,
    allowedHosts: parseAllowedHosts(env.DATASOURCE_ALLOWED_HOSTS),
    uploadMaxBytes: Math.floor(uploadMb * MB),
    statementTimeoutMs: 30_000,
    seedDemoWarehouse: env.SEED_DEMO_WAREHOUSE !== 'false',
    ...overrides,
  };
}

const settingsByApp = new WeakMap<FastifyInstance, AnalyticsSettings>();

/** Fixes the settings of `app` (registerAnalyticsRoutes; tests pass small limits). */
export function setAnalyticsSettings(app: FastifyInstance, settings: AnalyticsSettings): void {
  settingsByApp.set(app, settings);
}

/** The settings of this app: as set, else from app.config and the environment. */
export function settingsOf(app: FastifyInstance): AnalyticsSettings {
  let settings = settingsByApp.get(app);
  if (!settings) {
    settings = analyticsSettingsFrom(appConfig(app));
    settingsByApp.set(app, settings);
  }
  return settings;
}
