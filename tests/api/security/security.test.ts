import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { User } from '../../../common/types';
import { buildApp } from '../../../server/app';
import { ConfigError, loadConfig } from '../../../server/config';
import { BACKENDS, countRows, type ErrorBody } from '../authFixtures';
import {
  api,
  login,
  POSTGRES_ADMIN_URL,
  startServer,
  TEST_PASSWORD,
  type Backend,
  type TestServer,
} from '../harness';

// Headers, error answers without internals, seeding across restarts, and the APP_SECRET rule.

async function postgresAdmin(statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: POSTGRES_ADMIN_URL });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

function testEnv(dataDir: string, extra: Record<string, string> = {}): Record<string, string> {
  return {
    DATA_DIR: dataDir,
    DEMO_PASSWORD: TEST_PASSWORD,
    BRANDBOARD_TEST_SCRYPT_N: '1024',
    VITEST: 'true',
    LOG_LEVEL: 'silent',
    WEB_DIR: join(dataDir, 'no-web-build'),
    ...extra,
  };
}

describe.each(BACKENDS)('security on %s', (backend) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer({ backend });
  });
  afterAll(async () => server?.close());

  it('answers pages with security headers: a CSP without inline scripts, nosniff, no framing', async () => {
    for (const path of ['/some/page', '/', '/share/dashboards/1']) {
      const answer = await api(server.baseUrl, null, 'GET', path);
      const csp = answer.headers.get('content-security-policy') ?? '';
      const scriptSrc = /script-src ([^;]*)/.exec(csp)?.[1] ?? '';
      expect(scriptSrc, path).toBe("'self'");
      expect(csp).toContain("default-src 'self'");
      expect(csp).toContain("frame-ancestors 'none'");
      expect(csp).toContain("object-src 'none'");
      expect(answer.headers.get('x-content-type-options')).toBe('nosniff');
      expect(answer.headers.get('x-frame-options')).toBe('SAMEORIGIN');
      expect(answer.headers.get('referrer-policy')).toBe('no-referrer');
      expect(answer.headers.get('x-powered-by')).toBeNull();
    }
  });

  it('answers the API with the closed set of an API: nothing runs, frames or is sniffed', async () => {
    const admin = await login(server.baseUrl, 'acme', 'admin');
    for (const [path, token] of [
      ['/api/v1/verifyLogin', null],
      ['/api/v1/nothing-here', null],
      ['/api/v1/users', admin],
    ] as const) {
      const answer = await api(server.baseUrl, token, 'GET', path);
      expect(answer.headers.get('content-security-policy'), path).toBe(
        "default-src 'none'; frame-ancestors 'none'",
      );
      expect(answer.headers.get('x-content-type-options')).toBe('nosniff');
      expect(answer.headers.get('x-frame-options')).toBe('DENY');
      expect(answer.headers.get('cross-origin-resource-policy')).toBe('same-origin');
      expect(answer.headers.get('referrer-policy')).toBe('no-referrer');
      expect(answer.headers.get('x-powered-by')).toBeNull();
      // page-only headers stay off API answers
      expect(answer.headers.get('x-dns-prefetch-control')).toBeNull();
    }
  });

  it('an unknown API route answers 404 in the error shape', async () => {
    const answer = await api(server.baseUrl, null, 'POST', '/api/v1/nothing-here', { a: 1 });
    expect(answer.status).toBe(404);
    expect(answer.body).toEqual({
      statusCode: 404,
      error: 'Not Found',
      message: 'No route POST /api/v1/nothing-here.',
    });
  });

  it('an empty JSON body is no body: a DELETE works, a create answers 400 naming it', async () => {
    const admin = await login(server.baseUrl, 'acme', 'admin');
    const created = await api(server.baseUrl, admin, 'POST', '/api/v1/users', {
      username: 'shortlived',
      fullName: 'Short Lived',
      email: 'short@acme.example',
      role: 'viewer',
      password: 'short-lived-password',
    });
    expect(created.status).toBe(200);
    const id = (created.body as { id: number }).id;
    const json = { 'content-type': 'application/json' };
    const removed = await api(server.baseUrl, admin, 'DELETE', `/api/v1/users/${id}`, '', json);
    expect(removed.status).toBe(200);
    const empty = await api(server.baseUrl, admin, 'POST', '/api/v1/users', '', json);
    expect(empty.status).toBe(400);
    expect((empty.body as { message: string }).message).toBe('A JSON body is required.');
    const poisoned = await api(
      server.baseUrl,
      admin,
      'POST',
      '/api/v1/users',
      '{"__proto__":{"x":1}}',
      json,
    );
    expect(poisoned.status).toBe(400);
  });

  it('a JSON body sent as text/plain is refused and nothing is written', async () => {
    const admin = await login(server.baseUrl, 'acme', 'admin');
    const before = await countRows(server, 'users');
    const body = JSON.stringify({
      username: 'sneaky',
      fullName: 'Sneaky',
      email: 's@acme.example',
      role: 'viewer',
      password: 'sneaky-password-1',
    });
    const answer = await api(server.baseUrl, admin, 'POST', '/api/v1/users', body, {
      'content-type': 'text/plain',
    });
    expect(answer.status).toBe(400);
    expect(await countRows(server, 'users')).toBe(before);
  });

  it('a failing store answers 500 with a request id and no internals', async () => {
    const admin = await login(server.baseUrl, 'acme', 'admin');
    await sql`alter table users rename to users_gone`.execute(server.app.db);
    try {
      const answer = await api(server.baseUrl, admin, 'GET', '/api/v1/users');
      expect(answer.status).toBe(500);
      const body = answer.body as ErrorBody;
      expect(Object.keys(body).sort()).toEqual(['error', 'message', 'requestId', 'statusCode']);
      expect(body).toMatchObject({
        statusCode: 500,
        error: 'Internal Server Error',
        message: 'Internal server error.',
      });
      expect(JSON.stringify(body)).not.toMatch(/users|sqlite|relation|stack|\bat /i);
    } finally {
      await sql`alter table users_gone rename to users`.execute(server.app.db);
    }
    expect((await api(server.baseUrl, admin, 'GET', '/api/v1/users')).status).toBe(200);
  });

  it('a second start on the same store keeps every change and seeds nothing', async () => {
    await restartKeepsData(backend);
  });
});

