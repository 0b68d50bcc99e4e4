import type { QueryResult, SemanticQuery } from '../../model/analytics';
import type { Dashboard, DashboardTile } from '../../model/charts';
import { apiUrl, httpRequest } from '../../providers/httpClient';

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

export const CHART_TILE_SIZE = { w: 6, h: 8 };

function newTileId(): string {
  const random = Math.random().toString(36).slice(2, 10);
  return `tile-${Date.now().toString(36)}-${random}`;
}

/** A chart tile placed at the left, below every tile the dashboard has. */
export function chartTileBelow(tiles: DashboardTile[], chartId: number): DashboardTile {
  const bottom = tiles.reduce((lowest, tile) => Math.max(lowest, tile.layout.y + tile.layout.h), 0);
  return {
    id: newTileId(),
    kind: 'chart',
    chartId,
    layout: { x: 0, y: bottom, ...CHART_TILE_SIZE },
  };
}

/** The dashboard with a chart tile appended at the bottom. */
export function withChartTile(dashboard: Dashboard, chartId: number): Dashboard {
  return { ...dashboard, tiles: [...dashboard.tiles, chartTileBelow(dashboard.tiles, chartId)] };
}
