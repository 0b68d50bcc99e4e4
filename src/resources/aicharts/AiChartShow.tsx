import { Box, LinearProgress, Paper, Typography } from '@mui/material';
import { ShowBase, Title, useRecordContext, useTranslate } from 'react-admin';
import type { SavedChart } from '../../../common/charts';
import { ChartPreview } from './ChartPreview';
import { useDraftQuery } from './useDraftQuery';
import { useTranslated } from '../../ui/translations/useContentLanguage';

function ShowBody() {
  const translate = useTranslate();
  const record = useRecordContext<SavedChart>();
  const state = useDraftQuery(record?.spec.query ?? null);
  // The chart's own title lives in its spec; its translations sit beside the name's.
  const texts = useTranslated(
    record && {
      name: record.name,
      title: record.spec.title,
      translations: record.translations,
    },
  );
  if (!record) return <LinearProgress />;
  return (
    <Box sx={{ py: 2 }}>
      <Title title={texts?.name ?? record.name} />
      <Paper variant="outlined" sx={{ p: 2 }}>
        <Typography variant="h6" component="h1">
          {texts?.title || texts?.name || record.name}
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
