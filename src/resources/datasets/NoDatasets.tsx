import { Box, Typography } from '@mui/material';
import TableChartIcon from '@mui/icons-material/TableChart';
import { CreateButton, useTranslate } from 'react-admin';
import { UploadDatasetButton } from './UploadDatasetButton';

/** The empty datasets list: the two ways to a first dataset, uploading a file first. */
export function NoDatasets() {
  const translate = useTranslate();
  return (
    <Box sx={{ textAlign: 'center', py: 6, px: 2 }}>
      <TableChartIcon sx={{ fontSize: 64, color: 'text.disabled' }} />
      <Typography variant="h6" component="p" sx={{ mt: 1 }}>
        {translate('analytics.datasets.empty.title')}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        {translate('analytics.datasets.empty.text')}
      </Typography>
      <Box sx={{ display: 'flex', gap: 1, justifyContent: 'center', flexWrap: 'wrap' }}>
        <UploadDatasetButton />
        <CreateButton />
      </Box>
    </Box>
  );
}
