import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { buildApp } from '../../server/app';
import { loadConfig, type Config } from '../../server/config';

// The real server (buildApp) on a temporary DATA_DIR, listening on a free port, on SQLite
// or on a fresh PostgreSQL database. Tests talk to it over HTTP.

export const TEST_PASSWORD = 'test-demo-password-1';
export const POSTGRES_ADMIN_URL = 'postgres://postgres@127.0.0.1:5432/postgres';

export type Backend = 'sqlite' | 'postgres';

export interface TestServer {
  app: FastifyInstance;
  config: Config;
  baseUrl: string;
  close: () => Promise<void>;
}

export interface StartOptions {
  backend?: Backend;
  env?: Record<string, string>;
  /** The demo warehouse (3M flights) costs a few seconds; off unless a test needs it. */
  seedDemoWarehouse?: boolean;
  /** Runs on the built app before it listens (e.g. a hook that records requests). */
  beforeListen?: (app: FastifyInstance) => void;
}

let postgresReachable: Promise<boolean> | undefined;

/** Whether PostgreSQL answers; under CI=true an unreachable server is a failure, not a skip. */
export function isPostgresReachable(): Promise<boolean> {
  postgresReachable ??= (async () => {
    const client = new pg.Client({ connectionString: POSTGRES_ADMIN_URL });
    try {
      await client.connect();
      await client.end();
      return true;
    } catch (error) {
      if (process.env.CI === 'true')
        throw new Error(`PostgreSQL is unreachable: ${String(error)}`, { cause: error });
      console.warn(`SKIPPING PostgreSQL suites: ${POSTGRES_ADMIN_URL} is unreachable.`);
      return false;
    }
  })();
  return postgresReachable;
}

export async function adminQuery(sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: POSTGRES_ADMIN_URL });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

export async function startServer(options: StartOptions = {}): Promise<TestServer> {
  const dataDir = mkdtempSync(join(tmpdir(), 'brandboard-api-'));
  const env: Record<string, string> = {
    DATA_DIR: dataDir,
    DEMO_PASSWORD: TEST_PASSWORD,
    BASE_DOMAIN: 'localhost',
    BRANDBOARD_TEST_SCRYPT_N: '1024',
    VITEST: 'true',
    LOG_LEVEL: 'warn',
    WEB_DIR: join(dataDir, 'no-web-build'),
    ...options.env,
  };
  let dropDatabase: (() => Promise<void>) | undefined;
  if (options.backend === 'postgres') {
    const name = `brandboard_test_${randomBytes(6).toString('hex')}`;
    await adminQuery(`CREATE DATABASE ${name}`);
    dropDatabase = () => adminQuery(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    env.DATABASE_URL = `postgres://postgres@127.0.0.1:5432/${name}`;
    env.APP_SECRET ??= randomBytes(32).toString('hex');
  }
  const config = loadConfig(env);
  const app = await buildApp(config, {
    logger: false,
    seedDemoWarehouse: options.seedDemoWarehouse ?? false,
  });
  options.beforeListen?.(app);
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    app,
    config,
    baseUrl: `http://127.0.0.1:${port}`,
    close: async () => {
      await app.close();
      await dropDatabase?.();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export interface Session {
  token: string;
  site: string;
  headers: Record<string, string>;
}

/** Signs in over HTTP; throws with the answer when sign-in fails. */
export async function login(
  baseUrl: string,
  site: string,
  username: string,
  password = TEST_PASSWORD,
): Promise<Session> {
  const response = await fetch(`${baseUrl}/api/v1/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', site },
    body: JSON.stringify({ username, password }),
  });
  if (response.status !== 200) {
    throw new Error(`login ${site}/${username}: ${response.status} ${await response.text()}`);
  }
  const { token } = (await response.json()) as { token: string };
  return { token, site, headers: { authorization: `Bearer ${token}`, site } };
}

/** A JSON call with a session's headers. */
export async function api(
  baseUrl: string,
  session: Session | null,
  method: string,
  path: string,
  body?: unknown,
  extraHeaders: Record<string, string> = {},
): Promise<{ status: number; body: unknown; headers: Headers }> {
  const headers: Record<string, string> = { ...(session?.headers ?? {}), ...extraHeaders };
  if (body !== undefined) headers['content-type'] ??= 'application/json';
  const response = await fetch(`${baseUrl}${path}`, {
    method,
    headers,
    body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
  });
  const text = await response.text();
  let parsed: unknown = text;
  try {
    parsed = text ? JSON.parse(text) : null;
  } catch {
    // not JSON: keep the text
  }
  return { status: response.status, body: parsed, headers: response.headers };
}
