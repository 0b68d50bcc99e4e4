import { Alert, Box, CircularProgress, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { useQuery } from '@tanstack/react-query';
import { previewDataset } from '../../ui/warehouse/analyticsApi';
import { ResultsGrid } from '../../ui/warehouse/ResultsGrid';

const PREVIEW_ROWS = 50;

/** The first rows of a saved dataset, loaded again when `version` changes (after a save). */
export function DatasetPreview({ datasetId, version }: { datasetId: number; version: string }) {
  const translate = useTranslate();
  const preview = useQuery({
    queryKey: ['datasetPreview', datasetId, version],
    queryFn: ({ signal }) => previewDataset(datasetId, PREVIEW_ROWS, signal),
    retry: false,
    refetchOnWindowFocus: false,
  });
  const result = preview.data ?? null;
  const error = preview.error?.message ?? null;

  let body;
  if (error)
    body = (
      <Alert severity="error">
        {translate('analytics.datasets.previewFailed', { message: error })}
      </Alert>
    );
  else if (!result)
    body = (
      <Box sx={{ display: 'flex', gap: 1, alignItems: 'center' }}>
        <CircularProgress size={18} />
        <Typography variant="body2">{translate('analytics.datasets.previewLoading')}</Typography>
      </Box>
    );
  else if (result.rows.length === 0)
    body = <Alert severity="info">{translate('analytics.datasets.previewEmpty')}</Alert>;
  else
    body = (
      <ResultsGrid
        columns={result.columns}
        rows={result.rows}
        height={360}
        label={translate('analytics.datasets.preview')}
      />
    );

  return (
    <Box component="section" sx={{ mt: 3 }} aria-label={translate('analytics.datasets.preview')}>
      <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
        {translate('analytics.datasets.previewTitle', { rows: PREVIEW_ROWS })}
      </Typography>
      {body}
    </Box>
  );
}
