import { Fragment, useRef } from 'react';
import { Alert, Box, CircularProgress, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import type { QueryResult } from '../../../common/analytics';
import { ResultsGrid } from '../../ui/warehouse/ResultsGrid';
import { useFillHeight } from '../../ui/useFillHeight';
import { ResultActions } from './ResultActions';
import type { RunState } from './useSqlRun';

/** The grid, as tall as the window leaves below it (it scrolls inside). */
function FillingGrid({ result }: { result: QueryResult }) {
  const ref = useRef<HTMLDivElement>(null);
  const height = useFillHeight(ref);
  return (
    <Box ref={ref}>
      <ResultsGrid columns={result.columns} rows={result.rows} height={height} />
    </Box>
  );
}

/** The explorer's result area: hint, running, error with its line, cancelled, or the grid. */
export function ExplorerResults({ state, runKeys }: { state: RunState; runKeys: string }) {
  const translate = useTranslate();
  switch (state.status) {
    case 'idle':
      return (
        <Alert severity="info">{translate('analytics.explorer.hint', { keys: runKeys })}</Alert>
      );
    case 'running':
      return (
        <Box sx={{ display: 'flex', gap: 1, alignItems: 'center' }} role="status">
          <CircularProgress size={18} />
          <Typography variant="body2">{translate('analytics.explorer.running')}</Typography>
        </Box>
      );
    case 'cancelled':
      return (
        <Alert severity="warning" role="status">
          {translate('analytics.explorer.cancelled')}
        </Alert>
      );
    case 'error':
      return (
        <Alert severity="error" role="alert">
          {state.error.line
            ? translate('analytics.explorer.errorAtLine', {
                line: state.error.line,
                message: state.error.message,
              })
            : state.error.message}
        </Alert>
      );
    case 'done': {
      const { result } = state;
      const summary = [
        translate('analytics.explorer.rows', {
          smart_count: result.rowCount,
          count: result.rowCount.toLocaleString(),
        }),
        translate('analytics.explorer.duration', { ms: Math.round(result.durationMs) }),
        result.cached ? translate('analytics.explorer.cached') : null,
      ].filter((part): part is string => part !== null);
      return (
        <Box>
          <Box
            sx={{
              display: 'flex',
              gap: 1,
              mb: 1,
              alignItems: 'center',
              justifyContent: 'space-between',
              flexWrap: 'wrap',
            }}
          >
            {/* Each part isolated: right-to-left, "4 rows" must not become "rows · 30 ms 4". */}
            <Typography variant="body2" role="status" data-testid="explorer-summary">
              {summary.map((part, index) => (
                <Fragment key={part}>
                  {index > 0 && ' · '}
                  <bdi>{part}</bdi>
                </Fragment>
              ))}
            </Typography>
            {result.columns.length > 0 && (
              <ResultActions result={result} sourceId={state.sourceId} sql={state.sql} />
            )}
          </Box>
          {result.truncated && (
            <Alert severity="info" sx={{ mb: 1 }}>
              {translate('analytics.explorer.truncated', {
                count: result.rows.length.toLocaleString(),
              })}
            </Alert>
          )}
          {result.columns.length === 0 || result.rows.length === 0 ? (
            <Alert severity="info">{translate('analytics.explorer.noRows')}</Alert>
          ) : (
            <FillingGrid result={result} />
          )}
        </Box>
      );
    }
  }
}
