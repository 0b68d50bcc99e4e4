import { cancelledError, timeoutError, type QueryError } from './queryError';

// The race every connector runs: its query against the time limit and the caller's abort
// signal. Whichever comes first is remembered and handed to the connector's own way of
// stopping the query at the source (pg_cancel_backend, KILL QUERY, a DuckDB interrupt, ending
// the SQLite worker).

/** Milliseconds since `started` (a performance.now() reading), to two decimals. */
export function elapsedSince(started: number): number {
  return Math.round((performance.now() - started) * 100) / 100;
}

export type StopReason = 'timeout' | 'cancel';

interface QueryDeadline {
  /** Why the query was stopped, once the clock or the signal stopped it. */
  readonly stopped: StopReason | undefined;
  /** The error of the stop, or of `otherwise` when neither the clock nor the signal stopped it. */
  error(otherwise: StopReason): QueryError;
  /** Stops watching the clock and the signal (call once the query is over). */
  dispose(): void;
}

/** The error of a query stopped for `reason`, naming the time limit on a timeout. */
export function stoppedError(reason: StopReason, timeoutMs: number): QueryError {
  return reason === 'cancel' ? cancelledError() : timeoutError(timeoutMs);
}

/**
 * Watches `limits`: `stopQuery` is called on the abort and when `timeoutMs` (plus `graceMs`,
 * for sources that enforce the limit themselves) has passed, each time with its reason.
 */
export function watchDeadline(
  limits: { timeoutMs: number; signal?: AbortSignal },
  stopQuery: (reason: StopReason) => void,
  graceMs = 0,
): QueryDeadline {
  let stopped: StopReason | undefined;
  const stop = (reason: StopReason) => {
    stopped ??= reason;
    stopQuery(reason);
  };
  const timer = setTimeout(() => stop('timeout'), limits.timeoutMs + graceMs);
  const onAbort = () => stop('cancel');
  limits.signal?.addEventListener('abort', onAbort, { once: true });
  return {
    get stopped() {
      return stopped;
    },
    error: (otherwise) => stoppedError(stopped ?? otherwise, limits.timeoutMs),
    dispose() {
      clearTimeout(timer);
      limits.signal?.removeEventListener('abort', onAbort);
    },
  };
}
