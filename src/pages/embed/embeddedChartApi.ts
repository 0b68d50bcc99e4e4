import type { QueryResult } from '../../../common/analytics';
import type { EmbeddedChartAnswer } from '../../../common/api/embeds';
import type { SavedChart } from '../../../common/charts';
import { apiUrl, httpRequest } from '../../ui/api/httpClient';

// The public API of an embedded chart, with the embed token as the bearer (no session): a
// refused token answers 404 with the reason, which the caller turns into the message page.

const chartPath = (chartId: number) => `/api/v1/embed/charts/${chartId}`;

export async function fetchEmbeddedChart(
  chartId: number,
  token: string,
  signal: AbortSignal,
): Promise<SavedChart> {
  const { data } = await httpRequest<EmbeddedChartAnswer>(apiUrl(chartPath(chartId)), {
    shareToken: token,
    signal,
    handleAuthErrorsInCaller: true,
  });
  return data.chart;
}

/** The chart's rows for the token's viewer (the server adds the token's locked values). */
export async function runEmbeddedChart(
  chartId: number,
  token: string,
  signal: AbortSignal,
): Promise<QueryResult> {
  const { data } = await httpRequest<QueryResult>(apiUrl(`${chartPath(chartId)}/query`), {
    method: 'POST',
    body: JSON.stringify({}),
    shareToken: token,
    signal,
    handleAuthErrorsInCaller: true,
  });
  return data;
}
