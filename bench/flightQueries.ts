import type { QueryResult, SemanticQuery } from '../common/analytics';
import type { Dashboard, SavedChart } from '../common/charts';
import { callApi, type BenchSession } from './benchApi';

// The chart queries the benchmark asks of the demo warehouse's Flights dataset (3M rows).

export interface FlightsDataset {
  id: number;
  sourceId: number;
}

export type QueryAnswer = QueryResult & { sql: string };

/** Average delay of the 20 origins with the most flights. */
export const originDelay = (datasetId: number): SemanticQuery => ({
  datasetId,
  dimensions: [{ field: 'origin' }],
  measures: [
    { field: '*', agg: 'count' },
    { field: 'delay', agg: 'avg' },
  ],
  filters: [],
  sort: [{ key: 'count', dir: 'desc' }],
  limit: 20,
});

/** Flights per month. */
export const monthlyCount = (datasetId: number): SemanticQuery => ({
  datasetId,
  dimensions: [{ field: 'date', grain: 'month' }],
  measures: [{ field: '*', agg: 'count' }],
  filters: [],
  sort: [{ key: 'date', dir: 'asc' }],
});

/** Average distance of the 20 busiest destinations (asked only by the concurrency check). */
export const destinationDistance = (datasetId: number): SemanticQuery => ({
  datasetId,
  dimensions: [{ field: 'destination' }],
  measures: [
    { field: '*', agg: 'count' },
    { field: 'distance', agg: 'avg' },
  ],
  filters: [],
  sort: [{ key: 'count', dir: 'desc' }],
  limit: 20,
});

export async function findFlightsDataset(
  baseUrl: string,
  session: BenchSession,
): Promise<FlightsDataset> {
  const path = `/api/v1/datasets?range=${encodeURIComponent('[0,99]')}`;
  const datasets = await callApi<{ id: number; name: string; sourceId: number }[]>(
    baseUrl,
    session,
    'GET',
    path,
  );
  const flights = datasets.find((dataset) => dataset.name === 'Flights');
  if (!flights) throw new Error('The demo warehouse has no Flights dataset.');
  return { id: flights.id, sourceId: flights.sourceId };
}

export function postQuery(
  baseUrl: string,
  session: BenchSession,
  query: SemanticQuery,
): Promise<QueryAnswer> {
  return callApi<QueryAnswer>(baseUrl, session, 'POST', '/api/v1/query', { query });
}

/** The titles and queries of the Flights dashboard's first `count` charts, top to bottom. */
export async function flightsDashboardQueries(
  base: string,
  session: BenchSession,
  count: number,
): Promise<{ name: string; query: SemanticQuery }[]> {
  const dashboards = await callApi<Dashboard[]>(base, session, 'GET', '/api/v1/dashboards');
  const flights = dashboards.find((dashboard) => dashboard.name === 'Flights');
  if (!flights) throw new Error('The demo Flights dashboard is missing.');
  const chartIds = flights.tiles
    .filter((tile) => tile.kind === 'chart' && tile.chartId !== undefined)
    .sort((a, b) => a.layout.y - b.layout.y || a.layout.x - b.layout.x)
    .slice(0, count)
    .map((tile) => tile.chartId!);
  const charts = await Promise.all(
    chartIds.map((id) => callApi<SavedChart>(base, session, 'GET', `/api/v1/aicharts/${id}`)),
  );
  return charts.map((chart) => ({ name: chart.name, query: chart.spec.query }));
}
