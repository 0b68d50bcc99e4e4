import type { Dataset, SemanticQuery } from '../../../common/analytics';
import type { Dashboard, SavedChart } from '../../../common/charts';
import { setApiPrefix } from '../../../src/ui/api/httpClient';
import { closeAllWarehouses } from '../../../server/engines/duckdb/warehouseRegistry';
import { addWarehouseDataset } from '../../api/chartsHarness';
import { call } from '../../api/fixtures';
import { build, type ReceivedRequest, type StartOptions, type TestServer } from '../../api/harness';

// The real server for the chart builder's component tests: acme (seeded editor and viewer)
// with a DuckDB `flights` table, a "Flights" dataset over it, the saved chart "Delay by
// origin" and the dashboard "Operations" holding it, made through the API. The web app is
// pointed at the server.

export const FLIGHTS_FIELDS: Dataset['fields'] = [
  { name: 'date', label: 'Date', type: 'date', role: 'time', synonyms: [] },
  { name: 'delay', label: 'Delay', type: 'number', role: 'measure', synonyms: [] },
  { name: 'distance', label: 'Distance', type: 'number', role: 'measure', synonyms: [] },
  { name: 'origin', label: 'Origin', type: 'string', role: 'dimension', synonyms: [] },
];

// SEA flies in two weeks of January; delays range from -30 to 300, distances 100 to 2700.
const FLIGHTS_ROWS = `('2024-01-02', 10, 200, 'SEA'), ('2024-01-03', 15, 120, 'SEA'),
  ('2024-01-10', 12.5, 900, 'SEA'), ('2024-01-04', 300, 100, 'PDX'),
  ('2024-01-05', -30, 2700, 'SFO')`;

export interface ChartsServer extends TestServer {
  accountId: number;
  datasetId: number;
  chart: SavedChart;
  dashboard?: Dashboard;
  /** The editor's session token (for calls that make records). */
  editorToken: string;
  find(method: string, path: string): ReceivedRequest | undefined;
}

/** The spec of "Delay by origin" over `datasetId`. */
export function delayByOrigin(datasetId: number): SavedChart['spec'] {
  const query: SemanticQuery = {
    datasetId,
    dimensions: [{ field: 'origin' }],
    measures: [{ field: 'delay', agg: 'avg' }],
    filters: [],
    sort: [{ key: 'avg_delay', dir: 'desc' }],
    limit: 10,
  };
  return {
    type: 'bar',
    title: 'Delay by origin',
    query,
    encoding: { x: 'origin', y: ['avg_delay'] },
    options: { legend: 'bottom' },
  };
}

/** The tiles of "Operations": the chart, and a note beside it lower down. */
export function operationsTiles(chartId: number): Dashboard['tiles'] {
  return [
    { id: 'a', kind: 'chart', chartId, layout: { x: 0, y: 0, w: 6, h: 8 } },
    { id: 'b', kind: 'text', markdown: '# Notes', layout: { x: 6, y: 4, w: 6, h: 6 } },
  ];
}

/** `body` sent by acme's editor; throws unless the server answers 200. */
export async function editorCall<T>(
  server: ChartsServer | (TestServer & { editorToken: string }),
  method: string,
  path: string,
  body?: unknown,
): Promise<T> {
  const answer = await call(server, method, path, {
    body,
    token: server.editorToken,
    site: 'acme',
  });
  if (answer.status !== 200) {
    throw new Error(`${method} ${path}: ${answer.status} ${JSON.stringify(answer.json)}`);
  }
  return answer.json as T;
}

export interface ChartsServerOptions {
  /** false: the chart is on no dashboard (the server refuses deleting one that is). */
  dashboard?: boolean;
  env?: Record<string, string>;
  beforeListen?: StartOptions['beforeListen'];
}

export async function startChartsServer(options: ChartsServerOptions = {}): Promise<ChartsServer> {
  const { dashboard = true, env, beforeListen } = options;
  const server = await build({ env, beforeListen });
  const acme = await server.app.db
    .selectFrom('accounts')
    .select('id')
    .where('site', '=', 'acme')
    .executeTakeFirstOrThrow();
  await server.app.sourceConnectors.withWarehouse(acme.id, (warehouse) =>
    warehouse.withConnection(async (connection) => {
      await connection.run(
        'create or replace table flights (date timestamp, delay double, distance double, origin varchar)',
      );
      await connection.run(`insert into flights values ${FLIGHTS_ROWS}`);
    }),
  );
  const datasetId = await addWarehouseDataset(server, acme.id, {
    name: 'Flights',
    table: 'flights',
    fields: FLIGHTS_FIELDS,
  });
  const withToken = { ...server, editorToken: await server.sessionFor('acme', 'editor') };
  const chart = await editorCall<SavedChart>(withToken, 'POST', '/api/v1/aicharts', {
    datasetId,
    name: 'Delay by origin',
    spec: delayByOrigin(datasetId),
  });
  const operations = dashboard
    ? await editorCall<Dashboard>(withToken, 'POST', '/api/v1/dashboards', {
        name: 'Operations',
        tiles: operationsTiles(chart.id),
        filters: [],
        refreshSeconds: 0,
      })
    : undefined;
  setApiPrefix(server.base);
  return {
    ...withToken,
    accountId: acme.id,
    datasetId,
    chart,
    dashboard: operations,
    find: (method, path) =>
      server.requests.filter((r) => r.method === method && r.path === path).at(-1),
    close: async () => {
      setApiPrefix('');
      await server.close();
      await closeAllWarehouses();
    },
  };
}
