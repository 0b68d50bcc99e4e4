import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import pg from 'pg';
import { hashToken, newToken } from '../../server/auth/tokens';
import { hashPassword } from '../../server/auth/passwords';
import { loadConfig, type Config } from '../../server/config';
import { createDb, migrateToLatest } from '../../server/db/connection';
import { nowIso } from '../../server/db/schema';
import { registerAuth } from '../../server/plugins/auth';
import { registerDb } from '../../server/plugins/db';
import { registerErrorHandling } from '../../server/plugins/errors';
import { registerTenantResolution } from '../../server/plugins/tenant';
import { registerPlatformRoutes } from '../../server/routes/platform';

// The platform routes on a real Fastify server over a temporary SQLite file (or a fresh
// PostgreSQL database), called over HTTP.

export const PASSWORD = 'platform-test-password';

export interface PlatformServer {
  app: FastifyInstance;
  config: Config;
  base: string;
  port: number;
  /** A session token of `username` on `site`, made the way sign-in makes one. */
  sessionFor: (site: string, username: string) => Promise<string>;
  /** Creates an account with one user per role given. */
  addAccount: (site: string, roles: Record<string, string>) => Promise<number>;
  close: () => Promise<void>;
}

async function buildServer(config: Config): Promise<FastifyInstance> {
  const db = createDb(config);
  await migrateToLatest(db);
  const app = Fastify({ logger: false });
  registerDb(app, db);
  app.decorate('config', config);
  registerErrorHandling(app);
  registerTenantResolution(app, config.baseDomain);
  registerAuth(app);
  await registerPlatformRoutes(app);
  return app;
}

export async function freshPostgresUrl(): Promise<string | null> {
  const admin = new pg.Client({
    host: '127.0.0.1',
    port: 5432,
    user: 'postgres',
    database: 'postgres',
  });
  try {
    await admin.connect();
  } catch {
    return null;
  }
  const name = `brandboard_platform_${Date.now()}_${Math.floor(Math.random() * 1e6)}`;
  await admin.query(`create database ${name}`);
  await admin.end();
  return `postgres://postgres@127.0.0.1:5432/${name}`;
}

export async function startPlatformServer(databaseUrl?: string): Promise<PlatformServer> {
  const dataDir = mkdtempSync(join(tmpdir(), 'brandboard-platform-'));
  const config = loadConfig({
    DATA_DIR: dataDir,
    DEMO_PASSWORD: PASSWORD,
    BASE_DOMAIN: 'localhost',
    DATABASE_URL: databaseUrl ?? '',
    APP_SECRET: databaseUrl ? 'x'.repeat(40) : '',
    BRANDBOARD_TEST_SCRYPT_N: '1024',
    VITEST: 'true',
  });
  const app = await buildServer(config);
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  const passwordHash = await hashPassword(PASSWORD, config.scrypt);

  const addAccount = async (site: string, roles: Record<string, string>) => {
    const account = await app.db
      .insertInto('accounts')
      .values({ site, name: site, plan: 'team', active: 1, created_at: nowIso() })
      .returning('id')
      .executeTakeFirstOrThrow();
    for (const [username, role] of Object.entries(roles)) {
      await app.db
        .insertInto('users')
        .values({
          account_id: account.id,
          username,
          full_name: username,
          email: `${username}@${site}.example`,
          role,
          active: 1,
          password_hash: passwordHash,
          created_at: nowIso(),
        })
        .execute();
    }
    return account.id;
  };

  const sessionFor = async (site: string, username: string) => {
    const user = await app.db
      .selectFrom('users')
      .innerJoin('accounts', 'accounts.id', 'users.account_id')
      .select(['users.id', 'users.account_id'])
      .where('accounts.site', '=', site)
      .where('users.username', '=', username)
      .executeTakeFirstOrThrow();
    const token = newToken();
    await app.db
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

  await addAccount('www', { admin: 'platform-admin' });
  await addAccount('acme', { admin: 'admin', editor: 'editor', viewer: 'viewer' });

  return {
    app,
    config,
    port,
    base: `http://127.0.0.1:${port}`,
    sessionFor,
    addAccount,
    close: async () => {
      await app.close();
      rmSync(dataDir, { recursive: true, force: true });
      if (databaseUrl) await dropPostgresDatabase(databaseUrl);
    },
  };
}

async function dropPostgresDatabase(url: string): Promise<void> {
  const name = new URL(url).pathname.slice(1);
  const admin = new pg.Client({
    host: '127.0.0.1',
    port: 5432,
    user: 'postgres',
    database: 'postgres',
  });
  await admin.connect();
  await admin.query(`drop database if exists ${name}`);
  await admin.end();
}

export interface CallOptions {
  body?: unknown;
  /** Sent as is (malformed JSON tests). */
  rawBody?: string;
  token?: string;
  site?: string;
  host?: string;
}

export interface CallAnswer {
  status: number;
  headers: Headers;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  json: any;
}

export async function call(
  server: PlatformServer,
  method: string,
  path: string,
  options: CallOptions = {},
): Promise<CallAnswer> {
  const headers: Record<string, string> = {};
  const body =
    options.rawBody ?? (options.body === undefined ? undefined : JSON.stringify(options.body));
  if (body !== undefined) headers['content-type'] = 'application/json';
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  if (options.site) headers.site = options.site;
  if (options.host) headers.host = options.host;
  const response = await fetch(`${server.base}${path}`, { method, headers, body });
  const text = await response.text();
  let json: unknown = text;
  try {
    json = text ? JSON.parse(text) : null;
  } catch {
    // not JSON
  }
  return { status: response.status, headers: response.headers, json };
}
