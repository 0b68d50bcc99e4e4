import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_TABLES } from '../../../server/seed/demoDatasets';
import { CLICKHOUSE_SETUP_MS, clickhouseRowsOf } from '../clickhouseDatabases';
import { clickhouseWarehouseRun, type ClickhouseWarehouseRun } from '../clickhouseWarehouses';
import { call, startAnalyticsServer, type AnalyticsServer } from '../datasourcesHarness';

// The demo warehouse seeded into ClickHouse (WAREHOUSE_URL): every vega-datasets table of the
// demo tenant is a MergeTree table of its database, shaped by DuckDB as on the DuckDB
// warehouse (snake_case names, the fixes of dates), and a demo dataset charts.

describe('the demo warehouse in ClickHouse', () => {
  let run: ClickhouseWarehouseRun;
  let server: AnalyticsServer;

  beforeAll(async () => {
    run = clickhouseWarehouseRun();
    server = await startAnalyticsServer({ env: run.env, seedDemoWarehouse: true });
  }, CLICKHOUSE_SETUP_MS);
  afterAll(async () => {
    await server?.close();
    await run?.cleanup();
  });

  it('holds every demo table, and the flights chart', async () => {
    const { database } = run.identityOf(server.config.appSecret, server.accounts.acme);
    const tables = await clickhouseRowsOf(
      run.admin,
      `SELECT name, engine FROM system.tables WHERE database = '${database}' ORDER BY name`,
    );
    expect(tables).toEqual(
      DEMO_TABLES.map((demo) => [demo.table, 'MergeTree']).sort((a, b) => a[0].localeCompare(b[0])),
    );
    const [[flights]] = await clickhouseRowsOf(
      run.admin,
      `SELECT count() FROM ${database}.flights`,
    );
    expect(Number(flights)).toBeGreaterThan(2_000_000);
    const viewer = await server.sessionFor('acme', 'viewer');
    const datasets = await call(server, 'GET', '/api/v1/datasets', { token: viewer, site: 'acme' });
    const stocks = (datasets.json as { id: number; name: string }[]).find(
      (d) => d.name === 'Stocks',
    )!;
    const answer = await call(server, 'POST', '/api/v1/query', {
      token: viewer,
      site: 'acme',
      body: {
        query: {
          datasetId: stocks.id,
          dimensions: [{ field: 'date', grain: 'year' }],
          measures: [{ field: 'price', agg: 'max' }],
          filters: [{ field: 'symbol', op: '=', value: 'AAPL' }],
          sort: [{ key: 'date', dir: 'asc' }],
        },
      },
    });
    expect(answer.status, JSON.stringify(answer.json)).toBe(200);
    expect(answer.json.rows.length).toBeGreaterThan(5);
  });
});
