import { Alert, Box, CircularProgress, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { ResultsGrid } from '../../analytics/ResultsGrid';
import type { RunState } from './useSqlRun';

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
      ]
        .filter(Boolean)
        .join(' · ');
      return (
        <Box>
          <Typography variant="body2" role="status" sx={{ mb: 1 }}>
            {summary}
          </Typography>
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
            <ResultsGrid columns={result.columns} rows={result.rows} height={440} />
          )}
        </Box>
      );
    }
  }
}
