import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import type { AnalyticsSettings } from '../../server/analytics/analyticsSettings';
import { hashToken, newToken } from '../../server/auth/tokens';
import { loadConfig, type Config } from '../../server/config';
import { createDb, migrateToLatest } from '../../server/db/connection';
import { nowIso } from '../../server/db/schema';
import { registerAuth } from '../../server/plugins/auth';
import { registerDb } from '../../server/plugins/db';
import { registerErrorHandling } from '../../server/plugins/errors';
import { registerTenantResolution } from '../../server/plugins/tenant';
import { registerAnalyticsRoutes } from '../../server/routes/analytics';

// A real server with the analytics routes over a temporary SQLite file and DATA_DIR, called
// over HTTP. Accounts acme (admin, editor, viewer) and globex (boss: admin) exist before the
// server starts, so the start-up seed of the demo warehouse runs when it is switched on.

export interface AnalyticsServer {
  app: FastifyInstance;
  config: Config;
  base: string;
  accounts: Record<'acme' | 'globex', number>;
  /** A session token of `username` on `site`, made the way sign-in makes one. */
  sessionFor: (site: string, username: string) => Promise<string>;
  close: () => Promise<void>;
}

async function addAccount(app: FastifyInstance, site: string, roles: Record<string, string>) {
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
        password_hash: 'sessions are made directly in these tests',
        created_at: nowIso(),
      })
      .execute();
  }
  return account.id;
}

export async function startAnalyticsServer(
  overrides: Partial<AnalyticsSettings> = {},
): Promise<AnalyticsServer> {
  const dataDir = mkdtempSync(join(tmpdir(), 'brandboard-analytics-'));
  const config = loadConfig({
    DATA_DIR: dataDir,
    DEMO_PASSWORD: 'analytics-test-password',
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
  await registerAnalyticsRoutes(app, { seedDemoWarehouse: false, allowedHosts: [], ...overrides });
  const accounts = {
    acme: await addAccount(app, 'acme', { admin: 'admin', editor: 'editor', viewer: 'viewer' }),
    globex: await addAccount(app, 'globex', { boss: 'admin' }),
  };
  await addAccount(app, 'www', { root: 'platform-admin' });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;

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

  return {
    app,
    config,
    base: `http://127.0.0.1:${port}`,
    accounts,
    sessionFor,
    close: async () => {
      await app.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export interface CallAnswer {
  status: number;
  headers: Headers;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  json: any;
}

/** Calls the server as `token` on `site`; `body` is sent as JSON, or as is when FormData. */
export async function call(
  server: AnalyticsServer,
  method: string,
  path: string,
  options: { token?: string; site?: string; body?: unknown } = {},
): Promise<CallAnswer> {
  const headers: Record<string, string> = {};
  let body: string | FormData | undefined;
  if (options.body instanceof FormData) body = options.body;
  else if (options.body !== undefined) {
    body = JSON.stringify(options.body);
    headers['content-type'] = 'application/json';
  }
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  if (options.site) headers.site = options.site;
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
