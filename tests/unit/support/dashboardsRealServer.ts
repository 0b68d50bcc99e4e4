import type { Dataset } from '../../../common/analytics';
import type { Dashboard, SavedChart } from '../../../common/charts';
import { setApiPrefix } from '../../../src/ui/api/httpClient';
import { closeAllWarehouses } from '../../../server/engines/duckdb/warehouseRegistry';
import { build, type ReceivedRequest, type TestServer } from '../../api/harness';
import { addWarehouseDataset } from '../../api/chartsHarness';
import { editorCall } from './chartsRealServer';
import { countChart, flightsDashboard } from './dashboardFixtures';
import { resolveLocalhostNames } from './localhostNames';

// The real server for the dashboard page's tests, called at acme.localhost: acme's DuckDB
// tables `routes` (flights of 2001) and `cars`, a dataset over each, and the charts of
// "Flights" (dashboardFixtures) saved through the API. Answers to POST /query can be held back
// until a number of them have arrived: the tiles' queries are then provably in parallel.

const ROUTE_FIELDS: Dataset['fields'] = [
  { name: 'date', label: 'Date', type: 'date', role: 'time', synonyms: [] },
  { name: 'distance', label: 'Distance', type: 'number', role: 'measure', synonyms: [] },
  { name: 'origin', label: 'Origin', type: 'string', role: 'dimension', synonyms: [] },
  { name: 'destination', label: 'Destination', type: 'string', role: 'dimension', synonyms: [] },
];
const CAR_FIELDS: Dataset['fields'] = [
  { name: 'Origin', label: 'Origin', type: 'string', role: 'dimension', synonyms: [] },
  { name: 'distance', label: 'Distance', type: 'number', role: 'measure', synonyms: [] },
];

export interface DashboardsServer extends TestServer {
  editorToken: string;
  flightsDatasetId: number;
  carsDatasetId: number;
  /** Flights by origin, Flights by destination, Cars by origin. */
  charts: SavedChart[];
  /** Hold POST /query answers until this many have arrived (0: answer at once). */
  holdQueriesUntil: number;
  of(method: string, path: string): ReceivedRequest[];
  /** Deletes acme's dashboards and saves "Flights" afresh; returns it. */
  resetDashboards(change?: (flights: Dashboard) => Partial<Dashboard>): Promise<Dashboard>;
  /** Deletes acme's dashboards. */
  deleteDashboards(): Promise<void>;
}

export async function startDashboardsServer(): Promise<DashboardsServer> {
  let hold = 0;
  let held: Array<() => void> = [];
  const server = await build({
    beforeListen: (app) => {
      app.addHook('preHandler', async (request) => {
        if (request.method !== 'POST' || request.url !== '/api/v1/query' || hold === 0) return;
        await new Promise<void>((release) => {
          held.push(release);
          if (held.length < hold) return;
          const all = held;
          held = [];
          all.forEach((go) => go());
        });
      });
    },
  });
  const acme = await server.app.db
    .selectFrom('accounts')
    .select('id')
    .where('site', '=', 'acme')
    .executeTakeFirstOrThrow();
  await server.app.sourceConnectors.withWarehouse(acme.id, (warehouse) =>
    warehouse.withConnection(async (connection) => {
      await connection.run(
        'create or replace table routes (date timestamp, distance double, origin varchar, destination varchar)',
      );
      await connection.run(`insert into routes values ('2001-01-05', 900, 'SEA', 'PDX'),
      ('2001-02-10', 1200, 'PDX', 'SFO'), ('2001-03-02', 700, 'SEA', 'SFO')`);
      await connection.run('create or replace table cars ("Origin" varchar, distance double)');
      await connection.run(`insert into cars values ('USA', 300), ('Japan', 250)`);
    }),
  );
  const flightsDatasetId = await addWarehouseDataset(server, acme.id, {
    name: 'Routes',
    table: 'routes',
    fields: ROUTE_FIELDS,
  });
  const carsDatasetId = await addWarehouseDataset(server, acme.id, {
    name: 'Cars',
    table: 'cars',
    fields: CAR_FIELDS,
  });
  const editor = { ...server, editorToken: await server.sessionFor('acme', 'editor') };
  const charts: SavedChart[] = [];
  for (const [name, datasetId, x] of [
    ['Flights by origin', flightsDatasetId, 'origin'],
    ['Flights by destination', flightsDatasetId, 'destination'],
    ['Cars by origin', carsDatasetId, 'Origin'],
  ] as const) {
    const { spec } = countChart(0, name, datasetId, x);
    charts.push(
      await editorCall<SavedChart>(editor, 'POST', '/api/v1/aicharts', { datasetId, name, spec }),
    );
  }
  const deleteDashboards = async () => {
    await server.app.db.deleteFrom('share_links').where('account_id', '=', acme.id).execute();
    await server.app.db.deleteFrom('dashboards').where('account_id', '=', acme.id).execute();
  };
  await resolveLocalhostNames(server.base);
  setApiPrefix(`http://acme.localhost:${server.port}`);
  return {
    ...editor,
    flightsDatasetId,
    carsDatasetId,
    charts,
    get holdQueriesUntil() {
      return hold;
    },
    set holdQueriesUntil(count: number) {
      hold = count;
    },
    of: (method, path) => server.requests.filter((r) => r.method === method && r.path === path),
    deleteDashboards,
    resetDashboards: async (change) => {
      await deleteDashboards();
      const flights = flightsDashboard(charts.map((chart) => chart.id));
      const { name, description, refreshSeconds, tiles, filters } = flights;
      return editorCall<Dashboard>(editor, 'POST', '/api/v1/dashboards', {
        name,
        description,
        refreshSeconds,
        tiles,
        filters,
        ...change?.(flights),
      });
    },
    close: async () => {
      setApiPrefix('');
      await server.close();
      await closeAllWarehouses();
    },
  };
}
