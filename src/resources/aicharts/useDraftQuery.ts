import { useEffect, useState } from 'react';
import type { QueryResult, SemanticQuery } from '../../model/analytics';
import { CancelledError } from '../../ui/api/httpClient';
import { runQuery } from './api';

const QUERY_DEBOUNCE_MS = 300;

export interface DraftQueryState {
  result: QueryResult | null;
  loading: boolean;
  error: string | null;
}

/**
 * Runs the draft's query ~300 ms after its last change; a newer query cancels the request of
 * the previous one, so the chart always shows the latest draft.
 */
export function useDraftQuery(query: SemanticQuery | null): DraftQueryState {
  const key = query ? JSON.stringify(query) : null;
  const [state, setState] = useState<DraftQueryState>({
    result: null,
    loading: false,
    error: null,
  });

  useEffect(() => {
    if (key === null) {
      setState({ result: null, loading: false, error: null });
      return;
    }
    const controller = new AbortController();
    setState((current) => ({ ...current, loading: true, error: null }));
    const timer = setTimeout(() => {
      runQuery(JSON.parse(key) as SemanticQuery, controller.signal).then(
        (result) => setState({ result, loading: false, error: null }),
        (error: unknown) => {
          if (error instanceof CancelledError || controller.signal.aborted) return;
          const message = error instanceof Error ? error.message : String(error);
          setState({ result: null, loading: false, error: message });
        },
      );
    }, QUERY_DEBOUNCE_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [key]);

  return state;
}