async function restartKeepsData(backend: Backend): Promise<void> {
  const dataDir = mkdtempSync(join(tmpdir(), 'brandboard-restart-'));
  const extra: Record<string, string> = {};
  let database: string | undefined;
  if (backend === 'postgres') {
    database = `brandboard_test_${randomBytes(6).toString('hex')}`;
    await postgresAdmin(`CREATE DATABASE ${database}`);
    extra.DATABASE_URL = `postgres://postgres@127.0.0.1:5432/${database}`;
    extra.APP_SECRET = randomBytes(32).toString('hex');
  }
  const start = async () => {
    const app = await buildApp(loadConfig(testEnv(dataDir, extra)), {
      logger: false,
      seedDemoWarehouse: false,
    });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const address = app.server.address();
    const port = typeof address === 'object' && address ? address.port : 0;
    return { app, baseUrl: `http://127.0.0.1:${port}` };
  };
  try {
    const first = await start();
    expect(first.app.seededOnStart).toBe(true);
    const admin = await login(first.baseUrl, 'acme', 'admin');
    const created = await api(first.baseUrl, admin, 'POST', '/api/v1/users', {
      username: 'survivor',
      fullName: 'Sam Survivor',
      email: 'sam@acme.example',
      role: 'editor',
      password: 'survivor-password',
    });
    expect(created.status).toBe(200);
    const renamed = await api(
      first.baseUrl,
      admin,
      'PUT',
      `/api/v1/users/${(created.body as User).id}`,
      {
        fullName: 'Samantha Survivor',
      },
    );
    expect(renamed.status).toBe(200);
    await first.app.close();

    const second = await start();
    try {
      expect(second.app.seededOnStart).toBe(false);
      const again = await login(second.baseUrl, 'acme', 'survivor', 'survivor-password');
      const me = await api(second.baseUrl, again, 'GET', '/api/v1/verifyLogin');
      expect((me.body as { user: User }).user.fullName).toBe('Samantha Survivor');
      const accounts = await second.app.db.selectFrom('accounts').select('site').execute();
      expect(accounts.map((a) => a.site).sort()).toEqual(['acme', 'www']);
      const users = await second.app.db.selectFrom('users').select('username').execute();
      expect(users).toHaveLength(6);
      // The session of the first start is still valid: sessions live in the store.
      expect((await api(second.baseUrl, admin, 'GET', '/api/v1/verifyLogin')).status).toBe(200);
    } finally {
      await second.app.close();
    }
  } finally {
    if (database) await postgresAdmin(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`);
    rmSync(dataDir, { recursive: true, force: true });
  }
}

describe('APP_SECRET', () => {
  const dirs: string[] = [];
  const freshDir = () => {
    const dir = mkdtempSync(join(tmpdir(), 'brandboard-secret-'));
    dirs.push(dir);
    return dir;
  };
  afterAll(() => dirs.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

  it('with DATABASE_URL, refuses to start without an APP_SECRET of at least 32 characters', () => {
    const url = 'postgres://postgres@127.0.0.1:5432/whatever';
    expect(() => loadConfig(testEnv(freshDir(), { DATABASE_URL: url }))).toThrow(ConfigError);
    expect(() =>
      loadConfig(testEnv(freshDir(), { DATABASE_URL: url, APP_SECRET: 'x'.repeat(31) })),
    ).toThrow(/APP_SECRET of at least 32 characters is required when DATABASE_URL is set/);
    const secret = 'y'.repeat(32);
    const config = loadConfig(testEnv(freshDir(), { DATABASE_URL: url, APP_SECRET: secret }));
    expect(config.appSecret).toBe(secret);
  });

  it('on the embedded default, generates one into DATA_DIR (mode 0600) and reuses it', () => {
    const dir = freshDir();
    const first = loadConfig(testEnv(dir));
    const file = join(dir, 'app-secret');
    expect(first.appSecret.length).toBeGreaterThanOrEqual(32);
    expect(readFileSync(file, 'utf8').trim()).toBe(first.appSecret);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(loadConfig(testEnv(dir)).appSecret).toBe(first.appSecret);
    expect(loadConfig(testEnv(freshDir())).appSecret).not.toBe(first.appSecret);
  });
});
