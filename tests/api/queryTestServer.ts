import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { DatasetField, SourceType } from '../../common/analytics';
import type { Config } from '../../server/config';
import { nowIso } from '../../server/db/schema';
import { closeAllWarehouses } from '../../server/engines/duckdb/warehouseRegistry';
import { call, type CallAnswer } from './fixtures';
import { build } from './harness';

// The real server (buildApp) over a temporary SQLite metadata file and DATA_DIR, with
// loopback sources allowed, tenants with one user per role, and helpers that store sources
// and datasets the way the data-source and dataset routes do.

export interface QueryTestServer {
  app: FastifyInstance;
  config: Config;
  base: string;
  addAccount: (site: string, roles: Record<string, string>) => Promise<number>;
  sessionFor: (site: string, username: string) => Promise<string>;
  addSource: (accountId: number, type: SourceType, config?: object) => Promise<number>;
  addDataset: (
    accountId: number,
    sourceId: number,
    from: { table: string } | { sql: string },
    fields: DatasetField[],
  ) => Promise<number>;
  close: () => Promise<void>;
}

/** `env` adds to (or overrides) the server's environment. */
export async function startQueryServer(env: Record<string, string> = {}): Promise<QueryTestServer> {
  const server = await build({ env: { DATASOURCE_ALLOWED_HOSTS: '127.0.0.1', ...env } });
  const { app, config } = server;

  const addAccount = async (site: string, roles: Record<string, string>) => {
    const accountId = await server.addAccount(site, roles);
    mkdirSync(join(config.dataDir, 'sources', String(accountId)), { recursive: true });
    return accountId;
  };

  const addSource = async (accountId: number, type: SourceType, sourceConfig: object = {}) => {
    const row = await app.db
      .insertInto('data_sources')
      .values({
        account_id: accountId,
        name: `${type} ${Math.random()}`,
        type,
        config_json: JSON.stringify(sourceConfig),
        password_enc: null,
        created_at: nowIso(),
        updated_at: nowIso(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  };

  const addDataset: QueryTestServer['addDataset'] = async (accountId, sourceId, from, fields) => {
    const row = await app.db
      .insertInto('datasets')
      .values({
        account_id: accountId,
        source_id: sourceId,
        name: `dataset ${Math.random()}`,
        description: '',
        table_name: 'table' in from ? from.table : null,
        sql: 'sql' in from ? from.sql : null,
        fields_json: JSON.stringify(fields),
        row_count: null,
        created_at: nowIso(),
        updated_at: nowIso(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  };

  return {
    app,
    config,
    base: server.baseUrl,
    addAccount,
    sessionFor: server.sessionFor,
    addSource,
    addDataset,
    close: async () => {
      await server.close();
      await closeAllWarehouses();
    },
  };
}

export interface PostOptions {
  token: string;
  site: string;
  signal?: AbortSignal;
}

export type PostAnswer = Pick<CallAnswer, 'status' | 'json'>;

/** POSTs `body` as JSON (a string is sent as is) as `token` on `site`. */
export function post(
  server: QueryTestServer,
  path: string,
  body: unknown,
  options: PostOptions,
): Promise<PostAnswer> {
  const payload = typeof body === 'string' ? { rawBody: body } : { body };
  return call(server, 'POST', path, { ...payload, ...options });
}
