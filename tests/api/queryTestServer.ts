import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import type { DatasetField, SourceType } from '../../src/model/analytics';
import { hashToken, newToken } from '../../server/auth/tokens';
import { loadConfig, type Config } from '../../server/config';
import { createDb, migrateToLatest } from '../../server/db/connection';
import { nowIso } from '../../server/db/schema';
import { closeAllWarehouses } from '../../server/engines/duckdbWarehouse';
import { registerAuth } from '../../server/plugins/auth';
import { registerDb } from '../../server/plugins/db';
import { registerErrorHandling } from '../../server/plugins/errors';
import { registerTenantResolution } from '../../server/plugins/tenant';
import { registerAnalyticsRoutes } from '../../server/routes/analytics';

// A real server with the analytics routes over a temporary SQLite metadata file and DATA_DIR,
// tenants with one user per role, and helpers that store sources and datasets the way the
// data-source and dataset routes do.

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

export async function startQueryServer(): Promise<QueryTestServer> {
  const dataDir = mkdtempSync(join(tmpdir(), 'brandboard-query-'));
  const config = loadConfig({
    DATA_DIR: dataDir,
    DEMO_PASSWORD: 'query-test-password',
    BASE_DOMAIN: 'localhost',
    BRANDBOARD_TEST_SCRYPT_N: '1024',
    VITEST: 'true',
  });
  const db = createDb(config);
  await migrateToLatest(db);
  const app = Fastify({ logger: false });
  registerDb(app, db);
  app.decorate('config', config);
  registerErrorHandling(app);
  registerTenantResolution(app, config.baseDomain);
  registerAuth(app);
  await registerAnalyticsRoutes(app, { allowedHosts: ['127.0.0.1'] });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;

  const addAccount = async (site: string, roles: Record<string, string>) => {
    const account = await db
      .insertInto('accounts')
      .values({ site, name: site, plan: 'team', active: 1, created_at: nowIso() })
      .returning('id')
      .executeTakeFirstOrThrow();
    for (const [username, role] of Object.entries(roles)) {
      await db
        .insertInto('users')
        .values({
          account_id: account.id,
          username,
          full_name: username,
          email: `${username}@${site}.example`,
          role,
          active: 1,
          password_hash: 'not-used',
          created_at: nowIso(),
        })
        .execute();
    }
    mkdirSync(join(dataDir, 'sources', String(account.id)), { recursive: true });
    return account.id;
  };

  const sessionFor = async (site: string, username: string) => {
    const user = await db
      .selectFrom('users')
      .innerJoin('accounts', 'accounts.id', 'users.account_id')
      .select(['users.id', 'users.account_id'])
      .where('accounts.site', '=', site)
      .where('users.username', '=', username)
      .executeTakeFirstOrThrow();
    const token = newToken();
    await db
      .insertInto('sessions')
      .values({
        token_hash: hashToken(token),
        user_id: user.id,
        account_id: user.account_id,
        kind: 'session',
        label: null,
        expires_at: new Date(Date.now() + 3_600_000).toISOString(),
        revoked_at: null,
        created_at: nowIso(),
        last_used_at: null,
      })
      .execute();
    return token;
  };

  const addSource = async (accountId: number, type: SourceType, sourceConfig: object = {}) => {
    const row = await db
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
    const row = await db
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
    base: `http://127.0.0.1:${port}`,
    addAccount,
    sessionFor,
    addSource,
    addDataset,
    close: async () => {
      // A connection whose request the client aborted can linger half-closed; do not let it
      // hold the shutdown.
      app.server.closeAllConnections();
      await app.close();
      await closeAllWarehouses();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export interface PostOptions {
  token: string;
  site: string;
  signal?: AbortSignal;
}

export interface PostAnswer {
  status: number;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  json: any;
}

export async function post(
  server: QueryTestServer,
  path: string,
  body: unknown,
  options: PostOptions,
): Promise<PostAnswer> {
  const response = await fetch(`${server.base}${path}`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      authorization: `Bearer ${options.token}`,
      site: options.site,
    },
    body: typeof body === 'string' ? body : JSON.stringify(body),
    signal: options.signal,
  });
  const text = await response.text();
  return { status: response.status, json: text ? JSON.parse(text) : null };
}
