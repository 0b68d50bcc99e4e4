import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { DatasetField } from '../../../common/analytics';
import {
  closeAllWarehouses,
  isWarehouseOpen,
  openWarehouse,
  openWarehouseCount,
} from '../../../server/engines/duckdb/warehouseRegistry';
import { sharedResultCacheBudget } from '../../../server/query/resultCacheBudget';
import { build } from '../harness';
import { post, startQueryServer, type QueryTestServer } from '../queryTestServer';

// Tenants' warehouses as a cache over a real server: beyond the cap the least recently used
// closes and its next query reopens it with the same rows; an idle one closes; one running a
// query stays open; start-up opens none and closing the app closes all. And one budget for
// every tenant's cached results.

const FIELDS: DatasetField[] = [
  { name: 'id', label: 'Id', type: 'number', role: 'dimension', synonyms: [] },
  { name: 'name', label: 'Name', type: 'string', role: 'dimension', synonyms: [] },
];

interface Tenant {
  site: string;
  accountId: number;
  sourceId: number;
  datasetId: number;
  token: string;
}

let server: QueryTestServer;
const tenants: Tenant[] = [];

async function addTenant(site: string): Promise<Tenant> {
  const accountId = await server.addAccount(site, { editor: 'editor' });
  const warehouse = await openWarehouse(server.config.dataDir, accountId);
  await warehouse.withConnection(async (connection) => {
    await connection.run('create table people (id integer, name varchar)');
    await connection.run(`insert into people values (1, '${site} one'), (2, '${site} two')`);
  });
  const sourceId = await server.addSource(accountId, 'duckdb');
  const datasetId = await server.addDataset(accountId, sourceId, { table: 'people' }, FIELDS);
  return { site, accountId, sourceId, datasetId, token: await server.sessionFor(site, 'editor') };
}

const sql = (tenant: Tenant, text = 'select id, name from people order by id') =>
  post(server, '/api/v1/sql', { sourceId: tenant.sourceId, sql: text }, tenant);

const countOf = (tenant: Tenant, datasetId = tenant.datasetId, signal?: AbortSignal) =>
  post(
    server,
    '/api/v1/query',
    {
      query: {
        datasetId,
        dimensions: [],
        measures: [{ field: '*', agg: 'count' }],
        filters: [],
        sort: [],
      },
    },
    { ...tenant, signal },
  );

const isOpen = (tenant: Tenant) => isWarehouseOpen(server.config.dataDir, tenant.accountId);

