import type { DatasetField } from '../../common/analytics';
import type { ChartSpec, Dashboard } from '../../common/charts';
import { nowIso } from '../../server/db/schema';
import { closeAllWarehouses } from '../../server/engines/duckdb/warehouseRegistry';
import { addAccount, addUser } from './authFixtures';
import { api, login, startServer, type Backend, type Session, type TestServer } from './harness';

// Setup of the chart, dashboard and share suites: the real server, tenant acme (seeded admin,
// editor, viewer) and a second tenant "globex" with an editor, each with a DuckDB `sales`
// table in its warehouse and a dataset over it.

export const SALES_FIELDS: DatasetField[] = [
  { name: 'day', label: 'Day', type: 'date', role: 'time', synonyms: [] },
  { name: 'region', label: 'Region', type: 'string', role: 'dimension', synonyms: [] },
  { name: 'amount', label: 'Amount', type: 'number', role: 'measure', synonyms: [] },
];

// day, region, amount: North 10+20 (Jan), South 5 (Jan) + 40 (Feb), East 7 (Mar)
const SALES_ROWS = `('2024-01-05', 'North', 10), ('2024-01-20', 'North', 20),
  ('2024-01-09', 'South', 5), ('2024-02-10', 'South', 40), ('2024-03-03', 'East', 7)`;

export interface Tenant {
  accountId: number;
  datasetId: number;
  editor: Session;
}

export interface ChartsServer {
  server: TestServer;
  base: string;
  acme: Tenant & { viewer: Session; admin: Session };
  globex: Tenant;
  close: () => Promise<void>;
}

/**
 * A DuckDB source of the account's warehouse and a dataset named `name` over its `table`,
 * written to the store directly (the table must exist).
 */
export async function addWarehouseDataset(
  server: Pick<TestServer, 'app'>,
  accountId: number,
  dataset: {
    name: string;
    table: string;
    fields: DatasetField[];
    sourceName?: string;
    rowCount?: number | null;
  },
): Promise<number> {
  const now = nowIso();
  const source = await server.app.db
    .insertInto('data_sources')
    .values({
      account_id: accountId,
      name: dataset.sourceName ?? `${dataset.name} warehouse`,
      type: 'duckdb',
      config_json: '{}',
      password_enc: null,
      created_at: now,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const row = await server.app.db
    .insertInto('datasets')
    .values({
      account_id: accountId,
      source_id: source.id,
      name: dataset.name,
      description: '',
      table_name: dataset.table,
      sql: null,
      fields_json: JSON.stringify(dataset.fields),
      row_count: dataset.rowCount ?? null,
      created_at: now,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** Tenant `accountId`'s Sales dataset over its warehouse: North 30, South 45, East 7. */
export async function addSalesDataset(
  server: Pick<TestServer, 'app'>,
  accountId: number,
): Promise<number> {
  await server.app.sourceConnectors.withWarehouse(accountId, (warehouse) =>
    warehouse.withConnection(async (connection) => {
      await connection.run(
        'create or replace table sales (day timestamp, region varchar, amount double)',
      );
      await connection.run(`insert into sales values ${SALES_ROWS}`);
    }),
  );
  return addWarehouseDataset(server, accountId, {
    name: 'Sales',
    table: 'sales',
    fields: SALES_FIELDS,
    sourceName: 'Warehouse',
    rowCount: 5,
  });
}

export async function startChartsServer(
  backend: Backend = 'sqlite',
  env: Record<string, string> = {},
): Promise<ChartsServer> {
  const server = await startServer({ backend, env });
  const base = server.baseUrl;
  const acmeRow = await server.app.db
    .selectFrom('accounts')
    .select('id')
    .where('site', '=', 'acme')
    .executeTakeFirstOrThrow();
  const globexId = await addAccount(server, 'globex');
  await addUser(server, globexId, { username: 'editor', role: 'editor' });
  return {
    server,
    base,
    acme: {
      accountId: acmeRow.id,
      datasetId: await addSalesDataset(server, acmeRow.id),
      editor: await login(base, 'acme', 'editor'),
      viewer: await login(base, 'acme', 'viewer'),
      admin: await login(base, 'acme', 'admin'),
    },
    globex: {
      accountId: globexId,
      datasetId: await addSalesDataset(server, globexId),
      editor: await login(base, 'globex', 'editor'),
    },
    close: async () => {
      await server.close();
      await closeAllWarehouses();
    },
  };
}

/** A column chart of the sum of amount by region over `datasetId`. */
export function salesSpec(datasetId: number, type: ChartSpec['type'] = 'column'): ChartSpec {
  return {
    type,
    title: 'Sales by region',
    query: {
      datasetId,
      dimensions: [{ field: 'region' }],
      measures: [{ field: 'amount', agg: 'sum' }],
      filters: [],
      sort: [{ key: 'region', dir: 'asc' }],
    },
    encoding: { x: 'region', y: ['sum_amount'] },
    options: {},
  };
}

export async function createChart(
  base: string,
  tenant: Tenant,
  name = 'Sales by region',
): Promise<{ id: number }> {
  const answer = await api(base, tenant.editor, 'POST', '/api/v1/aicharts', {
    datasetId: tenant.datasetId,
    name,
    spec: salesSpec(tenant.datasetId),
  });
  if (answer.status !== 200) throw new Error(`chart: ${JSON.stringify(answer.body)}`);
  return answer.body as { id: number };
}

/** The tenant's editor makes a dashboard of `chartIds` (dashboardBody). */
export async function createDashboard(
  base: string,
  tenant: Tenant,
  chartIds: number[],
  name: string,
): Promise<Dashboard> {
  const answer = await api(
    base,
    tenant.editor,
    'POST',
    '/api/v1/dashboards',
    dashboardBody(chartIds, name),
  );
  if (answer.status !== 200) throw new Error(`dashboard: ${JSON.stringify(answer.body)}`);
  return answer.body as Dashboard;
}

/** A dashboard of the charts `chartIds`, with a date-range and a region filter bound to them. */
export function dashboardBody(chartIds: number[], name = 'Sales') {
  return {
    name,
    tiles: [
      { id: 'intro', kind: 'text', markdown: '# Sales', layout: { x: 0, y: 0, w: 12, h: 2 } },
      ...chartIds.map((chartId, index) => ({
        id: `t${index}`,
        kind: 'chart',
        chartId,
        layout: { x: (index % 2) * 6, y: 2 + Math.floor(index / 2) * 6, w: 6, h: 6 },
      })),
    ],
    filters: [
      {
        id: 'day',
        label: 'Day',
        type: 'dateRange',
        bindings: chartIds.map((chartId) => ({ chartId, field: 'day' })),
      },
      {
        id: 'region',
        label: 'Region',
        type: 'values',
        bindings: chartIds.map((chartId) => ({ chartId, field: 'region' })),
      },
    ],
    refreshSeconds: 0,
  };
}

/**
 * `dashboardBody` on two tabs: the text and the first chart on "Overview", a heading and the
 * other charts on "Details".
 */
export function tabbedDashboardBody(chartIds: number[], name = 'Sales tabs') {
  const body = dashboardBody(chartIds, name);
  const heading = {
    id: 'h1',
    kind: 'heading',
    heading: 'By region',
    layout: { x: 0, y: 0, w: 12, h: 1 },
  };
  const tiles = [...body.tiles, heading].map((tile, index) => ({
    ...tile,
    tabId: index <= 1 ? 'overview' : 'details',
  }));
  return {
    ...body,
    tabs: [
      { id: 'overview', title: 'Overview' },
      { id: 'details', title: 'Details' },
    ],
    tiles,
  };
}
