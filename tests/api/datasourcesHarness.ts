import type { FastifyInstance } from 'fastify';
import type { Config } from '../../server/config';
import { call } from './fixtures';
import { build, type Backend } from './harness';

export { call, type CallAnswer, type CallOptions } from './fixtures';

// The real server (buildApp) for the analytics suites over a temporary DATA_DIR, called over
// HTTP. Accounts: acme (admin, editor, viewer; seeded, so the demo warehouse seeds into it
// when switched on), globex (boss: admin) and www (root: platform-admin).

export interface AnalyticsServerOptions {
  backend?: Backend;
  /** DATASOURCE_ALLOWED_HOSTS (none by default). */
  allowedHosts?: string[];
  /** UPLOAD_MAX_MB, in bytes. */
  uploadMaxBytes?: number;
  seedDemoWarehouse?: boolean;
  /** More environment (e.g. UPLOAD_TIMEOUT_SECONDS). */
  env?: Record<string, string>;
}

export interface AnalyticsServer {
  app: FastifyInstance;
  config: Config;
  base: string;
  accounts: Record<'acme' | 'globex', number>;
  /** A session token of `username` on `site`, made the way sign-in makes one. */
  sessionFor: (site: string, username: string) => Promise<string>;
  close: () => Promise<void>;
}

function analyticsEnv(options: AnalyticsServerOptions): Record<string, string> {
  const env: Record<string, string> = {
    DATASOURCE_ALLOWED_HOSTS: (options.allowedHosts ?? []).join(','),
  };
  if (options.uploadMaxBytes !== undefined) {
    env.UPLOAD_MAX_MB = String(options.uploadMaxBytes / (1024 * 1024));
  }
  return { ...env, ...options.env };
}

export async function startAnalyticsServer(
  options: AnalyticsServerOptions = {},
): Promise<AnalyticsServer> {
  const server = await build({
    backend: options.backend,
    env: analyticsEnv(options),
    seedDemoWarehouse: options.seedDemoWarehouse,
  });
  const accounts = {
    acme: await server.addAccount('acme', { admin: 'admin', editor: 'editor', viewer: 'viewer' }),
    globex: await server.addAccount('globex', { boss: 'admin' }),
  };
  await server.addAccount('www', { root: 'platform-admin' });
  return {
    app: server.app,
    config: server.config,
    base: server.baseUrl,
    accounts,
    sessionFor: server.sessionFor,
    close: server.close,
  };
}

/** The id of the account's own DuckDB warehouse, as its data sources list shows it. */
export async function warehouseIdOf(
  server: AnalyticsServer,
  auth: { token: string; site: string },
): Promise<number> {
  const list = await call(server, 'GET', '/api/v1/datasources', auth);
  return (list.json as { id: number; type: string }[]).find((source) => source.type === 'duckdb')!
    .id;
}