/** Waits (bounded) until `condition` holds; the caller asserts on the condition after. */
async function eventually(condition: () => boolean, limitMs = 20_000): Promise<void> {
  const deadline = Date.now() + limitMs;
  while (!condition() && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe('warehouses as a cache over a running server', () => {
  beforeAll(async () => {
    server = await startQueryServer({ DUCKDB_MAX_OPEN_WAREHOUSES: '2' });
    for (const site of ['north', 'south', 'east']) tenants.push(await addTenant(site));
  });
  afterAll(async () => server?.close());
  beforeEach(async () => {
    // Settings are read on every use; the cache's bounds are changed in place for a test.
    Object.assign(server.app.analyticsSettings.warehouseCache, { maxOpen: 2, idleMs: 60_000 });
    await closeAllWarehouses();
  });

  it('closes the least recently used beyond the cap; its next query reopens it', async () => {
    const [north, south, east] = tenants;
    const first = await sql(north);
    expect(first.status).toBe(200);
    expect(first.json.rows).toEqual([
      [1, 'north one'],
      [2, 'north two'],
    ]);
    expect((await sql(south)).status).toBe(200);
    expect((await sql(east)).status).toBe(200);
    await eventually(() => openWarehouseCount() === 2);
    expect(openWarehouseCount()).toBe(2);
    expect([isOpen(north), isOpen(south), isOpen(east)]).toEqual([false, true, true]);

    const again = await sql(north);
    expect(again.status).toBe(200);
    expect(again.json.rows).toEqual(first.json.rows);
    await eventually(() => !isOpen(south));
    expect([isOpen(north), isOpen(south), isOpen(east)]).toEqual([true, false, true]);
  });

  it('closes a warehouse left idle and reopens it on its next query', async () => {
    const [north] = tenants;
    server.app.analyticsSettings.warehouseCache.idleMs = 30;
    expect((await sql(north)).status).toBe(200);
    await eventually(() => !isOpen(north));
    expect(isOpen(north)).toBe(false);
    const again = await countOf(north);
    expect(again.status).toBe(200);
    expect(again.json.rows).toEqual([[2]]);
  });

  it('never closes a warehouse under a running query', async () => {
    const [north, south, east] = tenants;
    server.app.analyticsSettings.warehouseCache.maxOpen = 1;
    const endless = await server.addDataset(
      north.accountId,
      north.sourceId,
      { sql: 'select range as x from range(1000000000000)' },
      [{ name: 'x', label: 'X', type: 'number', role: 'measure', synonyms: [] }],
    );
    const client = new AbortController();
    const running = countOf(north, endless, client.signal).catch((error: Error) => error);
    const stats = server.app.queryEngine.stats;
    await eventually(() => stats.running(north.accountId, north.sourceId) === 1);
    expect(stats.running(north.accountId, north.sourceId)).toBe(1);

    expect((await sql(south)).status).toBe(200);
    expect((await sql(east)).status).toBe(200);
    expect(isOpen(north)).toBe(true);
    expect(stats.running(north.accountId, north.sourceId)).toBe(1);

    client.abort();
    expect(await running).toBeInstanceOf(Error);
    await eventually(() => stats.running(north.accountId, north.sourceId) === 0);
    const after = await sql(north);
    expect(after.status).toBe(200);
    expect(after.json.rows).toHaveLength(2);
  });

  it("evicts another tenant's cached result when all results pass the total budget", async () => {
    const [north, south, east] = tenants;
    const engine = server.app.queryEngine;
    engine.configure({ cacheTtlMs: 60_000 });
    expect((await countOf(north)).json.cached).toBe(false);
    const oneResult = engine.cache.usage(north.accountId).bytes;
    expect(oneResult).toBeGreaterThan(0);
    expect(sharedResultCacheBudget.bytes).toBe(oneResult);

    // Room for two results of any tenants (their sizes differ by a few bytes), not three.
    engine.configure({ cacheTtlMs: 60_000, cacheMaxBytesTotal: Math.floor(oneResult * 2.5) });
    expect(sharedResultCacheBudget.bytes).toBe(0);
    await countOf(north);
    await countOf(south);
    expect((await countOf(north)).json.cached).toBe(true); // north is the most recent now
    await countOf(east); // the budget holds two: south goes
    expect(engine.cache.usage(south.accountId).entries).toBe(0);
    expect(engine.cache.usage(north.accountId).entries).toBe(1);
    expect(engine.cache.usage(east.accountId).entries).toBe(1);
    expect(sharedResultCacheBudget.entries).toBe(2);
    expect((await countOf(south)).json.cached).toBe(false);
    expect((await countOf(east)).json.cached).toBe(true);
  });
});

describe('start-up and shutdown', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'brandboard-startup-'));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('opens no warehouse at start, seeded or not, and closes all with the app', async () => {
    await closeAllWarehouses();
    const env = { DATA_DIR: dataDir };
    // First start: the demo warehouse is seeded, then closed.
    const first = await build({ env, seedDemoWarehouse: true });
    await first.app.ready();
    expect(openWarehouseCount()).toBe(0);
    await first.close();

    // Start on the seeded DATA_DIR: nothing is opened.
    const second = await build({ env, seedDemoWarehouse: true });
    await second.app.ready();
    expect(openWarehouseCount()).toBe(0);
    const acme = await second.app.db
      .selectFrom('accounts')
      .select('id')
      .where('site', '=', 'acme')
      .executeTakeFirstOrThrow();
    const tables = await second.app.sourceConnectors.withWarehouse(acme.id, (warehouse) =>
      warehouse.tableExists('cars'),
    );
    expect(tables).toBe(true);
    expect(openWarehouseCount()).toBe(1);
    await second.close();
    expect(openWarehouseCount()).toBe(0);
  });
});
