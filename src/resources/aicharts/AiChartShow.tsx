import { Box, LinearProgress, Paper, Typography } from '@mui/material';
import { ShowBase, Title, useRecordContext, useTranslate } from 'react-admin';
import type { SavedChart } from '../../../common/charts';
import { ChartPreview } from './ChartPreview';
import { useDraftQuery } from './useDraftQuery';

function ShowBody() {
  const translate = useTranslate();
  const record = useRecordContext<SavedChart>();
  const state = useDraftQuery(record?.spec.query ?? null, record?.spec);
  if (!record) return <LinearProgress />;
  return (
    <Box sx={{ py: 2 }}>
      <Title title={record.name} />
      <Paper variant="outlined" sx={{ p: 2 }}>
        <Typography variant="h6" component="h1">
          {record.spec.title || record.name}
        </Typography>
        {record.description && (
          <Typography color="text.secondary" gutterBottom>
            {record.description}
          </Typography>
        )}
        <ChartPreview
          spec={record.spec}
          state={state}
          emptyText={translate('charts.builder.pickFields')}
        />
      </Paper>
    </Box>
  );
}

/** A saved chart, read-only (what viewers open from the list). */
export default function AiChartShow() {
  return (
    <ShowBase>
      <ShowBody />
    </ShowBase>
  );
}
