import { useCallback, useEffect, useRef, useState } from 'react';
import type { QueryResult } from '../../../common/analytics';
import { runSql } from '../../ui/warehouse/analyticsApi';
import { sqlErrorInfo, type SqlErrorInfo } from './sqlErrorPosition';
import { CancelledError } from '../../ui/api/httpClient';

// One explorer run at a time: running again or cancelling aborts the request in flight, and
// the server cancels the query at the source when the request closes.

const EXPLORER_ROW_LIMIT = 10_000;

export type RunState =
  | { status: 'idle' }
  | { status: 'running' }
  | { status: 'done'; result: QueryResult; sourceId: number; sql: string }
  | { status: 'error'; error: SqlErrorInfo }
  | { status: 'cancelled' };

export function useSqlRun() {
  const [state, setState] = useState<RunState>({ status: 'idle' });
  const controllerRef = useRef<AbortController | null>(null);

  const run = useCallback(async (sourceId: number, sql: string): Promise<RunState> => {
    controllerRef.current?.abort();
    const controller = new AbortController();
    controllerRef.current = controller;
    setState({ status: 'running' });
    let next: RunState;
    try {
      const result = await runSql({ sourceId, sql, limit: EXPLORER_ROW_LIMIT }, controller.signal);
      next = { status: 'done', result, sourceId, sql };
    } catch (failure) {
      next =
        failure instanceof CancelledError || controller.signal.aborted
          ? { status: 'cancelled' }
          : { status: 'error', error: sqlErrorInfo(failure) };
    }
    // A newer run replaced this one: its state wins.
    if (controllerRef.current === controller) {
      controllerRef.current = null;
      setState(next);
    }
    return next;
  }, []);

  const cancel = useCallback(() => {
    controllerRef.current?.abort();
  }, []);

  const reset = useCallback(() => {
    controllerRef.current?.abort();
    controllerRef.current = null;
    setState({ status: 'idle' });
  }, []);

  useEffect(() => () => controllerRef.current?.abort(), []);

  return { state, run, cancel, reset };
}
