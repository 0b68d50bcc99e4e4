import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { QueryResult } from '../../../common/analytics';
import type { Dashboard, SavedChart } from '../../../common/charts';
import { seedDemoDashboards } from '../../../server/seed/demoDashboard';
import { closeAllWarehouses } from '../../../server/engines/duckdb/warehouseRegistry';
import { api, login, startServer, type Session, type TestServer } from '../harness';

// The demo tenant's "Flights" dashboard over the 3M-row flights table: at least 8 charts whose
// queries all run, filters bound to every chart, seeded once.

let server: TestServer;
let viewer: Session;
let editor: Session;

beforeAll(async () => {
  server = await startServer({ seedDemoWarehouse: true });
  viewer = await login(server.baseUrl, 'acme', 'viewer');
  editor = await login(server.baseUrl, 'acme', 'editor');
});
afterAll(async () => {
  await server?.close();
  await closeAllWarehouses();
});

async function dashboardNamed(name: string): Promise<Dashboard> {
  const filter = encodeURIComponent(JSON.stringify({ q: name }));
  const list = await api(server.baseUrl, viewer, 'GET', `/api/v1/dashboards?filter=${filter}`);
  const found = (list.body as Dashboard[]).find((dashboard) => dashboard.name === name);
  if (!found) throw new Error(`no dashboard ${name}: ${JSON.stringify(list.body)}`);
  return found;
}

async function chartsOf(dashboard: Dashboard): Promise<SavedChart[]> {
  const ids = dashboard.tiles.flatMap((tile) => (tile.chartId ? [tile.chartId] : []));
  const filter = encodeURIComponent(JSON.stringify({ id: ids }));
  const list = await api(server.baseUrl, viewer, 'GET', `/api/v1/aicharts?filter=${filter}`);
  return list.body as SavedChart[];
}

describe('demo dashboards', () => {
  it('has a "Flights" dashboard of at least 8 charts whose queries all run', async () => {
    const flights = await dashboardNamed('Flights');
    const charts = await chartsOf(flights);
    expect(charts.length).toBeGreaterThanOrEqual(8);
    expect(flights.tiles.some((tile) => tile.kind === 'text' && tile.markdown)).toBe(true);
    const types = new Set(charts.map((chart) => chart.spec.type));
    expect(types.size).toBeGreaterThanOrEqual(8);

    const dateFilter = flights.filters.find((filter) => filter.type === 'dateRange');
    const originFilter = flights.filters.find((filter) => filter.type === 'values');
    for (const filter of [dateFilter, originFilter]) {
      expect(filter?.bindings.map((binding) => binding.chartId).sort()).toEqual(
        charts.map((chart) => chart.id).sort(),
      );
    }

    const results = await Promise.all(
      charts.map((chart) =>
        api(server.baseUrl, viewer, 'POST', '/api/v1/query', { query: chart.spec.query }),
      ),
    );
    results.forEach((result, index) => {
      expect(result.status, `${charts[index].name}: ${JSON.stringify(result.body)}`).toBe(200);
      expect((result.body as QueryResult).rowCount, charts[index].name).toBeGreaterThan(0);
    });
  });

  it('opens by share link with the dashboard filters applied to flights', async () => {
    const flights = await dashboardNamed('Flights');
    const charts = await chartsOf(flights);
    const kpi = charts.find((chart) => chart.name === 'Flights');
    expect(kpi).toBeDefined();
    const link = await api(
      server.baseUrl,
      editor,
      'POST',
      `/api/v1/dashboards/${flights.id}/shareLinks`,
      {
        label: 'January',
        frozenFilters: [{ filterId: 'date', value: ['2001-01-01', '2001-01-31'] }],
      },
    );
    const token = (link.body as { token: string }).token;
    const answer = await api(
      server.baseUrl,
      null,
      'POST',
      `/api/v1/share/dashboards/${flights.id}/query`,
      { chartId: kpi?.id, filters: [{ filterId: 'origin', value: ['SEA'] }] },
      { site: 'acme', authorization: `Bearer ${token}` },
    );
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    const rows = (answer.body as QueryResult).rows;
    expect(rows).toHaveLength(1);
    expect(String(rows[0][0])).toMatch(/^2001-01/);
    expect(Number(rows[0][1])).toBeGreaterThan(0);
  });

  it('has a smaller "Cars" dashboard whose queries run', async () => {
    const cars = await dashboardNamed('Cars');
    const charts = await chartsOf(cars);
    expect(charts.length).toBeGreaterThanOrEqual(3);
    for (const chart of charts) {
      const result = await api(server.baseUrl, viewer, 'POST', '/api/v1/query', {
        query: chart.spec.query,
      });
      expect(result.status, `${chart.name}: ${JSON.stringify(result.body)}`).toBe(200);
    }
  });

  it('seeds once: a second run adds nothing', async () => {
    const account = await server.app.db
      .selectFrom('accounts')
      .select('id')
      .where('site', '=', 'acme')
      .executeTakeFirstOrThrow();
    const count = async () =>
      (
        await server.app.db
          .selectFrom('dashboards')
          .select('id')
          .where('account_id', '=', account.id)
          .execute()
      ).length;
    const before = await count();
    expect(await seedDemoDashboards(server.app.db, account.id)).toBe(false);
    expect(await count()).toBe(before);
  });
});
