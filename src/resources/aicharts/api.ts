import type { QueryResult, SemanticQuery } from '../../../common/analytics';
import type { Dashboard, DashboardTile } from '../../../common/charts';
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
