import type { QueryResult } from '../../../common/analytics';
import type { DashboardFilter, DashboardFilterValue, SavedChart } from '../../../common/charts';
import { apiUrl, httpRequest } from '../api/httpClient';
import type { FieldValuesAnswer, FieldValuesRequest } from '../../../common/api/query';
import type { DatasetRecord } from '../../../common/api/datasets';
import {
  drillContextOf,
  drilledQuery,
  type DrillContext,
  type DrillStep,
} from '../../../common/drill';
import { activeFilterValues, tileQuery, type CrossFilter } from './tileQueries';
import { pivotRequestOf } from '../../../common/pivot';

// How a dashboard's tiles get their data: signed in, through POST /api/v1/query with the
// full semantic query; on a shared link, through the public share API, which only takes the
// chart id and the dashboard filter values (it applies them itself).

export interface TileRunRequest {
  chart: SavedChart;
  filters: DashboardFilter[];
  values: DashboardFilterValue[];
  cross: CrossFilter | null;
  /** the steps the viewer drilled down this chart */
  drill: DrillStep[];
  signal: AbortSignal;
}

export interface TileRunner {
  run(request: TileRunRequest): Promise<QueryResult>;
  /**
   * The values a values filter offers (distinct, the most frequent first, at most 200) from
   * the field of its first chart, those containing `search` when it is set.
   */
  filterValues(
    filter: DashboardFilter,
    charts: Map<number, SavedChart>,
    search: string,
    signal: AbortSignal,
  ): Promise<string[]>;
  /** False on shared links: clicking a chart does not cross-filter there. */
  crossFilters: boolean;
  /**
   * Signed in: a chart's value may be broken out by any field and its rows viewed; a link
   * or an embed only drills down its dataset's hierarchies.
   */
  opensRows: boolean;
  /** What drilling needs of a dataset, when the runner reads it itself (signed in). */
  drillContext?(datasetId: number, signal: AbortSignal): Promise<DrillContext>;
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

async function postValues(body: unknown, signal: AbortSignal, url: string, token?: string) {
  const answer = await httpRequest<FieldValuesAnswer>(apiUrl(url), {
    method: 'POST',
    body: JSON.stringify(body),
    signal,
    shareToken: token,
    handleAuthErrorsInCaller: token !== undefined,
  });
  return answer.data.values;
}

export const signedInRunner: TileRunner = {
  crossFilters: true,
  opensRows: true,
  run: ({ chart, filters, values, cross, drill, signal }) => {
    const query = drilledQuery(tileQuery(chart, filters, values, cross), drill);
    return chart.spec.type === 'pivot'
      ? postQuery(pivotRequestOf(query, chart.spec.options), signal, '/api/v1/query/pivot')
      : postQuery({ query }, signal, '/api/v1/query');
  },
  async drillContext(datasetId, signal) {
    const answer = await httpRequest<DatasetRecord>(apiUrl(`/api/v1/datasets/${datasetId}`), {
      signal,
    });
    return drillContextOf(answer.data);
  },
  async filterValues(filter, charts, search, signal) {
    const binding = filter.bindings.find((candidate) => charts.has(candidate.chartId));
    if (!binding) return [];
    const request: FieldValuesRequest = {
      datasetId: charts.get(binding.chartId)!.spec.query.datasetId,
      field: binding.field,
      search,
    };
    return postValues(request, signal, '/api/v1/query/values');
  },
};

/**
 * The runner of a shared link. `onRefused` hears of an answer that refuses the link itself
 * (revoked or expired while the page was open, e.g. on auto-refresh).
 */
export function sharedRunner(
  dashboardId: number,
  token: string,
  onRefused: (error: unknown) => void = () => undefined,
): TileRunner {
  return {
    crossFilters: false,
    opensRows: false,
    run: ({ chart, filters, values, drill, signal }) =>
      postQuery(
        {
          chartId: chart.id,
          filters: activeFilterValues(filters, values),
          ...(drill.length ? { drill } : {}),
        },
        signal,
        `/api/v1/share/dashboards/${dashboardId}/query`,
        token,
      ).catch((error: unknown) => {
        onRefused(error);
        throw error;
      }),
    filterValues: (filter, _charts, search, signal) =>
      postValues(
        { filterId: filter.id, search },
        signal,
        `/api/v1/share/dashboards/${dashboardId}/filterValues`,
        token,
      ),
  };
}
