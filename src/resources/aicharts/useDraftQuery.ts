import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { QueryResult, SemanticQuery } from '../../../common/analytics';
import { CancelledError } from '../../ui/api/httpClient';
import { runChartQuery, type ChartRunKind } from './api';

const QUERY_DEBOUNCE_MS = 300;

export interface DraftQueryState {
  result: QueryResult | null;
  loading: boolean;
  error: string | null;
}

/** Waits `ms`, or rejects at once when the signal aborts. */
function settle(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(resolve, ms);
    signal.addEventListener(
      'abort',
      () => {
        clearTimeout(timer);
        reject(new CancelledError('draft query'));
      },
      { once: true },
    );
  });
}

/**
 * Runs the draft's query ~300 ms after its last change; a newer query cancels the request of
 * the previous one (TanStack aborts the signal of a query nobody watches any more), so the
 * chart always shows the latest draft, the last result staying while the next one loads.
 */
export function useDraftQuery(
  query: SemanticQuery | null,
  chart?: ChartRunKind | null,
): DraftQueryState {
  const key = query ? JSON.stringify(query) : null;
  // Only a pivot's layout changes what is asked; other options only how it is drawn.
  const kind = chart?.type === 'pivot' ? JSON.stringify(chart) : null;
  const answer = useQuery({
    queryKey: ['aiChartDraft', key, kind],
    queryFn: async ({ signal }) => {
      await settle(QUERY_DEBOUNCE_MS, signal);
      const asked = kind ? (JSON.parse(kind) as ChartRunKind) : undefined;
      return runChartQuery(JSON.parse(key!) as SemanticQuery, asked, signal);
    },
    enabled: key !== null,
    retry: false,
    refetchOnWindowFocus: false,
    placeholderData: keepPreviousData,
  });
  if (key === null) return { result: null, loading: false, error: null };
  // A call cancelled from elsewhere (sign-out) is no failure to show.
  const error = answer.error instanceof CancelledError ? null : answer.error;
  return {
    result: answer.data ?? null,
    loading: answer.isFetching,
    error: error?.message ?? null,
  };
}
