import { Suspense, lazy } from 'react';
import {
  Accordion,
  AccordionDetails,
  AccordionSummary,
  Alert,
  Box,
  LinearProgress,
  Stack,
  Typography,
} from '@mui/material';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import { useTranslate } from 'react-admin';
import type { Annotation } from '../../../common/api/annotations';
import type { ChartSpec } from '../../../common/charts';
import type { DraftQueryState } from './useDraftQuery';
import { reloadOnStaleChunk } from '../../ui/navigation/staleChunk';

// ECharts loads with the first chart drawn, not with the builder's form.
const Chart = lazy(
  reloadOnStaleChunk(() =>
    import('../../ui/charts/Chart').then((module) => ({ default: module.Chart })),
  ),
);

function ResultLine({ state }: { state: DraftQueryState }) {
  const translate = useTranslate();
  const { result } = state;
  if (!result) return null;
  return (
    <Typography variant="caption" color="text.secondary" component="p">
      {/* Each part isolated: right-to-left, "6 rows" must not become "rows · from cache 6". */}
      <bdi>
        {translate('charts.builder.rows', { smart_count: result.rowCount, count: result.rowCount })}
      </bdi>
      {result.cached && (
        <>
          {' · '}
          <bdi>{translate('charts.builder.cached')}</bdi>
        </>
      )}
      {result.truncated && (
        <>
          {' · '}
          <bdi>{translate('charts.builder.truncated', { count: result.rows.length })}</bdi>
        </>
      )}
    </Typography>
  );
}

/** The SQL the query engine ran, folded away until asked for. */
function SqlPanel({ sql }: { sql: string | undefined }) {
  const translate = useTranslate();
  if (!sql) return null;
  return (
    <Accordion disableGutters variant="outlined">
      <AccordionSummary expandIcon={<ExpandMoreIcon />}>
        <Typography variant="subtitle2">{translate('charts.builder.sql')}</Typography>
      </AccordionSummary>
      <AccordionDetails>
        <Box
          component="pre"
          aria-label={translate('charts.builder.sql')}
          sx={{ m: 0, whiteSpace: 'pre-wrap', fontFamily: 'monospace', fontSize: 13 }}
        >
          {sql}
        </Box>
      </AccordionDetails>
    </Accordion>
  );
}

/** The chart as the draft stands, with loading, error and empty states. */
export function ChartPreview({
  spec,
  state,
  emptyText,
  height = 420,
  annotations,
}: {
  spec: ChartSpec | null;
  state: DraftQueryState;
  emptyText: string;
  height?: number;
  /** events marked on a time chart (a saved chart's) */
  annotations?: Annotation[];
}) {
  const translate = useTranslate();
  if (!spec) {
    return (
      <Box sx={{ height, display: 'grid', placeItems: 'center', color: 'text.secondary' }}>
        <Typography>{emptyText}</Typography>
      </Box>
    );
  }
  return (
    <Stack spacing={1} component="section" aria-label={translate('charts.builder.preview')}>
      {state.loading && <LinearProgress aria-label={translate('charts.builder.running')} />}
      {state.error && (
        <Alert severity="error" role="alert">
          {translate('charts.builder.queryFailed', { message: state.error })}
        </Alert>
      )}
      {state.result && (
        <Box sx={{ height }}>
          <Suspense fallback={<LinearProgress />}>
            <Chart
              spec={spec}
              result={state.result}
              loading={state.loading}
              error={state.error}
              annotations={annotations}
            />
          </Suspense>
        </Box>
      )}
      <ResultLine state={state} />
      <SqlPanel sql={state.result?.sql} />
    </Stack>
  );
}
