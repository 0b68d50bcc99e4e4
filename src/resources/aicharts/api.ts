import type { QueryResult, SemanticQuery } from '../../../common/analytics';
import type { ChartSpec, Dashboard, DashboardTile } from '../../../common/charts';
import { pivotRequestOf } from '../../../common/pivot';
import { CHART_TILE_SIZE, newId, placeNewTile } from '../../ui/dashboard/tileEditing';
import { apiUrl, httpRequest } from '../../ui/api/httpClient';

// The calls of the chart builder beyond simple-rest records.

/** Runs a semantic query through the server's query engine (POST /api/v1/query). */
export async function runQuery(query: SemanticQuery, signal?: AbortSignal): Promise<QueryResult> {
  const answer = await httpRequest<QueryResult>(apiUrl('/api/v1/query'), {
    method: 'POST',
    body: JSON.stringify({ query }),
    signal,
  });
  return answer.data;
}

/** The part of a chart that decides how its query runs: a pivot's as a pivot. */
export type ChartRunKind = Pick<ChartSpec, 'type' | 'options'>;

/**
 * Runs a chart's query: a pivot's cells with subtotals and totals through
 * POST /api/v1/query/pivot, any other chart's through POST /api/v1/query.
 */
export async function runChartQuery(
  query: SemanticQuery,
  chart: ChartRunKind | undefined,
  signal?: AbortSignal,
): Promise<QueryResult> {
  if (chart?.type !== 'pivot') return runQuery(query, signal);
  const answer = await httpRequest<QueryResult>(apiUrl('/api/v1/query/pivot'), {
    method: 'POST',
    body: JSON.stringify(pivotRequestOf(query, chart.options)),
    signal,
  });
  return answer.data;
}

/** A chart tile placed beside the last tile when there is room, else below every tile. */
export function newChartTile(tiles: DashboardTile[], chartId: number): DashboardTile {
  return {
    id: newId('tile-'),
    kind: 'chart',
    chartId,
    layout: placeNewTile(tiles, CHART_TILE_SIZE.w, CHART_TILE_SIZE.h),
  };
}

/** The dashboard with a chart tile appended (placed by newChartTile). */
export function withChartTile(dashboard: Dashboard, chartId: number): Dashboard {
  return { ...dashboard, tiles: [...dashboard.tiles, newChartTile(dashboard.tiles, chartId)] };
}
