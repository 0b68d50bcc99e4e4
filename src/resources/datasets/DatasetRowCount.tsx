import { useState } from 'react';
import { Box, Button, CircularProgress, Typography } from '@mui/material';
import RefreshIcon from '@mui/icons-material/Refresh';
import { useNotify, useTranslate } from 'react-admin';
import { refreshDataset } from '../../ui/warehouse/analyticsApi';
import { useFormats } from '../../ui/i18n/formats';

/** The stored row count of a dataset, with a button that counts again at the source. */
export function DatasetRowCount({
  datasetId,
  rowCount,
}: {
  datasetId: number;
  rowCount?: number | null;
}) {
  const translate = useTranslate();
  const formats = useFormats();
  const notify = useNotify();
  const [count, setCount] = useState<number | null | undefined>(rowCount);
  const [busy, setBusy] = useState(false);

  const refresh = async () => {
    setBusy(true);
    try {
      const answer = await refreshDataset(datasetId);
      setCount(typeof answer?.rowCount === 'number' ? answer.rowCount : null);
    } catch (failure) {
      notify('analytics.datasets.refreshFailed', {
        type: 'error',
        messageArgs: { message: failure instanceof Error ? failure.message : String(failure) },
      });
    } finally {
      setBusy(false);
    }
  };

  return (
    <Box sx={{ display: 'flex', gap: 2, alignItems: 'center' }}>
      <Typography variant="body1" role="status" aria-live="polite">
        {typeof count === 'number'
          ? translate('analytics.datasets.rowCount', { count: formats.number(count) })
          : translate('analytics.datasets.rowCountUnknown')}
      </Typography>
      <Button
        size="small"
        onClick={refresh}
        disabled={busy}
        startIcon={busy ? <CircularProgress size={14} /> : <RefreshIcon />}
      >
        {translate('analytics.datasets.refresh')}
      </Button>
    </Box>
  );
}
