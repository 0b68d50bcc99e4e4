import { useEffect } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from 'react-router-dom';
import { CancelledError } from '../../ui/api/httpClient';
import { preloadCharts } from '../../ui/dashboard/LazyChart';
import type { TileData } from '../../ui/dashboard/useTileResults';
import { linkRefusalOf, shareFailureOf } from '../sharedDashboard/api';
import { fetchEmbeddedChart, runEmbeddedChart } from './embeddedChartApi';

/** A call cancelled from elsewhere is no failure to show. */
const failureOf = (error: Error | null) => (error instanceof CancelledError ? null : error);

/**
 * The chart an embed token opens and its rows, and the failure to show. A refused token goes
 * to its message page and shows no data: when the chart is asked for, or later, when its rows
 * are (a token expired or revoked while the page was open).
 */
export function useEmbeddedChart(chartId: number, token: string) {
  useEffect(preloadCharts, []);
  const navigate = useNavigate();
  const definition = useQuery({
    queryKey: ['embeddedChart', chartId, token],
    queryFn: ({ signal }) => fetchEmbeddedChart(chartId, token, signal),
    retry: false,
    staleTime: Infinity,
    gcTime: 0,
  });
  const rows = useQuery({
    queryKey: ['embeddedChartRows', chartId, token],
    queryFn: ({ signal }) => runEmbeddedChart(chartId, token, signal),
    enabled: definition.data !== undefined,
    retry: false,
    refetchOnWindowFocus: false,
    gcTime: 0,
  });
  const caught = failureOf(definition.error);
  const rowsError = failureOf(rows.error);
  const refused = caught ? shareFailureOf(caught) : linkRefusalOf(rowsError);
  useEffect(() => {
    if (refused) navigate(`/messages/share/${refused}`, { replace: true });
  }, [refused, navigate]);
  const data: TileData = {
    loading: rows.isPending || rows.isFetching,
    result: rows.data,
    error: rowsError?.message,
  };
  return {
    chart: definition.data ?? null,
    data,
    error: caught && !refused ? caught.message : null,
  };
}
