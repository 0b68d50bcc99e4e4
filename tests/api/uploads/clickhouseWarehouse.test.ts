import { readdirSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { stagingDir } from '../../../server/engines/duckdb/warehouse';
import { CLICKHOUSE_SETUP_MS, clickhouseRowsOf } from '../clickhouseDatabases';
import { clickhouseWarehouseRun, type ClickhouseWarehouseRun } from '../clickhouseWarehouses';
import {
  call,
  startAnalyticsServer,
  warehouseIdOf,
  type AnalyticsServer,
} from '../datasourcesHarness';

// With WAREHOUSE_URL=clickhouse://… (Debian's 18.16) the tenant's warehouse is a ClickHouse
// database, and everything over HTTP works on it as on DuckDB: an upload (DuckDB's type
// detection, a MergeTree table), a dataset over it, semantic chart queries (grains, median,
// count distinct, relative dates) compiled for ClickHouse, explorer SQL, column type
// changes, a survey whose answers land in the warehouse, and a discarded table.

const DAY = 24 * 60 * 60 * 1000;
const isoDay = (daysAgo: number) => new Date(Date.now() - daysAgo * DAY).toISOString().slice(0, 10);
/** order id, customer, region, amount, days ago */
const ORDERS: [number, string, string, number, number][] = [
  [1, 'ann', 'north', 10, 1],
  [2, 'bob', 'north', 30, 5],
  [3, 'ann', 'south', 20, 20],
  [4, 'cid', 'south', 40, 40],
  [5, 'bob', 'east', 5, 100],
];
const CSV =
  'order_id,customer,region,amount,placed\n' +
  ORDERS.map(
    ([id, who, region, amount, ago]) => `${id},${who},${region},${amount},${isoDay(ago)}`,
  ).join('\n') +
  '\n';

function form(name: string, content: string, fields: Record<string, string> = {}): FormData {
  const body = new FormData();
  for (const [key, value] of Object.entries(fields)) body.append(key, value);
  body.append('file', new Blob([content]), name);
  return body;
}

describe('a tenant warehouse in ClickHouse over HTTP', () => {
  let run: ClickhouseWarehouseRun;
  let server: AnalyticsServer;
  let editor: string;
  let viewer: string;
  let warehouseId: number;
  let database: string;
  let datasetId: number;
  const acme = (token: string) => ({ token, site: 'acme' });
  const query = (body: object) =>
    call(server, 'POST', '/api/v1/query', {
      ...acme(viewer),
      body: { query: { datasetId, dimensions: [], filters: [], sort: [], ...body } },
    });

  beforeAll(async () => {
    run = clickhouseWarehouseRun();
    server = await startAnalyticsServer({ env: run.env });
    editor = await server.sessionFor('acme', 'editor');
    viewer = await server.sessionFor('acme', 'viewer');
    warehouseId = await warehouseIdOf(server, acme(editor));
    database = run.identityOf(server.config.appSecret, server.accounts.acme).database;
  }, CLICKHOUSE_SETUP_MS);
  afterAll(async () => {
    await server?.close();
    await run?.cleanup();
  });

  it('uploads a CSV into a MergeTree table of the tenant database, typed as DuckDB read it', async () => {
    const uploaded = await call(server, 'POST', `/api/v1/datasources/${warehouseId}/uploads`, {
      ...acme(editor),
      body: form('orders.csv', CSV),
    });
    expect(uploaded.status, JSON.stringify(uploaded.json)).toBe(200);
    expect(uploaded.json).toEqual({
      table: 'orders',
      columns: [
        { name: 'order_id', type: 'Nullable(Int64)' },
        { name: 'customer', type: 'Nullable(String)' },
        { name: 'region', type: 'Nullable(String)' },
        { name: 'amount', type: 'Nullable(Int64)' },
        { name: 'placed', type: 'Nullable(Date)' },
      ],
      rowCount: 5,
    });
    expect(
      await clickhouseRowsOf(
        run.admin,
        `SELECT engine FROM system.tables WHERE database = '${database}' AND name = 'orders'`,
      ),
    ).toEqual([['MergeTree']]);
    const again = await call(server, 'POST', `/api/v1/datasources/${warehouseId}/uploads`, {
      ...acme(editor),
      body: form('orders.csv', CSV),
    });
    expect(again.status).toBe(409);
    const schema = await call(
      server,
      'GET',
      `/api/v1/datasources/${warehouseId}/schema`,
      acme(editor),
    );
    expect(schema.json.tables).toEqual([expect.objectContaining({ name: 'orders', rowCount: 5 })]);
  });

  it('leaves a replaced table as it was, and nothing half-written, when a file cannot be read', async () => {
    const replacedBadly = await call(
      server,
      'POST',
      `/api/v1/datasources/${warehouseId}/uploads?replace=true`,
      { ...acme(editor), body: form('orders.json', '[{"a": 1}, {"a": ') },
    );
    expect(replacedBadly.status).toBe(400);
    const tables = await clickhouseRowsOf(
      run.admin,
      `SELECT name FROM system.tables WHERE database = '${database}' ORDER BY name`,
    );
    expect(tables).toEqual([['orders']]);
    expect(await clickhouseRowsOf(run.admin, `SELECT count() FROM ${database}.orders`)).toEqual([
      ['5'],
    ]);
    expect(readdirSync(stagingDir(server.config.dataDir, server.accounts.acme))).toEqual([]);
  });

  it("adds a file's rows to a table by column name, all or nothing", async () => {
    const send = (content: string, append = 'true') =>
      call(server, 'POST', `/api/v1/datasources/${warehouseId}/uploads`, {
        ...acme(editor),
        body: form('ledger.csv', content, { append }),
      });
    const rows = async () =>
      (await clickhouseRowsOf(run.admin, `SELECT count() FROM ${database}.ledger`))[0][0];
    expect((await send('region,amount\nnorth,1.5\n', 'false')).status).toBe(200);
    const appended = await send('amount,region\n2.5,west\n3,south\n');
    expect(appended.status, JSON.stringify(appended.json)).toBe(200);
    expect(appended.json).toMatchObject({ table: 'ledger', rowCount: 3 });
    expect(await send('region\neast\n')).toMatchObject({ status: 200 });
    expect(await rows()).toBe('4');

    const unknown = await send('region,colour\nx,red\n');
    expect(unknown.status).toBe(400);
    expect(unknown.json).toMatchObject({
      field: 'file',
      message: expect.stringMatching(/"colour"/),
    });
    const notANumber = await send('amount\nplenty\n');
    expect(notANumber.status).toBe(400);
    expect(await rows()).toBe('4');
    const leftOver = await clickhouseRowsOf(
      run.admin,
      `SELECT name FROM system.tables WHERE database = '${database}' AND startsWith(name, '__')`,
    );
    expect(leftOver).toEqual([]);
    const dropped = await call(
      server,
      'DELETE',
      `/api/v1/datasources/${warehouseId}/tables/ledger`,
      acme(editor),
    );
    expect(dropped.status).toBe(200);
  });

  it('changes column types, all or nothing', async () => {
    const changed = await call(
      server,
      'PUT',
      `/api/v1/datasources/${warehouseId}/tables/orders/types`,
      {
        ...acme(editor),
        body: { columns: [{ name: 'amount', type: 'DOUBLE' }] },
      },
    );
    expect(changed.status, JSON.stringify(changed.json)).toBe(200);
    expect(changed.json.columns[3]).toEqual({ name: 'amount', type: 'Nullable(Float64)' });
    const refused = await call(
      server,
      'PUT',
      `/api/v1/datasources/${warehouseId}/tables/orders/types`,
      {
        ...acme(editor),
        body: { columns: [{ name: 'customer', type: 'DATE' }] },
      },
    );
    expect(refused.status).toBe(400);
    const kept = await clickhouseRowsOf(run.admin, `DESCRIBE TABLE ${database}.orders`);
    expect(kept.map(([name, type]) => [name, type])[1]).toEqual(['customer', 'Nullable(String)']);
  });

  it('builds a dataset and answers chart queries compiled for ClickHouse', async () => {
    const created = await call(server, 'POST', '/api/v1/datasets', {
      ...acme(editor),
      body: { sourceId: warehouseId, name: 'Orders', table: 'orders' },
    });
    expect(created.status, JSON.stringify(created.json)).toBe(200);
    datasetId = created.json.id;
    expect(created.json.rowCount).toBe(5);

    const byRegion = await query({
      dimensions: [{ field: 'region' }],
      measures: [
        { field: 'amount', agg: 'median' },
        { field: 'customer', agg: 'count_distinct' },
      ],
      sort: [{ key: 'region', dir: 'asc' }],
    });
    expect(byRegion.status, JSON.stringify(byRegion.json)).toBe(200);
    expect(byRegion.json.sql).toContain('uniqExact(`customer`)');
    expect(byRegion.json.rows).toEqual([
      ['east', 5, 1],
      ['north', 20, 2],
      ['south', 30, 2],
    ]);

    const byMonth = await query({
      dimensions: [{ field: 'placed', grain: 'month' }],
      measures: [{ field: '*', agg: 'count' }],
    });
    expect(byMonth.status).toBe(200);
    expect(byMonth.json.sql).toContain('toStartOfMonth');
    const months = new Map<string, number>();
    for (const [, , , , ago] of ORDERS) {
      const month = `${isoDay(ago).slice(0, 7)}-01`;
      months.set(month, (months.get(month) ?? 0) + 1);
    }
    expect(
      Object.fromEntries(
        byMonth.json.rows.map((row: unknown[]) => [String(row[0]).slice(0, 10), row[1]]),
      ),
    ).toEqual(Object.fromEntries(months));

    const last30 = await query({
      measures: [{ field: '*', agg: 'count' }],
      filters: [
        { field: 'placed', op: 'relative', value: { kind: 'last', count: 30, unit: 'day' } },
      ],
    });
    expect(last30.json.rows).toEqual([[3]]);
  });

  it('runs explorer SQL on the tenant database, read-only', async () => {
    const sql = (text: string) =>
      call(server, 'POST', '/api/v1/sql', {
        ...acme(editor),
        body: { sourceId: warehouseId, sql: text },
      });
    const counted = await sql(
      'select region, count() as n from orders group by region order by n desc, region',
    );
    expect(counted.status).toBe(200);
    expect(counted.json.rows).toEqual([
      ['north', 2],
      ['south', 2],
      ['east', 1],
    ]);
    const write = await sql('insert into orders values (6, null, null, 1, null)');
    expect(write.status).toBe(400);
    expect(await clickhouseRowsOf(run.admin, `SELECT count() FROM ${database}.orders`)).toEqual([
      ['5'],
    ]);
  });

  it('puts survey answers into a table of the warehouse that a dataset reads', async () => {
    const created = await call(server, 'POST', '/api/v1/surveys', {
      ...acme(editor),
      body: {
        name: 'Pulse',
        description: '',
        questions: [
          { type: 'single_choice', text: 'Favourite', required: true, choices: ['Bar', 'Line'] },
          { type: 'rating', text: 'Satisfaction', required: true },
          { type: 'date', text: 'Since', required: false },
        ],
      },
    });
    expect(created.status, JSON.stringify(created.json)).toBe(200);
    const id = created.json.id;
    const published = await call(server, 'POST', `/api/v1/surveys/${id}/publish`, acme(editor));
    expect(published.status, JSON.stringify(published.json)).toBe(200);
    const answered = await call(server, 'POST', `/api/v1/surveys/${id}/answers`, {
      ...acme(viewer),
      body: { answers: { q1: 'Line', q2: 4, q3: '2023-05-06' } },
    });
    expect(answered.status, JSON.stringify(answered.json)).toBe(201);
    await vi.waitFor(
      async () =>
        expect(
          await clickhouseRowsOf(run.admin, `SELECT q1, q2, q3 FROM ${database}.survey_${id}`),
        ).toEqual([['Line', 4, '2023-05-06']]),
      { timeout: 15_000, interval: 100 },
    );
    datasetId = published.json.datasetId;
    const counted = await query({
      dimensions: [{ field: 'q1' }],
      measures: [{ field: 'q2', agg: 'avg' }],
    });
    expect(counted.status, JSON.stringify(counted.json)).toBe(200);
    expect(counted.json.rows).toEqual([['Line', 4]]);
  });

  it('discards a table no dataset uses', async () => {
    await call(server, 'POST', `/api/v1/datasources/${warehouseId}/uploads`, {
      ...acme(editor),
      body: form('scratch.csv', 'a\n1\n'),
    });
    const dropped = await call(
      server,
      'DELETE',
      `/api/v1/datasources/${warehouseId}/tables/scratch`,
      acme(editor),
    );
    expect(dropped.status).toBe(200);
    expect(
      await clickhouseRowsOf(
        run.admin,
        `SELECT count() FROM system.tables WHERE database = '${database}' AND name = 'scratch'`,
      ),
    ).toEqual([['0']]);
  });
});
