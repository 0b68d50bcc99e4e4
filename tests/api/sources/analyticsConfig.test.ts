import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ConfigError,
  defaultQuerySlots,
  defaultRunningPerTenant,
  loadConfig,
  requestedQuerySlots,
} from '../../../server/config';
import { api, login, startServer, type Session, type TestServer } from '../harness';

// The analytics settings come from the environment through server/config.ts only, and the
// real server (buildApp) follows them: allowed hosts, upload size, row limit, cache TTL.

type Body = Record<string, unknown> & { id: number; rows: unknown[][]; cached: boolean };

describe('loadConfig: analytics settings', () => {
  const dir = mkdtempSync(join(tmpdir(), 'brandboard-config-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const load = (extra: Record<string, string> = {}) =>
    loadConfig({ DATA_DIR: dir, DEMO_PASSWORD: 'config-test-password', ...extra });

  it('has the documented defaults', () => {
    const config = load();
    expect(config.datasourceAllowedHosts).toEqual([]);
    expect(config.uploadMaxBytes).toBe(200 * 1024 * 1024);
    expect(config.seedDemoWarehouse).toBe(true);
    expect(config.query).toEqual({
      timeoutMs: 30_000,
      maxRows: 100_000,
      cacheTtlMs: 300_000,
      cacheMaxBytesPerTenant: 64 * 1024 * 1024,
      cacheMaxBytesTotal: 256 * 1024 * 1024,
      // libuv's pool of 4 when nobody sized it: half of it for queries.
      slots: 2,
      // Half the cores: a tenant's long queries leave the rest to its neighbours.
      runningPerTenant: defaultRunningPerTenant(),
      waitingPerTenant: 256,
      waitingTotal: 1_000,
    });
    expect(config.warehouseCache.idleMs).toBe(300_000);
    expect(config.warehouseCache.maxOpen).toBeGreaterThanOrEqual(4);
    expect(config.warehouseCache.maxOpen).toBeLessThanOrEqual(256);
  });

  it('reads every variable', () => {
    const config = load({
      DATASOURCE_ALLOWED_HOSTS: ' DB.internal:5432 , 10.0.0.7 ',
      UPLOAD_MAX_MB: '1.5',
      SEED_DEMO_WAREHOUSE: 'false',
      QUERY_TIMEOUT_SECONDS: '2.5',
      QUERY_MAX_ROWS: '500',
      QUERY_CACHE_TTL_SECONDS: '0',
      QUERY_CACHE_MB: '8',
      QUERY_CACHE_TOTAL_MB: '32',
      DUCKDB_MAX_OPEN_WAREHOUSES: '3',
      DUCKDB_IDLE_SECONDS: '0.5',
      QUERY_SLOTS: '3',
      UV_THREADPOOL_SIZE: '16',
      QUERY_RUNNING_PER_TENANT: '1',
      QUERY_WAITING_PER_TENANT: '4',
      QUERY_WAITING_TOTAL: '40',
    });
    expect(config.datasourceAllowedHosts).toEqual(['db.internal:5432', '10.0.0.7']);
    expect(config.uploadMaxBytes).toBe(1.5 * 1024 * 1024);
    expect(config.seedDemoWarehouse).toBe(false);
    expect(config.query).toEqual({
      timeoutMs: 2500,
      maxRows: 500,
      cacheTtlMs: 0,
      cacheMaxBytesPerTenant: 8 * 1024 * 1024,
      cacheMaxBytesTotal: 32 * 1024 * 1024,
      slots: 3,
      runningPerTenant: 1,
      waitingPerTenant: 4,
      waitingTotal: 40,
    });
    expect(config.warehouseCache).toEqual({ maxOpen: 3, idleMs: 500 });
  });

  it("sizes the entry's libuv pool from QUERY_SLOTS read as the configuration reads it", () => {
    expect(requestedQuerySlots({ QUERY_SLOTS: '6' })).toBe(6);
    expect(requestedQuerySlots({})).toBe(defaultQuerySlots());
    // A bad value stops the entry as it stops loadConfig, rather than sizing a default pool.
    expect(() => requestedQuerySlots({ QUERY_SLOTS: 'six' })).toThrow(ConfigError);
    expect(() => requestedQuerySlots({ QUERY_SLOTS: '0' })).toThrow(ConfigError);
  });

  it('keeps the query slots within the libuv pool less its reserve for sign-in and files', () => {
    expect(load({ QUERY_SLOTS: '32', UV_THREADPOOL_SIZE: '10' }).query.slots).toBe(6);
    expect(load({ QUERY_SLOTS: '32', UV_THREADPOOL_SIZE: '2' }).query.slots).toBe(1);
  });

  it.each([
    ['UPLOAD_MAX_MB', '0'],
    ['UPLOAD_MAX_MB', 'lots'],
    ['SEED_DEMO_WAREHOUSE', 'perhaps'],
    ['QUERY_TIMEOUT_SECONDS', '0'],
    ['QUERY_MAX_ROWS', '2.5'],
    ['QUERY_MAX_ROWS', '0'],
    ['QUERY_CACHE_TTL_SECONDS', '-1'],
    ['QUERY_CACHE_MB', 'x'],
    ['QUERY_CACHE_TOTAL_MB', 'x'],
    ['DUCKDB_MAX_OPEN_WAREHOUSES', '0'],
    ['DUCKDB_IDLE_SECONDS', '0'],
    ['QUERY_SLOTS', '0'],
    ['QUERY_RUNNING_PER_TENANT', 'x'],
    ['QUERY_WAITING_PER_TENANT', '-1'],
    ['QUERY_WAITING_TOTAL', '1.5'],
  ])('refuses %s=%s naming the variable', (name, value) => {
    expect(() => load({ [name]: value })).toThrow(ConfigError);
    expect(() => load({ [name]: value })).toThrow(name);
  });
});

describe('the server follows the settings', () => {
  let server: TestServer;
  let admin: Session;
  let warehouseId: number;
  const call = async (method: string, path: string, body?: unknown, session = admin) =>
    (await api(server.baseUrl, session, method, path, body)) as { status: number; body: Body };
  const upload = (csv: string) => {
    const form = new FormData();
    form.append('file', new Blob([csv]), 'points.csv');
    return fetch(`${server.baseUrl}/api/v1/datasources/${warehouseId}/uploads`, {
      method: 'POST',
      headers: admin.headers,
      body: form,
    });
  };
  const postgresSource = (name: string) => ({
    name,
    type: 'postgres',
    config: { host: '127.0.0.1', database: 'shop', user: 'reader' },
  });

  beforeAll(async () => {
    server = await startServer({
      env: {
        DATASOURCE_ALLOWED_HOSTS: '127.0.0.1',
        UPLOAD_MAX_MB: '0.001',
        QUERY_MAX_ROWS: '5',
        QUERY_CACHE_TTL_SECONDS: '0',
      },
    });
    admin = await login(server.baseUrl, 'acme', 'admin');
    const sources = (await api(server.baseUrl, admin, 'GET', '/api/v1/datasources')).body as Body[];
    warehouseId = sources.find((source) => source.type === 'duckdb')!.id;
  });
  afterAll(() => server?.close());

  it('allows a listed private host (the default server refuses it)', async () => {
    expect((await call('POST', '/api/v1/datasources', postgresSource('Listed'))).status).toBe(200);

    const strict = await startServer();
    try {
      const session = await login(strict.baseUrl, 'acme', 'admin');
      const refused = await api(
        strict.baseUrl,
        session,
        'POST',
        '/api/v1/datasources',
        postgresSource('Not listed'),
      );
      expect(refused.status).toBe(400);
      expect(refused.body).toMatchObject({ field: 'config.host' });
    } finally {
      await strict.close();
    }
  });

  it('refuses an upload past UPLOAD_MAX_MB', async () => {
    const answer = await upload(`n\n${'1234567\n'.repeat(200)}`);
    expect(answer.status).toBe(413);
    expect(await answer.json()).toMatchObject({ field: 'file', message: /1048 bytes/ });
  });

  it('caps explorer rows at QUERY_MAX_ROWS and caches nothing with a TTL of 0', async () => {
    const tooMany = await call('POST', '/api/v1/sql', {
      sourceId: warehouseId,
      sql: 'select * from range(10)',
      limit: 6,
    });
    expect(tooMany.status).toBe(400);
    expect(tooMany.body).toMatchObject({ field: 'limit' });
    const capped = await call('POST', '/api/v1/sql', {
      sourceId: warehouseId,
      sql: 'select * from range(10)',
    });
    expect(capped.body).toMatchObject({ rowCount: 5, truncated: true });

    expect((await upload('n\n1\n2\n3\n')).status).toBe(200);
    const dataset = await call('POST', '/api/v1/datasets', {
      name: 'Points',
      sourceId: warehouseId,
      table: 'points',
    });
    expect(dataset.status, JSON.stringify(dataset.body)).toBe(200);
    const query = {
      query: { datasetId: dataset.body.id, dimensions: [], measures: [{ field: 'n', agg: 'sum' }] },
    };
    for (let attempt = 0; attempt < 2; attempt += 1) {
      expect((await call('POST', '/api/v1/query', query)).body).toMatchObject({
        cached: false,
        rows: [[6]],
      });
    }
  });
});
