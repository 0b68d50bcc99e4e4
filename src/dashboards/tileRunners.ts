import type { QueryResult } from '../model/analytics';
import type { DashboardFilter, DashboardFilterValue, SavedChart } from '../model/charts';
import { apiUrl, httpRequest } from '../providers/httpClient';
import { activeFilterValues, fieldValuesQuery, tileQuery, type CrossFilter } from './tileQueries';

// How a dashboard's tiles get their data: signed in, through POST /api/v1/query with the
// full semantic query; on a shared link, through the public share API, which only takes the
// chart id and the dashboard filter values (it applies them itself).

export interface TileRunRequest {
  chart: SavedChart;
  filters: DashboardFilter[];
  values: DashboardFilterValue[];
  cross: CrossFilter | null;
  signal: AbortSignal;
}

export interface TileRunner {
  run(request: TileRunRequest): Promise<QueryResult>;
  /** The values of a field for a values filter; absent when the viewer cannot ask for them. */
  fieldValues?(datasetId: number, field: string, signal: AbortSignal): Promise<string[]>;
  /** False on shared links: clicking a chart does not cross-filter there. */
  crossFilters: boolean;
}

async function postQuery(body: unknown, signal: AbortSignal, url: string, shareToken?: string) {
  const answer = await httpRequest<QueryResult>(apiUrl(url), {
    method: 'POST',
    body: JSON.stringify(body),
    signal,
    shareToken,
    // a refused share token is the page's to report, never a redirect to sign-in
    handleAuthErrorsInCaller: shareToken !== undefined,
  });
  return answer.data;
}

export const signedInRunner: TileRunner = {
  crossFilters: true,
  run: ({ chart, filters, values, cross, signal }) =>
    postQuery({ query: tileQuery(chart, filters, values, cross) }, signal, '/api/v1/query'),
  async fieldValues(datasetId, field, signal) {
    const result = await postQuery(
      { query: fieldValuesQuery(datasetId, field) },
      signal,
      '/api/v1/query',
    );
    return result.rows
      .map((row) => row[0])
      .filter((v) => v !== null)
      .map(String);
  },
};

export function sharedRunner(dashboardId: number, token: string): TileRunner {
  return {
    crossFilters: false,
    run: ({ chart, filters, values, signal }) =>
      postQuery(
        { chartId: chart.id, filters: activeFilterValues(filters, values) },
        signal,
        `/api/v1/share/dashboards/${dashboardId}/query`,
        token,
      ),
  };
}
